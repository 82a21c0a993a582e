import { existsSync, readFileSync, statSync } from 'node:fs'
import { REPO } from './doc-blocks.ts'

/**
 * The anchors GitHub gives a markdown text's headings: lower case, punctuation dropped, spaces as hyphens, a repeated
 * one suffixed `-1`, `-2` …
 *
 * @example
 * headingAnchors('## Run it\n## Browsers, CORS and transport limits') // Set { 'run-it', 'browsers-cors-and-transport-limits' }
 */
export function headingAnchors(text: string): Set<string> {
  const anchors = new Set<string>()
  const seen = new Map<string, number>()
  for (const match of withoutFences(text).matchAll(/^#{1,6} +(.+?) *#* *$/gm)) {
    const title = match[1]!.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    const slug = title.toLowerCase().replace(/[^\p{L}\p{N}\p{M} _-]/gu, '').replaceAll(' ', '-')
    const count = seen.get(slug) ?? 0
    seen.set(slug, count + 1)
    anchors.add(count === 0 ? slug : `${slug}-${count}`)
  }
  return anchors
}

/** The text without fenced blocks (their lines left empty, so line numbers hold), where `#` starts no heading. */
function withoutFences(text: string): string {
  return text.replace(/^```[^\n]*\n[\s\S]*?^```[ \t]*$/gm, (block) => block.replace(/[^\n]/g, ''))
}

/** The text without fenced blocks and inline code, where `](` is no link. */
function withoutCode(text: string): string {
  return withoutFences(text).replace(/`[^`\n]*`/g, '')
}

/** A link of a document, with its 1-based line. */
export interface DocLink {
  target: string
  line: number
}

/** Every markdown link and image (`[t](x)`, `![a](x)`, `<img src="x">`) of a text, code aside. */
export function links(text: string): DocLink[] {
  const plain = withoutCode(text)
  const found: DocLink[] = []
  for (const match of plain.matchAll(/\]\(([^)\s]+)(?: "[^"]*")?\)|<img[^>]*\ssrc="([^"]+)"/g)) {
    found.push({ target: (match[1] ?? match[2])!, line: plain.slice(0, match.index).split('\n').length })
  }
  return found
}

/**
 * Why a link of `file` does not resolve, or `undefined` when it does: a relative file that is missing, an anchor its
 * target has no heading for, an http(s) address that is not a URL (external links are not fetched).
 */
export function brokenLink(file: string, target: string): string | undefined {
  if (/^https?:/.test(target)) return URL.canParse(target) ? undefined : 'is not a valid URL'
  if (/^[a-z]+:/.test(target)) return `uses the scheme ${target.split(':')[0]}, which no check covers`
  const [path, anchor] = target.split('#') as [string, string | undefined]
  const resolved = path === '' ? new URL(file, REPO) : new URL(path, new URL(file, REPO))
  if (!resolved.href.startsWith(REPO.href)) return 'points outside the repository'
  if (!existsSync(resolved)) return `names ${resolved.href.slice(REPO.href.length)}, which does not exist`
  if (anchor === undefined) return undefined
  if (statSync(resolved).isDirectory() || !resolved.pathname.endsWith('.md')) return `has an anchor into something that is not markdown`
  return headingAnchors(readFileSync(resolved, 'utf8')).has(anchor) ? undefined : `has #${anchor}, which no heading of ${resolved.href.slice(REPO.href.length)} makes`
}

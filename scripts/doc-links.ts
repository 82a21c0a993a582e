import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { docFiles, REPO } from './doc-blocks.ts'

/** A markdown heading: its level (1 for `#`), its text as written and the anchor GitHub gives it. */
interface Heading {
  level: number
  title: string
  anchor: string
}

/**
 * A markdown text's headings, in order, with the anchors GitHub gives them: lower case, punctuation dropped, spaces
 * as hyphens, a repeated one suffixed `-1`, `-2` …
 *
 * @example
 * headings('# Guide\n## Run it')[1] // { level: 2, title: 'Run it', anchor: 'run-it' }
 */
function headings(text: string): Heading[] {
  const found: Heading[] = []
  const seen = new Map<string, number>()
  for (const match of withoutFences(text).matchAll(/^(#{1,6}) +(.+?) *#* *$/gm)) {
    const title = match[2]!
    const slug = title
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
      .replaceAll(' ', '-')
    const count = seen.get(slug) ?? 0
    seen.set(slug, count + 1)
    found.push({ level: match[1]!.length, title, anchor: count === 0 ? slug : `${slug}-${count}` })
  }
  return found
}

/**
 * The anchors GitHub gives a markdown text's headings (see `headings`).
 *
 * @example
 * headingAnchors('## Run it\n## Browsers, CORS and transport limits') // Set { 'run-it', 'browsers-cors-and-transport-limits' }
 */
export function headingAnchors(text: string): Set<string> {
  return new Set(headings(text).map((heading) => heading.anchor))
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
  if (statSync(resolved).isDirectory() || !resolved.pathname.endsWith('.md'))
    return `has an anchor into something that is not markdown`
  return headingAnchors(readFileSync(resolved, 'utf8')).has(anchor)
    ? undefined
    : `has #${anchor}, which no heading of ${resolved.href.slice(REPO.href.length)} makes`
}

/** Every markdown document whose links must resolve: README.md and every .md file under docs/, the decision records included. */
export function linkedDocs(): string[] {
  const nested = readdirSync(new URL('docs/', REPO), { recursive: true, encoding: 'utf8' })
    .map((name) => `docs/${name.replaceAll('\\', '/')}`)
    .filter((name) => name.endsWith('.md') && !docFiles().includes(name))
    .sort()
  return [...docFiles(), ...nested]
}

/**
 * Every link of a document's text that does not resolve, as `file:line target why`.
 *
 * @example
 * brokenLinksOf('README.md', '[guide](docs/nothing.md)') // ['README.md:1 docs/nothing.md names docs/nothing.md, which does not exist']
 */
export function brokenLinksOf(file: string, text: string): string[] {
  return links(text).flatMap(({ target, line }) => {
    const why = brokenLink(file, target)
    return why === undefined ? [] : [`${file}:${line} ${target} ${why}`]
  })
}

/**
 * What keeps a guide page (docs/*.md) from being one: it starts with its `#` title, links back to the README, and
 * before its first `##` heading lists every `##` heading, in order, as `- [title](#anchor)` (its table of contents).
 *
 * @example
 * guidePageProblems('# A\n\n[Back to the README](../README.md)\n\n- [B](#b)\n\n## B\n') // []
 */
export function guidePageProblems(text: string): string[] {
  const problems: string[] = []
  if (!/^# \S/.test(text)) problems.push('does not start with a # title')
  if (!links(text).some(({ target }) => target === '../README.md' || target.startsWith('../README.md#')))
    problems.push('has no link back to ../README.md')
  const sections = headings(text)
    .filter((heading) => heading.level === 2)
    .map((heading) => `- [${heading.title}](#${heading.anchor})`)
  const plain = withoutFences(text)
  const firstSection = plain.search(/^## /m)
  const before = firstSection === -1 ? plain : plain.slice(0, firstSection)
  const contents = before.split('\n').filter((line) => /^- \[.*\]\(#[^)]*\)$/.test(line))
  if (contents.join('\n') !== sections.join('\n')) {
    problems.push(
      `has a table of contents that is not its ## headings in order:\n  contents: ${contents.join(' ') || '(none)'}\n  headings: ${sections.join(' ') || '(none)'}`,
    )
  }
  return problems
}

/**
 * `npx tsx scripts/subpath-imports.ts [--check]`: the `#` subpath-imports codemod (decision 0097). In every source
 * of sandbox/, harness/, fixtures/, scenarios/, scripts/ and bench/, an import that leaves its room for another
 * room of package.json "imports" becomes `#room/…`, and a `#room/…` import within its own room becomes relative.
 * Idempotent: a second run changes nothing. With `--check` it writes nothing and exits 1 when a file would change.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, posix, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import {
  relativeSpecifier,
  roomOfPath,
  roomOfSpecifier,
  SUBPATH_ROOMS,
  type SubpathRoom,
} from './subpath-specifiers.ts'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
const FOLDERS = ['sandbox', 'harness', 'fixtures', 'scenarios', 'scripts', 'bench']

/**
 * What an import specifier of `file` (a repository path) should be: `#room/…` when it leaves the file's room for
 * another room, relative when it stays in its room; any other specifier as it is.
 *
 * @example
 * subpathSpecifier('sandbox/http/route.ts', '../kernel/tenant.ts') // '#kernel/tenant.ts'
 * subpathSpecifier('sandbox/http/routes/a.ts', '#http/route.ts') // '../route.ts'
 */
export function subpathSpecifier(
  file: string,
  specifier: string,
  rooms: readonly SubpathRoom[] = SUBPATH_ROOMS,
): string {
  const own = roomOfPath(file, rooms)
  if (specifier.startsWith('.')) {
    const target = posix.normalize(posix.join(posix.dirname(file), specifier))
    const room = roomOfPath(target, rooms)
    return room === undefined || room === own ? specifier : room.prefix + target.slice(room.folder.length)
  }
  const room = roomOfSpecifier(specifier, rooms)
  return room === undefined || room !== own
    ? specifier
    : relativeSpecifier(file, room.folder + specifier.slice(room.prefix.length))
}

/**
 * A source's text with each import specifier (static, type-only, re-export, literal dynamic `import()`) as
 * {@link subpathSpecifier} says, read with TypeScript's pre-processor so an import-like string in a comment stays.
 */
export function rewriteImports(file: string, text: string, rooms: readonly SubpathRoom[] = SUBPATH_ROOMS): string {
  const { importedFiles } = ts.preProcessFile(text, true, true)
  let rewritten = text
  // From the last to the first, so each edit leaves the positions before it as they were.
  for (const { fileName, pos } of [...importedFiles].sort((a, b) => b.pos - a.pos)) {
    const start = pos + 1
    if (!`'"`.includes(text[pos]!) || text.slice(start, start + fileName.length) !== fileName) continue
    const next = subpathSpecifier(file, fileName, rooms)
    if (next !== fileName) rewritten = rewritten.slice(0, start) + next + rewritten.slice(start + fileName.length)
  }
  return rewritten
}

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourcesUnder(path)
    return entry.name.endsWith('.ts') ? [path] : []
  })
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes('--check')
  const changed: string[] = []
  for (const path of FOLDERS.flatMap((folder) => sourcesUnder(join(ROOT, folder)))) {
    const text = readFileSync(path, 'utf8')
    const rewritten = rewriteImports(relative(ROOT, path).split('\\').join('/'), text)
    if (rewritten === text) continue
    changed.push(relative(ROOT, path))
    if (!check) writeFileSync(path, rewritten)
  }
  process.stdout.write(
    `${changed.length} file(s) ${check ? 'would change' : 'changed'}${changed.length > 0 && check ? `:\n${changed.join('\n')}` : ''}\n`,
  )
  if (check && changed.length > 0) process.exitCode = 1
}

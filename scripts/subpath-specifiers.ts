/**
 * The `#room/…` subpath imports (package.json "imports", decision 0097): which rooms there are, and the two ways a
 * specifier is rewritten: to `#room/…` by the codemod (scripts/subpath-imports.ts) when an import leaves its room,
 * and back to a relative `.js` path in what `npm run build` emits, where tsc leaves `#` specifiers as written.
 */
import { readFileSync } from 'node:fs'
import { posix } from 'node:path'

/** One room: its specifier prefix (`#kernel/`) and the repository folder it names (`sandbox/kernel/`). */
export interface SubpathRoom {
  readonly prefix: string
  readonly folder: string
}

/**
 * The rooms of a package.json's "imports", each a `#room/*` → `./folder/*` pattern (the only form this package uses).
 *
 * @example
 * subpathRooms({ '#kernel/*': './sandbox/kernel/*' }) // [{ prefix: '#kernel/', folder: 'sandbox/kernel/' }]
 */
export function subpathRooms(imports: Record<string, string>): SubpathRoom[] {
  return Object.entries(imports).map(([pattern, target]) => {
    if (!/^#[a-z-]+\/\*$/.test(pattern) || !/^\.\/[a-z/-]+\/\*$/.test(target))
      throw new Error(`package.json imports: ${pattern} → ${target} is not a #room/* → ./folder/* pattern`)
    return { prefix: pattern.slice(0, -1), folder: target.slice(2, -1) }
  })
}

/** The rooms of this repository's package.json. */
export const SUBPATH_ROOMS: readonly SubpathRoom[] = subpathRooms(
  (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { imports: Record<string, string> })
    .imports,
)

/** The room a repository path (`sandbox/kernel/tenant.ts`) sits in, if any. */
export const roomOfPath = (path: string, rooms: readonly SubpathRoom[] = SUBPATH_ROOMS) =>
  rooms.find(({ folder }) => path.startsWith(folder))

/** The room a `#room/…` specifier names, if any. */
export const roomOfSpecifier = (specifier: string, rooms: readonly SubpathRoom[] = SUBPATH_ROOMS) =>
  rooms.find(({ prefix }) => specifier.startsWith(prefix))

/** A relative specifier from `file` to `target` (both repository paths), starting `./` or `../`. */
export function relativeSpecifier(file: string, target: string): string {
  const path = posix.relative(posix.dirname(file), target)
  return path.startsWith('.') ? path : `./${path}`
}

/**
 * An emitted file's text (`.js` or `.d.ts`, at `file`, a path under the output root that mirrors the repository's)
 * with each quoted `#room/x.ts` specifier made the relative `.js` path to the emitted file beside it: tsc's
 * `rewriteRelativeImportExtensions` leaves `#` specifiers as written, and the published package ships no sources
 * for package.json "imports" to name.
 *
 * @example
 * rewriteSubpathSpecifiers("import { a } from '#kernel/tenant.ts'", 'sandbox/http/route.js') // "import { a } from '../kernel/tenant.js'"
 */
export function rewriteSubpathSpecifiers(
  text: string,
  file: string,
  rooms: readonly SubpathRoom[] = SUBPATH_ROOMS,
): string {
  return text.replace(/(['"])(#[a-z-]+\/[^'"\s]+?)\.(?:ts|js)\1/g, (written, quote: string, specifier: string) => {
    const room = roomOfSpecifier(specifier, rooms)
    return room === undefined
      ? written
      : `${quote}${relativeSpecifier(file, room.folder + specifier.slice(room.prefix.length))}.js${quote}`
  })
}

/** The `#room/` specifiers left in an emitted file's text (none, once rewritten). */
export const subpathSpecifiersIn = (text: string, rooms: readonly SubpathRoom[] = SUBPATH_ROOMS) =>
  [...text.matchAll(/(['"])(#[a-z-]+\/[^'"\s]*)\1/g)]
    .map((match) => match[2]!)
    .filter((specifier) => roomOfSpecifier(specifier, rooms) !== undefined)

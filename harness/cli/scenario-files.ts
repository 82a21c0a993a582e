import { existsSync, readdirSync, statSync } from 'node:fs'
import { isAbsolute, join, relative, resolve, sep } from 'node:path'

/** Where `ramp-sandbox scenarios` looks when given no glob: every scenario file under `scenarios/` of the working directory. */
export const DEFAULT_SCENARIO_GLOB = 'scenarios/**/*.scenario.{ts,js,mjs}'

/** The file names a directory argument expands to. */
const IN_DIRECTORY = '**/*.scenario.{ts,js,mjs}'

const GLOB_CHARS = /[*?{}[\]]/

/** A glob (`*`, `**`, `?`, `{a,b}`) as a regular expression over `/`-separated paths. */
export function globToRegExp(glob: string): RegExp {
  let source = ''
  let braces = 0
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i]!
    if (char === '*' && glob[i + 1] === '*') {
      // `**/` matches zero or more directories; a trailing `**` anything.
      const slash = glob[i + 2] === '/'
      source += slash ? '(?:[^/]*/)*' : '.*'
      i += slash ? 2 : 1
    } else if (char === '*') source += '[^/]*'
    else if (char === '?') source += '[^/]'
    else if (char === '{') {
      braces++
      source += '(?:'
    } else if (char === '}' && braces > 0) {
      braces--
      source += ')'
    } else if (char === ',' && braces > 0) source += '|'
    else source += char.replace(/[.+^$()|[\]\\]/g, '\\$&')
  }
  return new RegExp(`^${source}$`)
}

/** Every file under `dir`, as paths relative to it with `/`; skips `node_modules` and dot-directories (nobody keeps scenarios there). */
function walk(dir: string, prefix = ''): string[] {
  const out: string[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue
      out.push(...walk(join(dir, entry.name), `${prefix}${entry.name}/`))
    } else if (entry.isFile()) out.push(`${prefix}${entry.name}`)
  }
  return out
}

/** The files one argument names: a file, a directory's scenario files, or the files a glob matches. */
function filesOf(argument: string, cwd: string): string[] {
  const path = resolve(cwd, argument)
  if (!GLOB_CHARS.test(argument) && existsSync(path)) {
    if (!statSync(path).isDirectory()) return [path]
    return filesOf(
      join(relative(cwd, path) || '.', IN_DIRECTORY)
        .split(sep)
        .join('/'),
      cwd,
    )
  }
  const pattern = (isAbsolute(argument) ? argument : join(cwd, argument)).split(sep).join('/')
  // Walk from the longest directory prefix without glob characters.
  const segments = pattern.split('/')
  const firstGlob = segments.findIndex((segment) => GLOB_CHARS.test(segment))
  if (firstGlob === -1) return []
  const base = segments.slice(0, firstGlob).join('/') || '/'
  if (!existsSync(base) || !statSync(base).isDirectory()) return []
  const matcher = globToRegExp(segments.slice(firstGlob).join('/'))
  return walk(base)
    .filter((file) => matcher.test(file))
    .map((file) => join(base, file))
}

/**
 * The scenario files that globs, directories or file paths name, relative to `cwd`; with none,
 * {@link DEFAULT_SCENARIO_GLOB}. Absolute paths, without duplicates, sorted (the order sharding relies on).
 *
 * @example
 * findScenarioFiles([], '/app') // ['/app/scenarios/checkout/card.scenario.ts', …]
 * findScenarioFiles(['e2e/**\/*.scenario.mjs', 'more/one.scenario.ts'], '/app')
 */
export function findScenarioFiles(globs: string[], cwd: string): string[] {
  const files = (globs.length === 0 ? [DEFAULT_SCENARIO_GLOB] : globs).flatMap((glob) => filesOf(glob, cwd))
  return [...new Set(files.map((file) => resolve(file)))].sort()
}

/**
 * A scenario's id: its path relative to `cwd`, with `/`, without `.scenario.ts` (or `.js`, `.mjs`, any extension).
 *
 * @example
 * scenarioId('/app/scenarios/checkout/card.scenario.ts', '/app') // 'scenarios/checkout/card'
 */
export function scenarioId(file: string, cwd: string): string {
  const path = relative(cwd, file).split(sep).join('/')
  return path.replace(/\.scenario\.[cm]?[jt]s$/, '').replace(/\.[cm]?[jt]s$/, '')
}

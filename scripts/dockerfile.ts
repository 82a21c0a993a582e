/**
 * The Dockerfile and `.dockerignore` read as Docker reads them, for the tests that check the image without a Docker
 * engine (`dockerfile.test.ts`, `dockerfile-build.test.ts`; issue 37). Only what this repository's Dockerfile uses is
 * understood; anything else is refused by name rather than half-understood.
 */

/** One instruction: its keyword (upper case) and the rest of its line, continuation lines joined. */
export interface Instruction {
  keyword: string
  args: string
}

/** One build stage: its base image, its name (`FROM … AS name`), and its instructions after `FROM`. */
export interface Stage {
  base: string
  name: string | undefined
  instructions: Instruction[]
}

/**
 * The Dockerfile's stages in order.
 *
 * @example
 * parseDockerfile('FROM node:20-slim AS build\nWORKDIR /app\n')
 * // [{ base: 'node:20-slim', name: 'build', instructions: [{ keyword: 'WORKDIR', args: '/app' }] }]
 */
export function parseDockerfile(text: string): Stage[] {
  const stages: Stage[] = []
  // Docker drops comment lines before it joins continuations, so a comment inside a continued instruction is no end.
  const lines = text.split('\n').filter((line) => !line.trim().startsWith('#'))
  const instructions = lines
    .join('\n')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
  for (const line of instructions) {
    const [keyword = '', ...rest] = line.split(/\s+/)
    const instruction = { keyword: keyword.toUpperCase(), args: rest.join(' ') }
    if (instruction.keyword === 'FROM') {
      const [base = '', as, name] = rest
      if (rest.length !== 1 && (rest.length !== 3 || as?.toUpperCase() !== 'AS'))
        throw new Error(`FROM ${instruction.args}: only FROM <image> [AS <name>] is understood`)
      stages.push({ base, name, instructions: [] })
    } else {
      const stage = stages.at(-1)
      if (!stage) throw new Error(`${instruction.keyword} before any FROM`)
      stage.instructions.push(instruction)
    }
  }
  return stages
}

/** `["a", "b"]` (exec form) or `a b` (shell form) as words. */
export function words(args: string): string[] {
  return args.startsWith('[') ? (JSON.parse(args) as string[]) : args.split(/\s+/).filter((word) => word !== '')
}

/** A `.dockerignore` pattern as a regular expression over a context-relative path (`/`-separated, no leading `/`). */
function patternRegExp(pattern: string): RegExp {
  if (/[[\]\\]/.test(pattern))
    throw new Error(`.dockerignore pattern ${pattern}: character classes and escapes are not understood here`)
  let source = ''
  for (let index = 0; index < pattern.length; index += 1) {
    const char = pattern[index]!
    if (char === '*' && pattern[index + 1] === '*') {
      // `**` spans any number of folders, `**/` none as well.
      const slash = pattern[index + 2] === '/'
      source += slash ? '(?:.*/)?' : '.*'
      index += slash ? 2 : 1
    } else if (char === '*') source += '[^/]*'
    else if (char === '?') source += '[^/]'
    else source += char.replace(/[.+^${}()|]/g, '\\$&')
  }
  // A pattern that names a folder leaves out everything in it.
  return new RegExp(`^${source}(?:/.*)?$`)
}

/**
 * Whether a `.dockerignore` leaves a context-relative path out of the build context: Docker's rules (patterns from
 * the context's root, `*` and `?` within one path segment, `**` across segments, `!` to take a path back, the last
 * matching line wins), not git's (`*.log` is the root's only).
 *
 * @example
 * const ignored = dockerignoreMatcher('node_modules\n*.log\n')
 * ignored('node_modules/zod/index.js') // true
 * ignored('logs/a.log') // false
 */
export function dockerignoreMatcher(text: string): (path: string) => boolean {
  const rules = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const exception = line.startsWith('!')
      const pattern = (exception ? line.slice(1) : line).trim().replace(/^\/+/, '').replace(/\/+$/, '')
      return { exception, pattern: patternRegExp(pattern) }
    })
  return (path) => {
    let ignored = false
    for (const rule of rules) if (rule.pattern.test(path)) ignored = !rule.exception
    return ignored
  }
}

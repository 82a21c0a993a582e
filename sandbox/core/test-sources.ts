import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : []
  })
}

/**
 * Every line of the TypeScript sources under `root` (tests left out), trimmed, with where it is: for tests that scan
 * the sources for a pattern that must not come back.
 *
 * @example
 * sourceLines(new URL('..', import.meta.url).pathname).filter(({ line }) => /===/.test(line))
 */
export function sourceLines(root: string): Array<{ line: string; where: string; file: string }> {
  return sourceFiles(root).flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .map((line, index) => ({ line: line.trim(), where: `${relative(root, file)}:${index + 1}`, file: relative(root, file) })),
  )
}

import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = new URL('..', import.meta.url).pathname

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sources(path)
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : []
  })
}

/**
 * A line comparing a signature with `===`/`!==`: a `.sign(` result, or a `signature` value. A check of its
 * type (`typeof x.signature === 'string'`) or against null, undefined or a literal is not a signature check.
 */
const PLAIN_COMPARISON = [/\.sign\(.*\)\s*[!=]==|[!=]==\s*[\w.]*\.sign\(/, /(?<!typeof [\w.?]*)\bsignature\s*[!=]==(?!\s*(null\b|undefined\b|'))|[!=]==\s*[\w.]*[sS]ignature\b/]

describe('signature checks', () => {
  it('go through tenant.verify (constant time): no source compares a signature with === or !==', () => {
    const offenders = sources(ROOT).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, index) => ({ line: line.trim(), where: `${relative(ROOT, file)}:${index + 1}` }))
        .filter(({ line }) => PLAIN_COMPARISON.some((pattern) => pattern.test(line))),
    )
    expect(offenders).toEqual([])
  })
})

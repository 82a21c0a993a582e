import { describe, expect, it } from 'vitest'
import { sourceLines } from './test-sources.ts'

const ROOT = new URL('..', import.meta.url).pathname

/**
 * A line comparing a signature with `===`/`!==`: a `.sign(` result, or a `signature` value. A check of its
 * type (`typeof x.signature === 'string'`) or against null, undefined or a literal is not a signature check.
 */
const PLAIN_COMPARISON = [/\.sign\(.*\)\s*[!=]==|[!=]==\s*[\w.]*\.sign\(/, /(?<!typeof [\w.?]*)\bsignature\s*[!=]==(?!\s*(null\b|undefined\b|'))|[!=]==\s*[\w.]*[sS]ignature\b/]

describe('signature checks', () => {
  it('go through tenant.verify (constant time): no source compares a signature with === or !==', () => {
    const offenders = sourceLines(ROOT).filter(({ line }) => PLAIN_COMPARISON.some((pattern) => pattern.test(line)))
    expect(offenders.map(({ line, where }) => ({ line, where }))).toEqual([])
  })
})

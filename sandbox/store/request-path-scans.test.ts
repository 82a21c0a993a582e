import { describe, expect, it } from 'vitest'
import { sourceLines } from '../core/test-sources.ts'

const ROOT = new URL('..', import.meta.url).pathname

/** A scan of a tenant collection: `store.<collection>.filter(` or `.all()`, on one line or across a line break. */
const SCAN = /\b(?:store|this)\.(customers|sessions|cards|transactions|uploads|challenges)\s*\.(filter|all)\(/

/** Where a scan is the point: the control API's listing of every fixture customer (its answer is the whole list). */
const ALLOWED = new Set(['domain/fixture-customers.ts'])

describe('tenant store lookups', () => {
  it('use an index on every request path: no source scans a collection with filter() or all()', () => {
    const lines = sourceLines(ROOT).filter(({ file }) => !ALLOWED.has(file) && !file.startsWith('store/'))
    const scans = lines.filter(({ line, file }, index) => SCAN.test(lines[index + 1]?.file === file ? `${line}${lines[index + 1]!.line}` : line))
    expect(scans.map(({ line, where }) => ({ line, where }))).toEqual([])
  })
})

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { FAST_CHECK_SEED } from './fast-check-seed.ts'

describe('fast-check in the suite', () => {
  it('runs every property from the fixed seed', () => {
    expect(fc.readConfigureGlobal().seed).toBe(FAST_CHECK_SEED)
    expect(fc.sample(fc.integer(), 5)).toEqual(fc.sample(fc.integer(), { numRuns: 5, seed: FAST_CHECK_SEED }))
  })

  it('names that seed in the report of a failed property', () => {
    const report = fc.check(fc.property(fc.integer(), (n) => n < 100))
    expect(report.failed).toBe(true)
    expect(report.seed).toBe(FAST_CHECK_SEED)
    expect(fc.defaultReportMessage(report)).toContain(`seed: ${FAST_CHECK_SEED}`)
  })
})

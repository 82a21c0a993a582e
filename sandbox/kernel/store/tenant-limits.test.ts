import { describe, expect, it } from 'vitest'
import { DEFAULT_TENANT_LIMITS } from './tenant-limits.ts'

/**
 * What decisions 0051 and 0103 measured (`npm run bench:full-memory`), in bytes of heap: an account kept (its tenant,
 * a store reading the shared seed, a session), a record made at run time, and a journal's character.
 */
const MEASURED = { account: 13 * 1024, runTimeRecord: 1_200, journalChar: 111 / 128, process: 16 * 1024 * 1024 }
/** The heap the worst case measured 380 MB of RSS at: what the defaults must not exceed. */
const HEAP_AT_THE_BOUND = 145 * 1024 * 1024

describe('DEFAULT_TENANT_LIMITS', () => {
  it('leave every account slot room for 20 records of its own: the seed they share takes none', () => {
    expect(DEFAULT_TENANT_LIMITS.records / DEFAULT_TENANT_LIMITS.tenants).toBeGreaterThanOrEqual(20)
  })

  it('fit, at their fullest, the heap decision 0051 measured under 400 MB of RSS', () => {
    const { tenants, records, journals } = DEFAULT_TENANT_LIMITS
    const heap =
      MEASURED.process + tenants * MEASURED.account + records * MEASURED.runTimeRecord + journals * MEASURED.journalChar
    expect(heap).toBeLessThanOrEqual(HEAP_AT_THE_BOUND)
  })
})

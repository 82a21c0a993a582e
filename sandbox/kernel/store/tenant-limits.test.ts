import { describe, expect, it } from 'vitest'
import { DEFAULT_TENANT_LIMITS } from './tenant-limits.ts'

/**
 * What decision 0103 measured (`npm run bench:full-memory -- 2000`), in bytes of heap: the process, an account kept
 * (its tenant, a store reading the shared seed, a session), a record made at run time, a character of the journals
 * (small entries, the costliest), and a byte of run-time state (faults with 64 KiB answer bodies, the costliest).
 */
const MEASURED = {
  process: 16.5 * 1024 * 1024,
  account: 13 * 1024,
  runTimeRecord: 1_443,
  journalChar: 1.52,
  byteOfState: 2,
}
/** The heap at which every limit at once measured 373 MB of RSS after full collections: under the 400 MB bound. */
const HEAP_AT_THE_BOUND = 215 * 1024 * 1024

describe('DEFAULT_TENANT_LIMITS', () => {
  it('leave every account slot room for 20 records of its own: the seed they share takes none', () => {
    expect(DEFAULT_TENANT_LIMITS.records / DEFAULT_TENANT_LIMITS.tenants).toBeGreaterThanOrEqual(20)
  })

  it('fit, at their fullest, the heap decision 0103 measured under 400 MB of RSS', () => {
    const { tenants, records, journals, bytes } = DEFAULT_TENANT_LIMITS
    const heap =
      MEASURED.process +
      tenants * MEASURED.account +
      records * MEASURED.runTimeRecord +
      journals * MEASURED.journalChar +
      bytes * MEASURED.byteOfState
    expect(heap).toBeLessThanOrEqual(HEAP_AT_THE_BOUND)
  })
})

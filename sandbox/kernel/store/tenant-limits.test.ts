import { describe, expect, it } from 'vitest'
import { buildCatalog, buildTenantSeed } from '#fixtures/index.ts'
import { DEFAULT_TENANT_LIMITS } from './tenant-limits.ts'

/** What decision 0051 measured (`npm run bench:full-memory`), in bytes of heap. */
const MEASURED = { seededRecord: 1_860, runTimeRecord: 1_200, fullJournal: 111 * 1024, process: 14 * 1024 * 1024 }
/** The heap the worst case measured 380 MB of RSS at: what the defaults must not exceed. */
const HEAP_AT_THE_BOUND = 145 * 1024 * 1024

describe('DEFAULT_TENANT_LIMITS', () => {
  const seededPerAccount = (() => {
    const seed = buildTenantSeed(1, 'limits', 'test', buildCatalog(1))
    return seed.customers.length + seed.cards.length + seed.transactions.length
  })()

  it("leave the record budget room for every account slot's seed, and some for run-time records", () => {
    const seeds = DEFAULT_TENANT_LIMITS.tenants * seededPerAccount
    expect(DEFAULT_TENANT_LIMITS.records - seeds).toBeGreaterThanOrEqual(5_000)
  })

  it('fit, at their fullest, the heap decision 0051 measured under 400 MB of RSS', () => {
    const { tenants, records } = DEFAULT_TENANT_LIMITS
    const seeds = tenants * seededPerAccount
    const heap =
      MEASURED.process +
      seeds * MEASURED.seededRecord +
      (records - seeds) * MEASURED.runTimeRecord +
      tenants * MEASURED.fullJournal
    expect(heap).toBeLessThanOrEqual(HEAP_AT_THE_BOUND)
  })
})

import { describe, expect, it } from 'vitest'
import { createSandboxCore } from '#http/sandbox-core.ts'
import { magicCustomers } from '#fixtures/magic-customers.ts'

/** A pause that yields to the event loop and counts how often it was awaited. */
function countingPause() {
  const pause = Object.assign(() => new Promise<void>((resolve) => setImmediate(() => (pause.count++, resolve()))), {
    count: 0,
  })
  return pause
}

/** A seed no other test of this file's worker builds: its shared seed is drawn here, the first time. */
const FRESH_SEED = 4_243

describe("building a new account's store", () => {
  it('draws the shared seed once per seed and mode, in slices: one per active customer at least', async () => {
    const pause = countingPause()
    const core = createSandboxCore({ seed: FRESH_SEED, pause })
    await core.tenants.get('first', 'test').store()
    expect(pause.count).toBeGreaterThanOrEqual(magicCustomers.filter((spec) => spec.active).length)
    const afterFirst = pause.count
    await core.tenants.get('second', 'test').store()
    expect(pause.count).toBe(afterFirst)
  })

  it('gives a new account a store that reads the shared seed and holds none of it: the record budget counts none', async () => {
    const core = createSandboxCore({ seed: FRESH_SEED + 1 })
    await core.tenants.get('shared_seed_drawn', 'test').store()
    const before = core.tenants.usage().records.held
    const store = await core.tenants.get('newcomer', 'test').store()
    expect(store.customers.size + store.cards.size + store.transactions.size).toBeGreaterThan(100)
    expect(core.tenants.usage().records.held).toBe(before)
  })

  it("builds new accounts' stores in the order they were asked for", async () => {
    const core = createSandboxCore({ seed: FRESH_SEED + 2, pause: countingPause() })
    const built: string[] = []
    await Promise.all(
      ['first', 'second', 'third'].map((account) =>
        core.tenants
          .get(account, 'test')
          .store()
          .then(() => built.push(account)),
      ),
    )
    expect(built).toEqual(['first', 'second', 'third'])
  })
})

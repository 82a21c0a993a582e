import { describe, expect, it } from 'vitest'
import { createSandboxCore } from '#http/sandbox-core.ts'

/** A pause that yields to the event loop and counts how often it was awaited. */
function countingPause() {
  const pause = Object.assign(() => new Promise<void>((resolve) => setImmediate(() => (pause.count++, resolve()))), {
    count: 0,
  })
  return pause
}

describe("building a new account's store", () => {
  it('pauses at least once every 32 records', async () => {
    const pause = countingPause()
    const core = createSandboxCore({ pause })
    const store = await core.tenants.get('slices', 'test').store()
    const records = store.customers.size + store.cards.size + store.transactions.size
    expect(records).toBeGreaterThan(100)
    expect(pause.count).toBeGreaterThanOrEqual(Math.floor(records / 32))
  })

  it('lets work queued on the event loop run before the store is built', async () => {
    const core = createSandboxCore({ pause: () => new Promise((resolve) => setImmediate(resolve)) })
    await core.tenants.get('store_module_loaded', 'test').store()
    const building = core.tenants.get('neighbour', 'test').store()
    let ranMeanwhile = false
    setImmediate(() => (ranMeanwhile = true))
    await building
    expect(ranMeanwhile).toBe(true)
  })

  it("builds new accounts' stores one after the other, first come first served", async () => {
    const pause = countingPause()
    const core = createSandboxCore({ pause })
    // The core's first build also draws the seed's template (fixtures/tenant-seed.ts): done beforehand, so the two
    // builds compared are alike.
    await core.tenants.get('template', 'test').store()
    pause.count = 0
    const first = core.tenants.get('first', 'test').store()
    const second = core.tenants.get('second', 'test').store()
    const pausesWhenFirstWasBuilt = await first.then(() => pause.count)
    await second
    // Both builds pause equally often: the first was done before the second paused once.
    expect(pausesWhenFirstWasBuilt * 2).toBe(pause.count)
  })
})

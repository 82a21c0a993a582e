import { describe, expect, it } from 'vitest'
import { SandboxSnapshot, StoreSnapshot } from '#contract/index.ts'
import { createSandboxCore } from '../sandbox-core.ts'
import { swapAccount, swapCalls } from './swap-test-kit.ts'

/** A sandbox's snapshot as a state file keeps it: JSON text, parsed back. */
async function stateFile(core: ReturnType<typeof createSandboxCore>): Promise<SandboxSnapshot> {
  return SandboxSnapshot.parse(JSON.parse(JSON.stringify(await core.snapshot())))
}

describe('swaps in the state file', () => {
  it('are kept, read by the same token, and go on with their steps on the clock after a restore', async () => {
    const core = createSandboxCore({ seed: 1 })
    const account = await swapAccount(core)
    const { id } = await account.waitingForDeposit('usdc-eth', 100)
    await account.deposit(id, 100)
    const before = await account.swap(id)

    const restored = createSandboxCore({ seed: 1 })
    await restored.restore(await stateFile(core))
    const again = swapCalls(restored, account)
    expect(await again.swap(id)).toEqual(before)
    await again.advance(40_000)
    expect((await again.swap(id)).status).toBe('completed')
  })

  it('are none in a state file written before swaps', () => {
    const { swaps: _swaps, ...old } = StoreSnapshot.parse({
      customers: [],
      sessions: [],
      cards: [],
      transactions: [],
      uploads: [],
      challenges: [],
      usedConsents: [],
      counters: [],
      seeded: { customers: 0, cards: 0, transactions: 0 },
    })
    expect(StoreSnapshot.parse(old).swaps).toEqual([])
  })
})

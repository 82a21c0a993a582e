import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { SandboxSnapshot, TenantSnapshot } from '#contract/index.ts'
import type { StateParts } from '#kernel/sandbox-snapshot.ts'
import { createSandboxCore } from '#http/sandbox-core.ts'
import { send } from '#http/test-request.ts'
import { readStateFile } from './state-file.ts'
import { StateSaver } from './state-saver.ts'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ramp-saver-'))
})
afterEach(() => rm(dir, { recursive: true, force: true }))

/** A core with two accounts, and the parts of its state with one of them made unserialisable on demand (a BigInt in its settings). */
async function twoAccounts() {
  const core = createSandboxCore()
  for (const account of ['good', 'bad'])
    await send(core, 'POST /__sandbox/clock/advance', {
      headers: { 'x-api-key': `sk_test_${account}` },
      body: { by: '1m' },
    })
  let poisoned = false
  const parts = (): StateParts => {
    const { header, accounts } = core.stateParts()
    if (!poisoned) return { header, accounts }
    return {
      header,
      accounts: accounts.map((account) =>
        account.id !== 'bad:test'
          ? account
          : {
              id: account.id,
              take: async () => ({ ...((await account.take()) as TenantSnapshot), settings: { poison: 1n } as never }),
            },
      ),
    }
  }
  return { core, parts, poison: (on: boolean) => (poisoned = on) }
}

const advancedMs = (file: SandboxSnapshot, account: string) =>
  file.tenants.find((tenant) => tenant.account === account)?.clock

describe('StateSaver', () => {
  it("saves the other accounts when one cannot be serialised, keeping that one's last saved state", async () => {
    const { core, parts, poison } = await twoAccounts()
    const path = join(dir, 'state.json')
    const saver = new StateSaver(path, parts, { quietMs: 1, maxDelayMs: 5 }, () => undefined)
    await saver.save()
    const before = (await readStateFile(path))!
    poison(true)
    for (const account of ['good', 'bad'])
      await send(core, 'POST /__sandbox/clock/advance', {
        headers: { 'x-api-key': `sk_test_${account}` },
        body: { by: '1h' },
      })
    await saver.save()
    const after = (await readStateFile(path))!
    expect(advancedMs(after, 'good')).not.toEqual(advancedMs(before, 'good'))
    expect(advancedMs(after, 'bad')).toEqual(advancedMs(before, 'bad'))
    expect(after.tenants.map((tenant) => tenant.account).sort()).toEqual(['bad', 'good'])
  })

  it('takes and serialises each account in a turn of the event loop of its own, so a save of many never holds it for all', async () => {
    const core = createSandboxCore()
    for (let i = 0; i < 12; i++)
      expect(
        (await send(core, 'GET /__sandbox/fixtures', { headers: { 'x-api-key': `sk_test_many${i}` } })).status,
      ).toBe(200)
    await Promise.all(core.tenants.all().map((tenant) => tenant.store()))
    // Turns counted by a ticker, not time measured: a scheduler's pause on a loaded machine cannot fail this, and a
    // writer serialising every account before it writes (or between two yields) takes two of them in the same turn.
    let turns = 0
    let ticking = true
    const tick = () => {
      turns++
      if (ticking) setImmediate(tick)
    }
    setImmediate(tick)
    const takenInTurn: number[] = []
    const parts = (): StateParts => {
      const all = core.stateParts()
      return {
        ...all,
        accounts: all.accounts.map((account) => ({
          id: account.id,
          take: () => (takenInTurn.push(turns), account.take()),
        })),
      }
    }
    const path = join(dir, 'state.json')
    const saver = new StateSaver(path, parts, { quietMs: 1, maxDelayMs: 5 }, () => undefined)
    await saver.save()
    ticking = false
    expect(saver.status().state).toBe('ok')
    expect((await readStateFile(path))!.tenants).toHaveLength(12)
    expect(takenInTurn).toHaveLength(12)
    expect(takenInTurn.filter((turn, index) => index > 0 && turn <= takenInTurn[index - 1]!)).toEqual([])
  })

  it('reports every failed save, says so in its status until a save succeeds, then says ok', async () => {
    const { parts, poison } = await twoAccounts()
    const warnings: string[] = []
    const saver = new StateSaver(join(dir, 'state.json'), parts, { quietMs: 1, maxDelayMs: 5 }, (message) =>
      warnings.push(message),
    )
    poison(true)
    await saver.save()
    await saver.save()
    expect(warnings).toHaveLength(2)
    expect(warnings[1]).toMatch(
      /could not save the state file .*: 1 account could not be serialised \(Do not know how to serialize a BigInt\).*failed 2 times in a row; will retry/,
    )
    expect(saver.status()).toMatchObject({ state: 'failing', failedSaves: 2, unsavedAccounts: 1 })
    poison(false)
    await saver.save()
    expect(saver.status()).toMatchObject({ state: 'ok', lastSavedAt: expect.any(String) })
    expect(warnings).toHaveLength(2)
  })

  it('reports a file it cannot write at all, every time', async () => {
    const { parts } = await twoAccounts()
    const warnings: string[] = []
    const saver = new StateSaver(join(dir, 'gone', 'state.json'), parts, { quietMs: 1, maxDelayMs: 5 }, (message) =>
      warnings.push(message),
    )
    await saver.save()
    await saver.save()
    expect(warnings).toHaveLength(2)
    expect(saver.status()).toMatchObject({
      state: 'failing',
      failedSaves: 2,
      unsavedAccounts: 0,
      message: expect.stringContaining('ENOENT'),
    })
  })
})

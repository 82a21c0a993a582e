import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { SandboxSnapshot } from '../../contract/index.ts'
import { createSandboxCore } from '../../http/sandbox-core.ts'
import { send } from '../../http/test-request.ts'
import { StateSaver } from './state-saver.ts'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ramp-saver-'))
})
afterEach(() => rm(dir, { recursive: true, force: true }))

/** A core with two accounts, and a snapshot taker that can make one of them unserialisable (a BigInt in its settings). */
async function twoAccounts() {
  const core = createSandboxCore()
  for (const account of ['good', 'bad']) await send(core, 'POST /__sandbox/clock/advance', { headers: { 'x-api-key': `sk_test_${account}` }, body: { by: '1m' } })
  let poisoned = false
  const take = async (): Promise<SandboxSnapshot> => {
    const snapshot = await core.snapshot()
    if (!poisoned) return snapshot
    return { ...snapshot, tenants: snapshot.tenants.map((tenant) => (tenant.account === 'bad' ? { ...tenant, settings: { ...tenant.settings, poison: 1n } as never } : tenant)) }
  }
  return { core, take, poison: (on: boolean) => (poisoned = on) }
}

const advancedMs = (file: SandboxSnapshot, account: string) => file.tenants.find((tenant) => tenant.account === account)?.clock

describe('StateSaver', () => {
  it("saves the other accounts when one cannot be serialised, keeping that one's last saved state", async () => {
    const { core, take, poison } = await twoAccounts()
    const path = join(dir, 'state.json')
    const saver = new StateSaver(path, take, { quietMs: 1, maxDelayMs: 5 }, () => undefined)
    await saver.save()
    const before = JSON.parse(await readFile(path, 'utf8')) as SandboxSnapshot
    poison(true)
    for (const account of ['good', 'bad']) await send(core, 'POST /__sandbox/clock/advance', { headers: { 'x-api-key': `sk_test_${account}` }, body: { by: '1h' } })
    await saver.save()
    const after = JSON.parse(await readFile(path, 'utf8')) as SandboxSnapshot
    expect(advancedMs(after, 'good')).not.toEqual(advancedMs(before, 'good'))
    expect(advancedMs(after, 'bad')).toEqual(advancedMs(before, 'bad'))
    expect(after.tenants.map((tenant) => tenant.account).sort()).toEqual(['bad', 'good'])
  })

  it('reports every failed save, says so in its status until a save succeeds, then says ok', async () => {
    const { take, poison } = await twoAccounts()
    const warnings: string[] = []
    const saver = new StateSaver(join(dir, 'state.json'), take, { quietMs: 1, maxDelayMs: 5 }, (message) => warnings.push(message))
    poison(true)
    await saver.save()
    await saver.save()
    expect(warnings).toHaveLength(2)
    expect(warnings[1]).toMatch(/could not save the state file .*: 1 account could not be serialised \(Do not know how to serialize a BigInt\).*failed 2 times in a row; will retry/)
    expect(saver.status()).toMatchObject({ state: 'failing', failedSaves: 2, unsavedAccounts: 1 })
    poison(false)
    await saver.save()
    expect(saver.status()).toMatchObject({ state: 'ok', lastSavedAt: expect.any(String) })
    expect(warnings).toHaveLength(2)
  })

  it('reports a file it cannot write at all, every time', async () => {
    const { take } = await twoAccounts()
    const warnings: string[] = []
    const saver = new StateSaver(join(dir, 'gone', 'state.json'), take, { quietMs: 1, maxDelayMs: 5 }, (message) => warnings.push(message))
    await saver.save()
    await saver.save()
    expect(warnings).toHaveLength(2)
    expect(saver.status()).toMatchObject({ state: 'failing', failedSaves: 2, unsavedAccounts: 0, message: expect.stringContaining('ENOENT') })
  })
})

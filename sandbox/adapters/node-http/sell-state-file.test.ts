import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { StoreSnapshot } from '#contract/index.ts'
import { startServer, type RunningSandbox } from './start-server.ts'

const SK = { 'x-api-key': 'sk_test_sellstate', 'content-type': 'application/json' }
const FAST = { quietMs: 10, maxDelayMs: 50 }

let dir: string
let path: string
const running: RunningSandbox[] = []

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ramp-sell-state-'))
  path = join(dir, 'state.json')
})
afterEach(async () => {
  await Promise.all(running.splice(0).map((sandbox) => sandbox.close()))
  await rm(dir, { recursive: true, force: true })
})

async function start(): Promise<RunningSandbox> {
  const sandbox = await startServer({
    port: 0,
    framesPort: 0,
    saveTiming: FAST,
    logger: () => undefined,
    stateFile: path,
  })
  running.push(sandbox)
  return sandbox
}

async function stop(sandbox: RunningSandbox): Promise<void> {
  running.splice(running.indexOf(sandbox), 1)
  await sandbox.close()
}

const post = (sandbox: RunningSandbox, path: string, body: unknown) =>
  fetch(`${sandbox.apiUrl}${path}`, { method: 'POST', headers: SK, body: JSON.stringify(body) })
const read = async (sandbox: RunningSandbox, id: string) =>
  (await (await fetch(`${sandbox.apiUrl}/v3/sell_transactions/${id}?apiKey=pk_test_sellstate`)).json()) as Record<
    string,
    unknown
  >

describe('--state-file and sell transactions', () => {
  it('keeps a sell across a restart, and its settlement still happens on the clock', async () => {
    const first = await start()
    const created = (await (
      await post(first, '/__sandbox/sell_transactions', {
        baseCurrencyCode: 'eth',
        quoteCurrencyCode: 'usd',
        baseCurrencyAmount: 0.5,
        externalTransactionId: 'kept',
      })
    ).json()) as { data: { id: string } }
    const { id } = created.data
    expect((await post(first, `/__sandbox/sell_transactions/${id}/deposit`, { amount: 0.5 })).status).toBe(200)
    const before = await read(first, id)
    await stop(first)
    const second = await start()
    expect(await read(second, id)).toEqual(before)
    const byExt = (await (
      await fetch(`${second.apiUrl}/v3/sell_transactions/ext/kept?apiKey=pk_test_sellstate`)
    ).json()) as Array<{ id: string }>
    expect(byExt.map((sell) => sell.id)).toEqual([id])
    expect((await post(second, '/__sandbox/clock/advance', { by: '20s' })).status).toBe(200)
    expect((await read(second, id)).status).toBe('completed')
  })

  it('reads a store snapshot written before sells as holding none', () => {
    const old = {
      customers: [],
      sessions: [],
      cards: [],
      transactions: [],
      uploads: [],
      challenges: [],
      usedConsents: [],
      counters: [],
      seeded: { customers: 0, cards: 0, transactions: 0 },
    }
    expect(StoreSnapshot.parse(old).sellTransactions).toEqual([])
  })
})

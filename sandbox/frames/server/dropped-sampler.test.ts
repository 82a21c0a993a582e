import { describe, expect, it } from 'vitest'
import { platformAccount } from '#http/routes/platform-test-kit.ts'
import { createSandboxCore } from '#http/sandbox-core.ts'
import { send } from '#http/test-request.ts'
import { journalsDrop } from './dropped-sampler.ts'
import { framesHandler } from './frames-test-kit.ts'
import { framesClient } from './frames-test-kit.ts'

const core = createSandboxCore({
  journalSize: 1000,
  origins: { api: 'http://127.0.0.1:4010', frames: 'http://127.0.0.1:4011' },
})
const frames = framesHandler(core)

const { call, ticketOf } = framesClient(frames)

describe('journalsDrop', () => {
  it('journals the first five drops of a channel, then the 10th, 100th, 1 000th', () => {
    expect(Array.from({ length: 20_000 }, (_, i) => i + 1).filter(journalsDrop)).toEqual([
      1, 2, 3, 4, 5, 10, 100, 1_000, 10_000,
    ])
  })
})

describe('a frame flooded with foreign messages', () => {
  it("keeps the partner's handshake and API calls in the journal, and a sample of the drops with their running count", async () => {
    const account = platformAccount(core)
    const apiKey = `pk_test_${account.account}`
    const ticket = await ticketOf('reset', { apiKey }, 'flooded')
    expect(
      (await call('POST', '/__frames/event', { ticket, direction: 'out', message: { kind: 'handshake' } })).status,
    ).toBe(204)
    await send(core, `GET /v3/currencies?apiKey=${apiKey}`)
    for (let i = 0; i < 1_500; i++) {
      const reply = await call('POST', '/__frames/event', {
        ticket,
        direction: 'dropped',
        message: { origin: 'https://intruder.example', reason: 'not from the parent window' },
      })
      expect(reply.status).toBe(204)
    }
    const entries = account.tenant().journal.list({})
    expect(entries.some((entry) => entry.kind === 'frame' && entry.event === 'handshake')).toBe(true)
    expect(entries.some((entry) => entry.kind === 'api' && entry.path === '/v3/currencies')).toBe(true)
    const drops = entries.flatMap((entry) =>
      entry.kind === 'frame' && entry.direction === 'dropped'
        ? [entry.payload as { count: number; origin: string }]
        : [],
    )
    expect(drops.map((drop) => drop.count)).toEqual([1, 2, 3, 4, 5, 10, 100, 1_000])
    expect(drops[0]).toEqual({ origin: 'https://intruder.example', reason: 'not from the parent window', count: 1 })
  }, 60_000)

  it('refuses a dropped report that is not an origin and a reason, naming the field', async () => {
    const account = platformAccount(core)
    const ticket = await ticketOf('reset', { apiKey: `pk_test_${account.account}` }, 'flooded-2')
    const reply = await call('POST', '/__frames/event', {
      ticket,
      direction: 'dropped',
      message: { reason: 'x'.repeat(600), origin: 'o' },
    })
    expect(reply.status).toBe(400)
    expect(reply.body).toMatchObject({ message: 'message.reason must be at most 512 characters long' })
  })
})

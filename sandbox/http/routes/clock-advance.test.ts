import { z } from 'zod'
import { describe, expect, it } from 'vitest'
import { ClockState, dataOf } from '#contract/index.ts'
import { createSandboxCore, type SandboxOptions } from '../sandbox-core.ts'
import { conforms, send } from '../test-request.ts'

/** What the node adapter hands the core: a turn of the event loop for whatever waits on it. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve))

const Advanced = dataOf(ClockState.extend({ firedTimers: z.number().int() }))

/** An account holding `count` due jobs, scheduled straight on its clock (cheap: each finds no challenge and ends). */
async function accountWithDueJobs(name: string, count: number, options: SandboxOptions = {}) {
  const core = createSandboxCore({ pause: yieldToEventLoop, ...options })
  const tenant = core.tenants.get(name, 'test')
  const store = await tenant.store()
  const start = tenant.clock.now()
  for (let i = 0; i < count; i++)
    tenant.scheduleJob(store, {
      kind: 'challenge:expire',
      at: start + 1_000 + (i % 997),
      challengeId: `chl_missing${i}`,
    })
  return { core, tenant, headers: { 'x-api-key': `sk_test_${name}` } }
}

/** Counts the turns of the event loop until the returned stop is called. */
function countTurns(): () => number {
  let turns = 0
  let counting = true
  const turn = () => {
    if (!counting) return
    turns++
    setImmediate(turn)
  }
  setImmediate(turn)
  return () => {
    counting = false
    return turns
  }
}

describe('POST /__sandbox/clock/advance over many due jobs', () => {
  it('lets the event loop turn many times while one advance runs 25 000 jobs, and answers once every one has run', async () => {
    const { core, tenant, headers } = await accountWithDueJobs('manyjobs', 25_000)
    const stop = countTurns()
    const advanced = await send(core, 'POST /__sandbox/clock/advance', { headers, body: { by: '1h' } })
    const turns = stop()
    expect(advanced.status).toBe(200)
    expect(conforms(Advanced, advanced.body).data.firedTimers).toBe(25_000)
    expect(tenant.jobs.size).toBe(0)
    expect(turns).toBeGreaterThanOrEqual(10)
  })

  it("answers another account's request while one account's advance is still running its jobs", async () => {
    const { core, headers } = await accountWithDueJobs('busyclock', 25_000)
    const answered: string[] = []
    const advance = send(core, 'POST /__sandbox/clock/advance', { headers, body: { by: '1h' } }).then((reply) =>
      answered.push(`advance ${reply.status}`),
    )
    await yieldToEventLoop()
    const other = await send(core, 'GET /__sandbox/clock', { headers: { 'x-api-key': 'sk_test_quietclock' } })
    answered.push(`other ${other.status}`)
    await advance
    expect(answered).toEqual(['other 200', 'advance 200'])
  })

  it('lets the event loop turn while a request first runs the 25 000 jobs wall time made due, on a realtime clock', async () => {
    let wall = 0
    const { core, tenant, headers } = await accountWithDueJobs('walljobs', 25_000, { wall: () => wall })
    wall += 5_000
    const stop = countTurns()
    const read = await send(core, 'GET /__sandbox/clock', { headers })
    const turns = stop()
    expect(read.status).toBe(200)
    expect(tenant.jobs.size).toBe(0)
    expect(turns).toBeGreaterThanOrEqual(10)
  })
})

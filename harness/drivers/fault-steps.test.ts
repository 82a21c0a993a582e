import { describe, expect, it } from 'vitest'
import { defineScenario, ref, type Step } from '../scenario.ts'
import { buyQuoteBody, connectCustomer, magic } from '../steps.ts'
import { runInNode } from './node-driver.ts'

const rateLimited = (times: number): Step => ({
  control: 'fault',
  fault: {
    method: 'POST',
    path: '/platform/v1/quotes/buy',
    status: 429,
    responseHeaders: { 'retry-after': '30' },
    times,
  },
})
const quote = (retry?: number): Step => ({
  client: 'getQuote',
  accessToken: ref('conn.credentials.accessToken'),
  body: buyQuoteBody({ amount: 100, method: 'apple_pay' }),
  as: 'q',
  ...(retry === undefined ? {} : { retry }),
})
const scenario = (...steps: Step[]) =>
  defineScenario({
    title: 't',
    tags: [],
    steps: [...connectCustomer(magic.usNy), ...steps, { api: 'GET /__sandbox/clock', as: 'clock' }],
    expect: {},
  })

describe('the node driver’s fault steps', () => {
  it('retries a 429 after advancing the tenant clock by its Retry-After', async () => {
    const recording = await runInNode(scenario(rateLimited(1), quote(1)))
    expect(recording.results.q).toMatchObject({ status: 200, attempts: [429, 200] })
    expect(recording.results.clock).toMatchObject({ body: { data: { now: '2026-01-01T00:00:30.000Z' } } })
  })

  it('keeps the last refusal when the retries run out', async () => {
    const recording = await runInNode(scenario(rateLimited(3), quote(2)))
    expect(recording.results.q).toMatchObject({ status: 429, attempts: [429, 429, 429] })
  })

  it('does not retry without retry', async () => {
    const recording = await runInNode(scenario(rateLimited(1), quote()))
    expect(recording.results.q).toMatchObject({ status: 429, attempts: [429] })
  })

  it('names a fault as stored with as, and clears faults', async () => {
    const recording = await runInNode(
      scenario(
        { control: 'fault', as: 'f', fault: { method: 'POST', path: '/platform/v1/quotes/buy', status: 503 } },
        { control: 'clearFaults' },
        quote(),
      ),
    )
    expect(recording.results.f).toMatchObject({ id: expect.stringMatching(/^fault_/), status: 503, remaining: 1 })
    expect(recording.results.q).toMatchObject({ status: 200, attempts: [200] })
  })

  it('fails the run with the sandbox’s reason when it refuses a fault', async () => {
    await expect(
      runInNode(scenario({ control: 'fault', fault: { path: '/__sandbox/clock', status: 500 } })),
    ).rejects.toThrow(/refused the fault \(400\): path: path cannot target the control API/)
  })
})

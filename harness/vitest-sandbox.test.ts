import { describe, expect, it } from 'vitest'
import mismatch from '#scenarios/connect/mismatch.scenario.ts'
import headlessCardBuy from '#scenarios/payments/headless-card-buy.scenario.ts'
import webhooksCardBuy from '#scenarios/webhooks/card-buy-completed.scenario.ts'
import { checkScenario } from './check-scenario.ts'
import './vitest-matchers.ts'
import type { Scenario } from './scenario.ts'
import { ScenarioFailed } from './scenario-failed.ts'
import { useSandbox } from './vitest-sandbox.ts'

const sandbox = useSandbox()

describe('useSandbox', () => {
  it('gives each test an isolated tenant', async () => {
    const a = sandbox.tenant()
    const b = sandbox.tenant()
    await sandbox.request(a, 'POST /__sandbox/clock/advance', { body: { by: '1h' } })
    expect((await sandbox.request(b, 'GET /__sandbox/clock')).body).toMatchObject({
      data: { now: '2026-01-01T00:00:00.000Z' },
    })
  })

  it("runs a scenario in the tenant and reads the frames' events from its journal", async () => {
    const tenant = sandbox.tenant()
    const recording = await sandbox.run(tenant, mismatch)
    expect(checkScenario(mismatch, recording)).toEqual([])
    expect(await tenant.frameEvents()).toEmitSequence([
      { kind: 'handshake' },
      { kind: 'complete', payload: { mismatch: true } },
    ])
  })

  it("rejects with ScenarioFailed naming each unmet expectation when the scenario's expect is wrong", async () => {
    const wrong: Scenario = {
      ...mismatch,
      expect: {
        channels: { check: { events: [{ kind: 'handshake' }, { kind: 'complete', payload: { status: 'active' } }] } },
      },
    }
    const failed = await sandbox.run(sandbox.tenant(), wrong).then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(failed).toBeInstanceOf(ScenarioFailed)
    expect((failed as ScenarioFailed).failures).toEqual([expect.stringContaining('channel check (exact)')])
    expect((failed as ScenarioFailed).message).toContain(`scenario "${mismatch.title}" missed its expectations`)
  })
})

describe('useSandbox, webhooks', () => {
  const received: Array<Promise<unknown>> = []
  const hooked = useSandbox({ webhooks: (request) => void received.push(request.json()) })

  it('hands the tenant’s webhooks to the given function in process, and settles them', async () => {
    const tenant = hooked.tenant()
    expect(
      (
        await hooked.request(tenant, 'POST /__sandbox/webhooks/endpoints', {
          body: { url: 'http://127.0.0.1:3000/hooks', events: ['transaction_created'] },
        })
      ).status,
    ).toBe(201)
    await hooked.run(tenant, headlessCardBuy)
    expect(await hooked.settleWebhooks(tenant)).toEqual({ deliveries: 1, pending: 0, delivered: 1, failed: 0 })
    expect(await Promise.all(received)).toEqual([expect.objectContaining({ type: 'transaction_created' })])
  })

  it('runs a scenario that listens for webhooks, its endpoint going to the harness', async () => {
    const recording = await hooked.run(hooked.tenant(), webhooksCardBuy)
    expect(recording.webhooks.map((webhook) => webhook.kind)).toEqual(
      expect.arrayContaining(['transaction_created', 'transaction_updated']),
    )
  })
})

describe('useSandbox, fetch', () => {
  it("reaches the tenant through the sandbox's fetch, which partner code takes with its base URL", async () => {
    const tenant = sandbox.tenant()
    // Partner code as it is written: a base URL and a fetch, both given.
    const sellQuote = async (baseUrl: string, fetcher: typeof fetch, apiKey: string) =>
      (
        await fetcher(
          `${baseUrl}/v3/currencies/eth/sell_quote?apiKey=${apiKey}&quoteCurrencyCode=usd&baseCurrencyAmount=0.5`,
        )
      ).json() as Promise<{ baseCurrencyAmount: number }>
    expect(await sellQuote(sandbox.baseUrl, sandbox.fetch as typeof fetch, tenant.publishableKey)).toMatchObject({
      baseCurrencyAmount: 0.5,
    })
    await expect(tenant).toHaveReceived({ method: 'GET', path: '/v3/currencies/eth/sell_quote' }, { times: 1 })
  })

  it('answers for the origin the options name, and no other', async () => {
    const named = useSandbox({ origins: { api: 'http://127.0.0.1:4010', frames: 'http://127.0.0.1:4011' } })
    expect(named.baseUrl).toBe('http://127.0.0.1:4010')
    expect((await named.fetch('http://127.0.0.1:4010/v3/currencies?apiKey=pk_test_named')).status).toBe(200)
    await expect(named.fetch(`${sandbox.baseUrl}/v3/currencies?apiKey=pk_test_named`)).rejects.toThrow(TypeError)
  })
})

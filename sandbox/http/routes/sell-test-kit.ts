import { expect } from 'vitest'
import { SellTransaction, WebhookEndpointWithSecret, dataOf } from '#contract/index.ts'
import { handlerTransport } from '#kernel/webhook-transport.ts'
import { createSandboxCore, type SandboxCore } from '../sandbox-core.ts'
import { conforms, send } from '../test-request.ts'

/** A sell webhook as a receiver parses it. */
interface ReceivedSellEvent {
  type: string
  data: SellTransaction
}

let counter = 0

/**
 * A fresh account (in a core whose webhooks arrive in process, an endpoint for every event) and helpers to start a
 * sell through the control API, record its deposit, advance the clock, read it and see the webhooks so far.
 *
 * @example
 * const flow = await sellFlow(); const sell = await flow.create(); await flow.deposit(sell.id, sell.baseCurrencyAmount)
 */
export async function sellFlow(options: { mode?: 'test' | 'live'; core?: SandboxCore } = {}) {
  const bodies: Array<Promise<string>> = []
  const core =
    options.core ??
    createSandboxCore({ webhookTransport: handlerTransport((request) => void bodies.push(request.text())) })
  const mode = options.mode ?? 'test'
  const account = `sell${++counter}`
  const sk = { 'x-api-key': `sk_${mode}_${account}` }
  const pk = `pk_${mode}_${account}`
  conforms(
    dataOf(WebhookEndpointWithSecret),
    (await send(core, 'POST /__sandbox/webhooks/endpoints', { headers: sk, body: { url: 'http://127.0.0.1:9/hooks' } }))
      .body,
  )
  const tenant = core.tenants.get(account, mode)
  const flow = {
    core,
    sk,
    pk,
    tenant,
    /** `POST /__sandbox/sell_transactions` with `body` over 0.5 ETH for USD; the raw answer. */
    async createRaw(body: Record<string, unknown> = {}) {
      const response = await send(core, 'POST /__sandbox/sell_transactions', {
        headers: sk,
        body: { baseCurrencyCode: 'eth', quoteCurrencyCode: 'usd', baseCurrencyAmount: 0.5, ...body },
      })
      await tenant.background.settled()
      return response
    },
    /** A new sell (201 expected). */
    async create(body: Record<string, unknown> = {}): Promise<SellTransaction> {
      const response = await flow.createRaw(body)
      expect(response.status, JSON.stringify(response.body)).toBe(201)
      return conforms(dataOf(SellTransaction), response.body).data
    },
    /** `POST /__sandbox/sell_transactions/{id}/deposit`; the raw answer. */
    async deposit(id: string, amount: number, hash?: string) {
      const response = await send(core, `POST /__sandbox/sell_transactions/${id}/deposit`, {
        headers: sk,
        body: { amount, ...(hash === undefined ? {} : { hash }) },
      })
      await tenant.background.settled()
      return response
    },
    /** Advances the tenant clock and waits for the webhooks it caused. */
    async advance(ms: number) {
      expect((await send(core, 'POST /__sandbox/clock/advance', { headers: sk, body: { by: `${ms}ms` } })).status).toBe(
        200,
      )
      await tenant.background.settled()
    },
    /** The sell as `GET /v3/sell_transactions/{id}` shows it. */
    async read(id: string): Promise<SellTransaction> {
      const response = await send(core, `GET /v3/sell_transactions/${id}?apiKey=${pk}`)
      expect(response.status).toBe(200)
      return conforms(SellTransaction, response.body)
    },
    /** Every webhook received so far, in order. */
    async events(): Promise<ReceivedSellEvent[]> {
      return (await Promise.all(bodies)).map((text) => JSON.parse(text) as ReceivedSellEvent)
    },
  }
  return flow
}

/** Each stage's status, in order. */
export const sellStages = (sell: SellTransaction) => sell.stages.map((stage) => stage.status).join(' ')

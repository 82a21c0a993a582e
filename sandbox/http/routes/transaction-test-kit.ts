import { expect } from 'vitest'
import { BuyQuote, Transaction, WebhookEndpointWithSecret, WidgetTransaction, dataOf } from '#contract/index.ts'
import { executeBuyQuote, type ExecuteOptions } from '#domain/transactions.ts'
import { handlerTransport } from '#kernel/webhook-transport.ts'
import { createSandboxCore } from '../sandbox-core.ts'
import { conforms, send } from '../test-request.ts'
import { magic, platformAccount } from './platform-test-kit.ts'

/** A widget buy webhook as a receiver parses it: `{type, data}`, the buy as `GET /v1/transactions/{id}` shows it. */
interface ReceivedEvent {
  type: string
  data: WidgetTransaction
}

/** A platform webhook as a receiver parses it: `{id, type, timestamp, data}`, the transaction as `GET /platform/v1/transactions/{id}` shows it. */
interface ReceivedPlatformEvent {
  id: string
  type: string
  timestamp: string
  data: Transaction
}

/**
 * A core whose webhooks arrive in process, and a fresh account in it: an endpoint for every event of both families, an active customer
 * (NY) with full credentials, and helpers to buy, advance the clock, read a transaction and see the events so far.
 */
export async function stagedPurchases() {
  const bodies: Array<Promise<string>> = []
  const sandbox = createSandboxCore({
    webhookTransport: handlerTransport((request) => void bodies.push(request.text())),
  })
  const account = platformAccount(sandbox)
  const sk = account.headers
  conforms(
    dataOf(WebhookEndpointWithSecret),
    (
      await send(sandbox, 'POST /__sandbox/webhooks/endpoints', {
        headers: sk,
        body: { url: 'http://127.0.0.1:9/hooks', family: 'both' },
      })
    ).body,
  )
  const { connection } = await account.connect(magic.usNy)
  const bearer = { authorization: `Bearer ${connection.credentials.accessToken}` }
  const tenant = account.tenant()
  const customerId = connection.customer!.id
  const card = (await tenant.store()).cards.where('byCustomer', customerId).find((c) => c.expiryYear > 2026)!.id
  const body = {
    source: { asset: { code: 'usd' }, amount: 100 },
    destination: { asset: { code: 'eth' } },
    wallet: { address: '0x52908400098527886E0F7030069857D2E4169EE7' },
    paymentMethod: { type: 'card', id: card },
  }
  const quote = conforms(
    dataOf(BuyQuote),
    (await send(sandbox, 'POST /platform/v1/quotes/buy', { headers: bearer, body })).body,
  ).data
  return {
    core: sandbox,
    sk,
    tenant,
    /** Executes the quote (a new transaction each time, unless `externalTransactionId` repeats) and waits for its webhooks. */
    async buy(options: ExecuteOptions = {}) {
      const transaction = await executeBuyQuote(tenant, await tenant.store(), customerId, quote, options)
      await tenant.background.settled()
      return transaction
    },
    /** Advances the tenant clock through the control API and waits for the webhooks it caused. */
    async advance(ms: number) {
      expect(
        (await send(sandbox, 'POST /__sandbox/clock/advance', { headers: sk, body: { by: `${ms}ms` } })).status,
      ).toBe(200)
      await tenant.background.settled()
    },
    /** The transaction as `GET /platform/v1/transactions/{id}` shows it now. */
    async read(id: string) {
      return conforms(
        dataOf(Transaction),
        (await send(sandbox, `GET /platform/v1/transactions/${id}`, { headers: bearer })).body,
      ).data
    },
    /** The buy as `GET /v1/transactions/{id}` shows it now. */
    async readWidget(id: string) {
      return conforms(
        WidgetTransaction,
        (await send(sandbox, `GET /v1/transactions/${id}?apiKey=${sk['x-api-key'].replace('sk_', 'pk_')}`)).body,
      )
    },
    /** Every widget webhook received so far (bodies without an `id`), in order. */
    async events(): Promise<ReceivedEvent[]> {
      return (await Promise.all(bodies))
        .map((text) => JSON.parse(text) as ReceivedEvent | ReceivedPlatformEvent)
        .filter((event): event is ReceivedEvent => !('id' in event))
    },
    /** Every platform webhook received so far, in order. */
    async platformEvents(): Promise<ReceivedPlatformEvent[]> {
      return (await Promise.all(bodies))
        .map((text) => JSON.parse(text) as ReceivedEvent | ReceivedPlatformEvent)
        .filter((event): event is ReceivedPlatformEvent => 'id' in event)
    },
  }
}

/** Each stage's status, in order. */
export const statusesOf = (transaction: Pick<Transaction, 'stages'>) => transaction.stages.map((stage) => stage.status)

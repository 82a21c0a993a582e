import { beforeAll, describe, expect, it } from 'vitest'
import {
  BuyQuote,
  Transaction,
  WidgetError,
  WidgetTransaction,
  WidgetTransactionList,
  dataOf,
} from '#contract/index.ts'
import { dropExpiredSessions } from '#domain/sessions.ts'
import { TOKEN_TTL_MS } from '#domain/tokens.ts'
import { executeBuyQuote, type ExecuteOptions } from '#domain/transactions.ts'
import { createSandboxCore, type SandboxCore } from '../sandbox-core.ts'
import { conforms, send } from '../test-request.ts'
import { magic, platformAccount } from './platform-test-kit.ts'

let core: SandboxCore

beforeAll(() => {
  core = createSandboxCore({ seed: 1 })
})

const WALLET = '0x52908400098527886E0F7030069857D2E4169EE7'

/** A fresh account with two connected customers who can buy (by the frames' own `executeBuyQuote`), and its keys. */
async function twoBuyers() {
  const account = platformAccount(core)
  const tenant = account.tenant()
  const buyer = async (contact: { email: string; phoneNumber: string }, externalCustomerId: string) => {
    const { connection } = await account.connect({ ...contact, externalCustomerId })
    const bearer = { authorization: `Bearer ${connection.credentials.accessToken}` }
    const customerId = connection.customer!.id
    const card = (await tenant.store()).cards.where('byCustomer', customerId).find((c) => c.availability.available)!.id
    const body = {
      source: { asset: { code: 'usd' }, amount: 100 },
      destination: { asset: { code: 'eth' } },
      wallet: { address: WALLET },
      paymentMethod: { type: 'card', id: card },
    }
    const quote = conforms(
      dataOf(BuyQuote),
      (await send(core, 'POST /platform/v1/quotes/buy', { headers: bearer, body })).body,
    ).data
    return {
      customerId,
      buy: async (options: ExecuteOptions = {}) =>
        executeBuyQuote(tenant, await tenant.store(), customerId, quote, options),
      read: async (id: string) =>
        conforms(
          dataOf(Transaction),
          (await send(core, `GET /platform/v1/transactions/${id}`, { headers: bearer })).body,
        ).data,
    }
  }
  return {
    account,
    tenant,
    pk: `pk_test_${account.account}`,
    sk: account.headers,
    first: await buyer(magic.usNy, 'partner-user-1'),
    second: await buyer(magic.gb, 'partner-user-2'),
  }
}

async function widget(pk: string, id: string): Promise<WidgetTransaction> {
  const response = await send(core, `GET /v1/transactions/${id}?apiKey=${pk}`)
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return conforms(WidgetTransaction, response.body)
}

async function list(sk: Record<string, string>, query: string) {
  const response = await send(core, `GET /v1/transactions${query}`, { headers: sk })
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return conforms(WidgetTransactionList, response.body)
}

describe('GET /v1/transactions/{id}', () => {
  it('shows the transaction the platform API shows: same id, amounts and stages', async () => {
    const { pk, first } = await twoBuyers()
    const created = await first.buy()
    const [platform, view] = [await first.read(created.id), await widget(pk, created.id)]
    expect([
      view.id,
      view.customerId,
      view.quoteCurrencyAmount,
      view.totalAmount,
      view.feeAmount,
      view.extraFeeAmount,
      view.networkFeeAmount,
    ]).toEqual([
      platform.id,
      platform.customerId,
      platform.destination.amount,
      platform.totalAmount,
      platform.fees.service,
      platform.fees.ecosystem,
      platform.fees.network,
    ])
    expect(view.stages.map((s) => [s.stage, s.status])).toEqual(platform.stages.map((s) => [s.stage, s.status]))
    expect([platform.status, view.status]).toEqual(['pending', 'waitingAuthorization'])
  })

  it('shows the status change in both views once the clock advances', async () => {
    const { pk, sk, tenant, first } = await twoBuyers()
    const created = await first.buy()
    const advance = async (by: string) => {
      expect((await send(core, 'POST /__sandbox/clock/advance', { headers: sk, body: { by } })).status).toBe(200)
      await tenant.background.settled()
    }
    await advance('10s')
    expect([(await first.read(created.id)).status, (await widget(pk, created.id)).status]).toEqual([
      'pending',
      'pending',
    ])
    await advance('10s')
    const view = await widget(pk, created.id)
    expect([(await first.read(created.id)).status, view.status]).toEqual(['completed', 'completed'])
    expect(view.cryptoTransactionId).toMatch(/^0x[0-9a-f]{64}$/)
  })

  it("shows a failed transaction with its failed stage's reason", async () => {
    const { pk, first } = await twoBuyers()
    const created = await first.buy({
      outcome: { status: 'failed', failureCode: 'authorizationDeclined', failureReason: 'declined' },
      settleAfterMs: 0,
    })
    const view = await widget(pk, created.id)
    expect([view.status, view.failureReason, view.stages[1]!.failureReason]).toEqual([
      'failed',
      'payment_authorization_declined',
      'payment_authorization_declined',
    ])
  })

  it('shows how it was paid, where it goes, the external ids and the rates at creation', async () => {
    const { pk, first } = await twoBuyers()
    const created = await first.buy({ externalTransactionId: 'order-1' })
    const view = await widget(pk, created.id)
    expect([
      view.cardType,
      view.cardId,
      view.walletAddress,
      view.externalTransactionId,
      view.externalCustomerId,
      view.country,
    ]).toEqual(['card', created.paymentMethod.id, WALLET, 'order-1', 'partner-user-1', 'USA'])
    expect([view.currency.code, view.baseCurrency.code, view.currencyId, view.baseCurrencyId]).toEqual([
      'eth',
      'usd',
      view.currency.id,
      view.baseCurrency.id,
    ])
    expect(view.usdRate).toBeGreaterThan(view.gbpRate)
    expect([view.paymentMethod, view.bankAccountId]).toEqual(['credit_debit_card', null])
  })

  it('answers 404 in the widget shape for an unknown id', async () => {
    const { pk } = await twoBuyers()
    const response = await send(core, `GET /v1/transactions/txn_nope?apiKey=${pk}`)
    expect(response.status).toBe(404)
    expect(conforms(WidgetError, response.body).message).toContain('txn_nope')
  })
})

describe('GET /v1/transactions/ext/{externalTransactionId}', () => {
  it('answers every transaction of the account with that external id, across customers, newest first', async () => {
    const { pk, first, second } = await twoBuyers()
    const a = await first.buy({ externalTransactionId: 'shared-7' })
    const b = await second.buy({ externalTransactionId: 'shared-7' })
    await first.buy({ externalTransactionId: 'other' })
    const response = await send(core, `GET /v1/transactions/ext/shared-7?apiKey=${pk}`)
    const views = conforms(WidgetTransactionList, response.body)
    expect(views.map((v) => v.id).sort()).toEqual([a.id, b.id].sort())
    expect(views.map((v) => v.externalTransactionId)).toEqual(['shared-7', 'shared-7'])
  })

  it('answers an empty array for an external id no transaction has', async () => {
    const { pk } = await twoBuyers()
    expect((await send(core, `GET /v1/transactions/ext/none-such?apiKey=${pk}`)).body).toEqual([])
  })
})

describe('GET /v1/transactions', () => {
  it("lists the account's transactions newest first, 10 by default", async () => {
    const { sk } = await twoBuyers()
    const views = await list(sk, '')
    expect(views).toHaveLength(10)
    expect(views.map((v) => v.createdAt)).toEqual(
      views
        .map((v) => v.createdAt)
        .sort()
        .reverse(),
    )
  })

  it('pages by limit and offset without overlap', async () => {
    const { sk } = await twoBuyers()
    const all = await list(sk, '?limit=6')
    const pages = [...(await list(sk, '?limit=3')), ...(await list(sk, '?limit=3&offset=3'))]
    expect(pages.map((v) => v.id)).toEqual(all.map((v) => v.id))
  })

  it('filters by customerId, externalCustomerId and externalTransactionId', async () => {
    const { sk, first, second } = await twoBuyers()
    const a = await first.buy({ externalTransactionId: 'f-1' })
    await second.buy({ externalTransactionId: 'f-2' })
    const [byCustomer, byExternal] = [
      await list(sk, `?customerId=${first.customerId}&limit=50`),
      await list(sk, '?externalCustomerId=partner-user-2&limit=50'),
    ]
    expect(byCustomer.length).toBeGreaterThan(0)
    expect(byCustomer.every((v) => v.customerId === first.customerId)).toBe(true)
    expect(byExternal.length).toBeGreaterThan(0)
    expect(
      byExternal.every((v) => v.customerId === second.customerId && v.externalCustomerId === 'partner-user-2'),
    ).toBe(true)
    expect((await list(sk, '?externalTransactionId=f-1')).map((v) => v.id)).toEqual([a.id])
    expect(await list(sk, `?externalTransactionId=f-1&customerId=${second.customerId}`)).toEqual([])
  })

  it("keeps the external customer id once the customer's sessions have expired and been swept", async () => {
    const { pk, sk, tenant, first } = await twoBuyers()
    const created = await first.buy({ externalTransactionId: 'swept-1' })
    tenant.clock.advance(TOKEN_TTL_MS.session + 1000)
    const store = await tenant.store()
    expect(dropExpiredSessions(tenant, store)).toBeGreaterThan(0)
    expect(store.sessions.where('byExternalCustomer', 'partner-user-1')).toEqual([])
    expect((await widget(pk, created.id)).externalCustomerId).toBe('partner-user-1')
    expect((await list(sk, '?externalCustomerId=partner-user-1&limit=50')).map((v) => v.id)).toContain(created.id)
  })

  it('filters by the day of creation, both days inclusive', async () => {
    const { sk, tenant, first } = await twoBuyers()
    const created = await first.buy()
    const today = tenant.clock.iso().slice(0, 10)
    const views = await list(sk, `?startDate=${today}&endDate=${today}&limit=50`)
    expect(views.map((v) => v.id)).toContain(created.id)
    expect(views.every((v) => v.createdAt.startsWith(today))).toBe(true)
    expect(await list(sk, '?endDate=2000-01-01')).toEqual([])
  })

  it('takes the secret key as Authorization: Api-Key, and refuses a publishable key', async () => {
    const { account, pk } = await twoBuyers()
    const response = await send(core, 'GET /v1/transactions?limit=1', {
      headers: { authorization: `Api-Key ${account.headers['x-api-key']}` },
    })
    expect(response.status).toBe(200)
    const refused = await send(core, `GET /v1/transactions?apiKey=${pk}`)
    expect(refused.status).toBe(401)
    conforms(WidgetError, refused.body)
  })

  it('refuses bad filters, naming each', async () => {
    const { sk } = await twoBuyers()
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=51', 'limit'],
      ['offset=-1', 'offset'],
      ['startDate=2026-02-30', 'startDate'],
      ['endDate=26-01-01', 'endDate'],
      ['startDate=2026-02-02&endDate=2026-02-01', 'endDate'],
      ['customerId=', 'customerId'],
    ] as const) {
      const response = await send(core, `GET /v1/transactions?${query}`, { headers: sk })
      expect(response.status, query).toBe(400)
      expect(conforms(WidgetError, response.body).message, query).toContain(field)
    }
  })
})

import { beforeAll, describe, expect, it } from 'vitest'
import { buildCatalog } from '#fixtures/catalog.ts'
import { z } from 'zod'
import { AccountDetails, JournalEntry, SellQuote, WidgetError, dataOf, fromMinor, toMinor } from '#contract/index.ts'
import { buyFeeSchedule } from '#domain/buy-fees.ts'
import { CatalogIndex } from '#kernel/store/catalog-index.ts'
import { createSandboxCore, type SandboxCore } from '../sandbox-core.ts'
import { conforms, send } from '../test-request.ts'

let core: SandboxCore
let suffix = 0
const freshAccount = () => `account${++suffix}`

beforeAll(() => {
  core = createSandboxCore({ seed: 1 })
})

async function details(account: string): Promise<AccountDetails> {
  const response = await send(core, `GET /v4/accounts/me?apiKey=pk_test_${account}`)
  expect(response.status).toBe(200)
  return conforms(AccountDetails, response.body)
}

describe('GET /v4/accounts/me', () => {
  it('answers the account details contract for a publishable key', async () => {
    const account = freshAccount()
    const body = await details(account)
    expect(body.name).toBe(account)
    expect(body.isVerified).toBe(true)
  })

  it('answers 401 in the widget error shape without an apiKey', async () => {
    const response = await send(core, 'GET /v4/accounts/me')
    expect(response.status).toBe(401)
    expect(conforms(WidgetError, response.body).type).toBe('UnauthorizedError')
  })

  it('answers 401 for a secret key in the URL', async () => {
    const response = await send(core, `GET /v4/accounts/me?apiKey=sk_test_${freshAccount()}`)
    expect(response.status).toBe(401)
    expect(conforms(WidgetError, response.body).type).toBe('UnauthorizedError')
  })

  it('reports the same fees under any account name, with its own id and name', async () => {
    const { id: idA, name: nameA, ...a } = await details(freshAccount())
    const { id: idB, name: nameB, ...b } = await details(freshAccount())
    expect(a).toEqual(b)
    expect(idA).not.toBe(idB)
    expect(nameA).not.toBe(nameB)
  })

  it('reports the same details for the same account on the same seed', async () => {
    const other = createSandboxCore({ seed: 1 })
    const first = await details('repeat')
    const response = await send(other, 'GET /v4/accounts/me?apiKey=pk_test_repeat')
    expect(conforms(AccountDetails, response.body)).toEqual(first)
  })

  it('reports every extra fee as the default extra fee the settings hold', async () => {
    const account = freshAccount()
    await send(core, 'PUT /__sandbox/settings', {
      headers: { 'x-api-key': `sk_test_${account}` },
      body: { defaultExtraFeePercentage: 7 },
    })
    const body = await details(account)
    expect([
      body.cardExtraFeePercentage,
      body.sepaExtraFeePercentage,
      body.sellBankTransferExtraFeePercentage,
      body.sellCardExtraFeePercentage,
    ]).toEqual([7, 7, 7, 7])
  })

  it('reports the card minimum fee each fiat buy quote charges at least', async () => {
    const body = await details(freshAccount())
    const index = new CatalogIndex(buildCatalog(1))
    const eth = index.crypto('eth')!
    for (const fiat of index.currencies) {
      if (fiat.type !== 'fiat') continue
      const floor = buyFeeSchedule(index, fiat, eth, 'card', 0).serviceMinimum
      expect(body.cardMinimumFee[fiat.code.toUpperCase()], fiat.code).toBe(
        fromMinor(toMinor(floor, fiat.precision), fiat.precision),
      )
    }
  })

  it('reports the card fee percentage buy quotes charge', async () => {
    const body = await details(freshAccount())
    const index = new CatalogIndex(buildCatalog(1))
    const usd = index.currency('usd')
    if (usd?.type !== 'fiat') throw new Error('usd is a fiat')
    expect(body.cardFeePercentage).toBe(buyFeeSchedule(index, usd, index.crypto('eth')!, 'card', 0).servicePercent)
  })

  it('reports the sell card minimum fee a small card sell quote charges', async () => {
    const account = freshAccount()
    const body = await details(account)
    const response = await send(
      core,
      `GET /v3/currencies/eth/sell_quote?apiKey=pk_test_${account}&quoteCurrencyCode=usd&baseCurrencyAmount=0.01&payoutMethod=credit_debit_card`,
    )
    const quote = conforms(SellQuote, response.body)
    expect(quote.feeAmount).toBe(body.sellCardMinimumFee.USD)
  })

  it('reports sell fee percentages no sell quote exceeds', async () => {
    const account = freshAccount()
    const body = await details(account)
    const cases = [
      ['credit_debit_card', body.sellCardFeePercentage],
      ['sepa_bank_transfer', body.sellBankTransferFeePercentage],
      ['ach_bank_transfer', body.sellBankTransferFeePercentage],
    ] as const
    for (const [method, percent] of cases) {
      const response = await send(
        core,
        `GET /v3/currencies/eth/sell_quote?apiKey=pk_test_${account}&quoteCurrencyCode=usd&baseCurrencyAmount=2&payoutMethod=${method}&extraFeePercentage=0`,
      )
      const quote = conforms(SellQuote, response.body)
      const gross = quote.quoteCurrencyAmount + quote.feeAmount
      expect(quote.feeAmount, method).toBeLessThanOrEqual(Math.ceil(((gross * percent) / 100) * 100) / 100 + 0.01)
    }
  })

  it('is journaled with the answer it gave', async () => {
    const account = freshAccount()
    const body = await details(account)
    const journal = conforms(
      dataOf(z.array(JournalEntry)),
      (await send(core, 'GET /__sandbox/journal?kind=api', { headers: { 'x-api-key': `sk_test_${account}` } })).body,
    )
    const entry = journal.data.at(-1)!
    expect(entry.kind === 'api' && [entry.status, entry.path, entry.responseBody]).toEqual([
      200,
      '/v4/accounts/me',
      body,
    ])
  })

  it('answers an injected fault in the widget error shape', async () => {
    const account = freshAccount()
    await send(core, 'POST /__sandbox/faults', {
      headers: { 'x-api-key': `sk_test_${account}` },
      body: { method: 'GET', path: '/v4/accounts/me', times: 1, status: 503 },
    })
    const response = await send(core, `GET /v4/accounts/me?apiKey=pk_test_${account}`)
    expect(response.status).toBe(503)
    conforms(WidgetError, response.body)
  })
})

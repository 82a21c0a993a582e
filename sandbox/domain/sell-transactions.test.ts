import { describe, expect, it } from 'vitest'
import { AccountDetails, SellQuote, WidgetError } from '#contract/index.ts'
import { sellFlow, sellStages } from '#http/routes/sell-test-kit.ts'
import { conforms, send } from '#http/test-request.ts'
import { DEPOSIT_WINDOW_SECONDS, startSellTransaction } from './sell-transactions.ts'

const REFUND = '0x52908400098527886E0F7030069857D2E4169EE7'

describe('startSellTransaction', () => {
  it("starts a sell waiting for its deposit, ordering in progress, with an address on the crypto's network", async () => {
    const flow = await sellFlow()
    const sell = await flow.create()
    expect(sell).toMatchObject({
      status: 'waitingForDeposit',
      failureReason: null,
      depositHash: null,
      baseCurrency: { code: 'eth' },
      quoteCurrency: { code: 'usd' },
    })
    expect(sellStages(sell)).toBe('in_progress not_started not_started not_started')
    expect(sell.depositWalletAddress).toMatch(new RegExp(sell.baseCurrency.addressRegex))
  })

  it("is the public domain call: a customer, the sell quote's inputs and a refund address", async () => {
    const flow = await sellFlow()
    const store = await flow.tenant.store()
    const customerId = store.customerByEmail('active.gb@sandbox.test')!.id
    const sell = await startSellTransaction(flow.tenant, store, {
      customerId,
      baseCurrencyCode: 'ETH',
      quoteCurrencyCode: 'gbp',
      baseCurrencyAmount: 0.25,
      payoutMethod: 'gbp_bank_transfer',
      externalTransactionId: 'order-7',
      refundWalletAddress: REFUND,
    })
    expect(sell).toMatchObject({
      customerId,
      baseCurrencyAmount: 0.25,
      payoutMethod: 'gbp_bank_transfer',
      externalTransactionId: 'order-7',
      refundWalletAddress: REFUND,
    })
  })

  it('has the amounts, fees and payout method of the sell quote for the same input at the same instant', async () => {
    const flow = await sellFlow()
    const quote = conforms(
      SellQuote,
      (
        await send(
          flow.core,
          `GET /v3/currencies/eth/sell_quote?apiKey=${flow.pk}&quoteCurrencyCode=eur&baseCurrencyAmount=0.7&payoutMethod=sepa_bank_transfer&extraFeePercentage=3`,
        )
      ).body,
    )
    const sell = await flow.create({
      quoteCurrencyCode: 'eur',
      baseCurrencyAmount: 0.7,
      payoutMethod: 'sepa_bank_transfer',
      extraFeePercentage: 3,
    })
    const { baseCurrencyAmount, quoteCurrencyAmount, feeAmount, extraFeeAmount, payoutMethod } = quote
    expect(sell).toMatchObject({ baseCurrencyAmount, quoteCurrencyAmount, feeAmount, extraFeeAmount, payoutMethod })
  })

  it.each([
    [{ baseCurrencyAmount: 0.1234567 }, 'baseCurrencyAmount', /at most 5 decimal places/],
    [{ baseCurrencyAmount: 0.001 }, 'baseCurrencyAmount', /at least 0.0083 \(minSellAmount of eth\)/],
    [{ payoutMethod: 'pix_instant_payment' }, 'payoutMethod', /not available for sell quotes/],
    [{ baseCurrencyCode: 'usd' }, 'baseCurrencyCode', /baseCurrencyCode usd is a fiat currency/],
    [{ baseCurrencyCode: 'nope' }, 'baseCurrencyCode', /baseCurrencyCode nope is not a known currency/],
    [{ quoteCurrencyCode: 'btc' }, 'quoteCurrencyCode', /quoteCurrencyCode btc is a crypto currency/],
    [
      { refundWalletAddress: 'bc1qnotanethaddress' },
      'refundWalletAddress',
      /refundWalletAddress is not a eth address on ethereum/,
    ],
  ])('refuses %o as the sell quote does, a 400 naming %s', async (body, field, message) => {
    const response = await (await sellFlow()).createRaw(body)
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({
      code: 'invalid_request',
      errors: [{ field: expect.stringContaining(field) }],
    })
    expect(JSON.stringify(response.body)).toMatch(message)
  })

  it('refuses an unknown customer with 404 naming customerId', async () => {
    const response = await (await sellFlow()).createRaw({ customerId: 'cus_nobody' })
    expect(response.status).toBe(404)
    expect(JSON.stringify(response.body)).toMatch(/customerId cus_nobody is not a customer/)
  })
})

describe("the reference's sell fields (decision 0089)", () => {
  it("carry the account's id as GET /v4/accounts/me shows it, the price held for the deposit window, flow principal, and null for what the sandbox does not model", async () => {
    const flow = await sellFlow()
    const { id } = await flow.create()
    await flow.advance(40_000)
    const sell = await flow.read(id)
    const account = conforms(AccountDetails, (await send(flow.core, `GET /v4/accounts/me?apiKey=${flow.pk}`)).body)
    expect([sell.accountId, sell.quoteExpiresAt, sell.flow]).toEqual([account.id, sell.depositExpiresAt, 'principal'])
    expect(Date.parse(sell.quoteExpiresAt) - Date.parse(sell.createdAt)).toBe(DEPOSIT_WINDOW_SECONDS * 1000)
    expect([
      sell.refundHash,
      sell.refundWalletAddressRequestedAt,
      sell.quoteExpiredEmailSentAt,
      sell.widgetRedirectUrl,
      sell.confirmations,
      sell.depositWalletId,
      sell.refundApprovalStatus,
      sell.integratedSellDepositInfo,
    ]).toEqual([null, null, null, null, null, null, null, null])
  })

  it('hold the price only as long as a shortened deposit window (trigger 4213: 60 s)', async () => {
    const sell = await (await sellFlow()).create({ baseCurrencyAmount: 0.4213 })
    expect(Date.parse(sell.quoteExpiresAt) - Date.parse(sell.createdAt)).toBe(60_000)
  })

  it('carry a refund hash once a deposit went back (failed refund), null while pending and for a sell failed with no deposit', async () => {
    const flow = await sellFlow()
    const refunded = await flow.create()
    await flow.deposit(refunded.id, 0.49)
    const hash = (await flow.read(refunded.id)).refundHash
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(hash).not.toBe((await flow.read(refunded.id)).depositHash)
    const pending = await flow.create()
    await flow.deposit(pending.id, 0.5)
    expect((await flow.read(pending.id)).refundHash).toBeNull()
    const undeposited = await flow.create()
    expect(
      (
        await send(flow.core, `POST /__sandbox/sell_transactions/${undeposited.id}/fail`, {
          headers: flow.sk,
          body: { failureReason: 'refund' },
        })
      ).status,
    ).toBe(200)
    expect((await flow.read(undeposited.id)).refundHash).toBeNull()
  })
})

describe('a sell on the tenant clock', () => {
  it('goes pending on the exact deposit, passes verification at 5 s and processing at 10 s, and completes at 20 s', async () => {
    const flow = await sellFlow()
    const { id, baseCurrencyAmount } = await flow.create()
    expect((await flow.deposit(id, baseCurrencyAmount, '0xfeed')).status).toBe(200)
    const seen = [`${(await flow.read(id)).status} ${sellStages(await flow.read(id))}`]
    for (const step of [4_999, 1, 5_000, 9_999, 1]) {
      await flow.advance(step)
      const read = await flow.read(id)
      seen.push(`${read.status} ${sellStages(read)}`)
    }
    expect(seen).toEqual([
      'pending success in_progress not_started not_started',
      'pending success in_progress not_started not_started',
      'pending success success in_progress not_started',
      'pending success success success in_progress',
      'pending success success success in_progress',
      'completed success success success success',
    ])
    expect((await flow.read(id)).depositHash).toBe('0xfeed')
  })

  it('gives a deposit without a hash a seeded fake one', async () => {
    const flow = await sellFlow()
    const { id } = await flow.create()
    await flow.deposit(id, 0.5)
    expect((await flow.read(id)).depositHash).toMatch(/^0x[0-9a-f]{64}$/)
  })

  // Over as well as short: a customer who sends more than the sale must get it all back, not a sale of what was asked.
  it.each([
    ['short of', 0.49],
    ['more than', 0.51],
    ['a hundred-thousandth more than', 0.50001],
  ])('fails a deposit %s the 0.5 sold at once (%s): refund at verification', async (_, amount) => {
    const flow = await sellFlow()
    const { id, baseCurrencyAmount } = await flow.create()
    expect(baseCurrencyAmount).toBe(0.5)
    expect((await flow.deposit(id, amount)).status).toBe(200)
    const read = await flow.read(id)
    expect(read).toMatchObject({ status: 'failed', failureReason: 'refund' })
    expect(read.stages[1]).toEqual({ stage: 'stage_two_verification', status: 'failed', failureReason: 'refund' })
  })

  it('refuses a second deposit with 409', async () => {
    const flow = await sellFlow()
    const { id } = await flow.create()
    await flow.deposit(id, 0.5)
    expect((await flow.deposit(id, 0.5)).status).toBe(409)
  })

  it(`fails timeout_deposit when no deposit arrives within ${DEPOSIT_WINDOW_SECONDS} s, not before`, async () => {
    const flow = await sellFlow()
    const { id } = await flow.create()
    await flow.advance(DEPOSIT_WINDOW_SECONDS * 1000 - 1)
    expect((await flow.read(id)).status).toBe('waitingForDeposit')
    await flow.advance(1)
    expect(await flow.read(id)).toMatchObject({
      status: 'failed',
      failureReason: 'timeout_deposit',
      stages: [{ status: 'failed', failureReason: 'timeout_deposit' }, {}, {}, {}],
    })
  })

  it('does not expire once its deposit arrived', async () => {
    const flow = await sellFlow()
    const { id } = await flow.create()
    await flow.deposit(id, 0.5)
    await flow.advance(DEPOSIT_WINDOW_SECONDS * 1000)
    expect((await flow.read(id)).status).toBe('completed')
  })
})

describe('sell triggers (test mode)', () => {
  it('fail the payout of a sale of the digits 4113 (0.4113 ETH) at delivery, at settlement', async () => {
    const flow = await sellFlow()
    const { id } = await flow.create({ baseCurrencyAmount: 0.4113 })
    await flow.deposit(id, 0.4113)
    await flow.advance(19_999)
    expect((await flow.read(id)).status).toBe('pending')
    await flow.advance(1)
    const read = await flow.read(id)
    expect(read).toMatchObject({ status: 'failed', failureReason: 'error' })
    expect(sellStages(read)).toBe('success success success failed')
  })

  it('set off the same trigger at any power of ten (41.13 USDC)', async () => {
    const flow = await sellFlow()
    const { id } = await flow.create({ baseCurrencyCode: 'usdc', baseCurrencyAmount: 41.13 })
    await flow.deposit(id, 41.13)
    await flow.advance(20_000)
    expect((await flow.read(id)).failureReason).toBe('error')
  })

  it('shorten the deposit window of the digits 4213 (0.4213 ETH) to 60 s', async () => {
    const flow = await sellFlow()
    const sell = await flow.create({ baseCurrencyAmount: 0.4213 })
    expect(Date.parse(sell.depositExpiresAt) - Date.parse(sell.createdAt)).toBe(60_000)
    await flow.advance(60_000)
    expect((await flow.read(sell.id)).failureReason).toBe('timeout_deposit')
  })

  it('are ignored in live mode', async () => {
    const flow = await sellFlow({ mode: 'live' })
    const { id } = await flow.create({ baseCurrencyAmount: 0.4113 })
    await flow.deposit(id, 0.4113)
    await flow.advance(20_000)
    expect((await flow.read(id)).status).toBe('completed')
  })
})

describe('cancelling a sell', () => {
  it('fails one waiting for its deposit with failureReason cancelled at ordering', async () => {
    const flow = await sellFlow()
    const { id } = await flow.create()
    expect((await send(flow.core, `DELETE /v3/sell_transactions/${id}`, { headers: flow.sk })).status).toBe(204)
    const read = await flow.read(id)
    expect(read).toMatchObject({ status: 'failed', failureReason: 'cancelled' })
    expect(read.stages[0]).toEqual({ stage: 'stage_one_ordering', status: 'failed', failureReason: 'cancelled' })
  })

  it.each([
    ['pending', async (flow: Awaited<ReturnType<typeof sellFlow>>, id: string) => void (await flow.deposit(id, 0.5))],
    [
      'completed',
      async (flow: Awaited<ReturnType<typeof sellFlow>>, id: string) => {
        await flow.deposit(id, 0.5)
        await flow.advance(20_000)
      },
    ],
    [
      'cancelled already',
      async (flow: Awaited<ReturnType<typeof sellFlow>>, id: string) =>
        void (await send(flow.core, `DELETE /v3/sell_transactions/${id}`, { headers: flow.sk })),
    ],
  ])('is 409 once it is %s', async (_, bring) => {
    const flow = await sellFlow()
    const { id } = await flow.create()
    await bring(flow, id)
    const response = await send(flow.core, `DELETE /v3/sell_transactions/${id}`, { headers: flow.sk })
    expect(response.status).toBe(409)
    expect(conforms(WidgetError, response.body).message).toMatch(/can be cancelled/)
  })
})

/**
 * The objects as `../shared/reference/webhooks.md` §3.2, §3.3, §3.5 and §3.6 list them: each field read by its reference
 * name and checked against the reference's type, on what the GET routes answer (parsed with their contract schema).
 */
import { beforeAll, describe, expect, it } from 'vitest'
import {
  BuyQuote,
  IdentityCheck,
  SellTransaction,
  SwapTransaction,
  WidgetTransaction,
  dataOf,
} from '#contract/index.ts'
import { identityCheckOf } from '#domain/customers/identity-check.ts'
import { executeBuyQuote } from '#domain/transactions.ts'
import { createSandboxCore, type SandboxCore } from '../sandbox-core.ts'
import { conforms, send } from '../test-request.ts'
import { magic, platformAccount } from './platform-test-kit.ts'
import { sellFlow } from './sell-test-kit.ts'
import { swapAccount } from './swap-test-kit.ts'

/** A type as the reference gives it: `string?` is `string|null`, `decimal` a decimal number as text. */
type Kind =
  | 'string'
  | 'string?'
  | 'number'
  | 'number?'
  | 'boolean'
  | 'object'
  | 'object?'
  | 'array'
  | 'decimal'
  | 'wallet'
  | 'wallet?'

function kindOf(value: unknown): Kind[] {
  if (value === null) return ['string?', 'number?', 'object?', 'wallet?']
  if (Array.isArray(value)) return ['array']
  if (typeof value === 'string')
    return /^[0-9]+(\.[0-9]+)?$/.test(value) ? ['string', 'string?', 'decimal'] : ['string', 'string?']
  if (typeof value === 'number') return ['number', 'number?']
  if (typeof value === 'object' && Object.hasOwn(value, 'address') && Object.hasOwn(value, 'tag'))
    return ['object', 'object?', 'wallet', 'wallet?']
  if (typeof value === 'object') return ['object', 'object?']
  return [typeof value as Kind]
}

/** Reads every field of `fields` by its reference name and checks it has the reference's type. */
function expectReferenceFields(object: object, fields: Record<string, Kind>): void {
  const read = (name: string) => (object as Record<string, unknown>)[name]
  const mismatched = Object.entries(fields).filter(
    ([name, kind]) => !Object.hasOwn(object, name) || !kindOf(read(name)).includes(kind),
  )
  expect(mismatched.map(([name, kind]) => `${name}: ${kind}, got ${JSON.stringify(read(name))}`)).toEqual([])
}

/** The fields every currency object has (§3.2 `baseCurrency`, `currency`). */
const CURRENCY = {
  id: 'string',
  createdAt: 'string',
  updatedAt: 'string',
  type: 'string',
  name: 'string',
  code: 'string',
  precision: 'number',
} as const
const CRYPTO = { ...CURRENCY, addressRegex: 'string', metadata: 'object' } as const

let core: SandboxCore

beforeAll(() => {
  core = createSandboxCore({ seed: 1 })
})

describe('the buy transaction of GET /v1/transactions/{id} (§3.2)', () => {
  it('has every field the reference lists, by name and type', async () => {
    const account = platformAccount(core)
    const tenant = account.tenant()
    const { connection } = await account.connect({ ...magic.usNy, externalCustomerId: 'reference-buyer' })
    const customerId = connection.customer!.id
    const card = (await tenant.store()).cards.where('byCustomer', customerId).find((c) => c.availability.available)!.id
    const body = {
      source: { asset: { code: 'usd' }, amount: 100 },
      destination: { asset: { code: 'eth' } },
      wallet: { address: '0x52908400098527886E0F7030069857D2E4169EE7' },
      paymentMethod: { type: 'card', id: card },
    }
    const bearer = { authorization: `Bearer ${connection.credentials.accessToken}` }
    const quote = conforms(
      dataOf(BuyQuote),
      (await send(core, 'POST /platform/v1/quotes/buy', { headers: bearer, body })).body,
    ).data
    const created = await executeBuyQuote(tenant, await tenant.store(), customerId, quote, {
      externalTransactionId: 'reference-order',
    })
    const response = await send(core, `GET /v1/transactions/${created.id}?apiKey=pk_test_${account.account}`)
    const buy = conforms(WidgetTransaction, response.body)
    expectReferenceFields(buy, {
      id: 'string',
      createdAt: 'string',
      updatedAt: 'string',
      baseCurrencyAmount: 'number',
      quoteCurrencyAmount: 'number',
      feeAmount: 'number',
      extraFeeAmount: 'number',
      networkFeeAmount: 'number',
      areFeesIncluded: 'boolean',
      status: 'string',
      failureReason: 'string?',
      walletAddress: 'string',
      walletAddressTag: 'string?',
      cryptoTransactionId: 'string?',
      // The reference types `returnUrl` as a string; the sandbox has no receipt page, so it is null (see WidgetTransaction).
      redirectUrl: 'string?',
      returnUrl: 'string?',
      widgetRedirectUrl: 'string?',
      baseCurrencyId: 'string',
      currencyId: 'string',
      baseCurrency: 'object',
      currency: 'object',
      customerId: 'string',
      cardId: 'string?',
      bankAccountId: 'string?',
      externalCustomerId: 'string?',
      externalTransactionId: 'string?',
      paymentMethod: 'string',
      eurRate: 'number',
      usdRate: 'number',
      gbpRate: 'number',
      stages: 'array',
      // The "also in examples" row, in part (decision 0089).
      isRecurring: 'boolean',
      flow: 'string',
      cardType: 'string',
      cardPaymentType: 'string',
      country: 'string',
    })
    expect(['waitingPayment', 'pending', 'waitingAuthorization', 'failed', 'completed']).toContain(buy.status)
    expect([
      'ach_bank_transfer',
      'credit_debit_card',
      'paypal',
      'gbp_bank_transfer',
      'gbp_open_banking_payment',
      'pix_instant_payment',
      'sepa_bank_transfer',
    ]).toContain(buy.paymentMethod)
    expect([buy.externalTransactionId, buy.externalCustomerId, buy.customerId]).toEqual([
      'reference-order',
      'reference-buyer',
      customerId,
    ])
    expectReferenceFields(buy.baseCurrency, CURRENCY)
    expectReferenceFields(buy.currency, CRYPTO)
    for (const stage of buy.stages)
      expectReferenceFields(stage, { stage: 'string', status: 'string', failureReason: 'string?', actions: 'array' })
  })
})

describe('the sell transaction of GET /v3/sell_transactions/{id} (§3.3)', () => {
  it('has every field the reference lists, by name and type, its currencies by id and as objects', async () => {
    const flow = await sellFlow()
    const { id } = await flow.create({ externalTransactionId: 'reference-sell' })
    const sell = conforms(
      SellTransaction,
      (await send(flow.core, `GET /v3/sell_transactions/${id}?apiKey=${flow.pk}`)).body,
    )
    expectReferenceFields(sell, {
      id: 'string',
      createdAt: 'string',
      updatedAt: 'string',
      baseCurrencyAmount: 'number',
      quoteCurrencyAmount: 'number',
      feeAmount: 'number',
      extraFeeAmount: 'number',
      status: 'string',
      failureReason: 'string?',
      payoutMethod: 'string',
      baseCurrencyId: 'string',
      baseCurrency: 'object',
      quoteCurrencyId: 'string',
      quoteCurrency: 'object',
      customerId: 'string',
      bankAccountId: 'string?',
      depositHash: 'string?',
      refundWalletAddress: 'string',
      externalTransactionId: 'string?',
      externalCustomerId: 'string?',
      eurRate: 'number',
      usdRate: 'number',
      gbpRate: 'number',
      stages: 'array',
      accountId: 'string',
      refundHash: 'string?',
      refundWalletAddressRequestedAt: 'string?',
      quoteExpiresAt: 'string',
      quoteExpiredEmailSentAt: 'string?',
      widgetRedirectUrl: 'string?',
      confirmations: 'number?',
      depositWalletId: 'string?',
      refundApprovalStatus: 'string?',
      integratedSellDepositInfo: 'object?',
      flow: 'string',
    })
    expect([sell.baseCurrency.type, sell.quoteCurrency.type]).toEqual(['crypto', 'fiat'])
    expect([sell.baseCurrencyId, sell.quoteCurrencyId]).toEqual([sell.baseCurrency.id, sell.quoteCurrency.id])
    expectReferenceFields(sell.baseCurrency, CRYPTO)
    expectReferenceFields(sell.quoteCurrency, CURRENCY)
  })
})

describe('the swap transaction of GET /v4/swap/transaction/{id} (§3.5)', () => {
  it('has the reference fields, amounts as decimal text and its currencies as objects', async () => {
    const account = await swapAccount(core)
    const { id } = await account.waitingForDeposit('eth-usdc', 0.5)
    const swap = await account.swap(id)
    expect(SwapTransaction.safeParse(swap).success).toBe(true)
    expectReferenceFields(swap, {
      id: 'string',
      createdAt: 'string',
      updatedAt: 'string',
      baseCurrencyAmount: 'decimal',
      quoteCurrencyAmount: 'decimal',
      feeAmount: 'decimal',
      extraFeeAmount: 'decimal',
      networkFeeAmount: 'decimal',
      baseCurrency: 'object',
      quoteCurrency: 'object',
      customerId: 'string',
      status: 'string',
      depositHash: 'string?',
      failureReason: 'string?',
      externalTransactionId: 'string',
    })
    expectReferenceFields(swap.baseCurrency, CRYPTO)
    expectReferenceFields(swap.quoteCurrency, CRYPTO)
    expect([swap.baseCurrency.code, swap.quoteCurrency.code]).toEqual(['eth', 'usdc'])
  })
})

describe('the identity check object (§3.6)', () => {
  it('has every field the reference lists, with its values, completed or not', async () => {
    const account = platformAccount(core)
    const { connection } = await account.connect({ ...magic.usNy, externalCustomerId: 'reference-kyc' })
    const store = await account.tenant().store()
    const record = store.customers.get(connection.customer!.id)!
    const checks = (['pending', 'approved', 'rejected'] as const).map((kycStatus) =>
      IdentityCheck.parse(identityCheckOf(store, { ...record, kycStatus })),
    )
    for (const check of checks) {
      expectReferenceFields(check, {
        id: 'string',
        customerId: 'string',
        externalCustomerId: 'string?',
        createdAt: 'string',
        updatedAt: 'string',
        level: 'number',
        status: 'string',
        rejectType: 'string?',
        rejections: 'number',
        resultDescription: 'string?',
      })
      expect(['initiated', 'pending', 'completed']).toContain(check.status)
      expect(check.escalationReasons === null || Array.isArray(check.escalationReasons)).toBe(true)
    }
    expect(checks.map((check) => [check.status, check.result])).toEqual([
      ['pending', null],
      ['completed', 'clear'],
      ['completed', 'rejected'],
    ])
    expect(['final', 'retry', 'level2Request', 'level3Request']).toContain(checks[2]!.rejectType)
    expect(checks.map((check) => Array.isArray(check.rejectLabels))).toEqual([false, true, true])
    expect(
      checks[2]!.rejectLabels!.every((label) =>
        [
          'Poor Image Quality',
          'Document Incomplete',
          'Expired Document',
          'ID Not Supported',
          'Data Mismatch',
          'Address Mismatch',
          'Other',
        ].includes(label),
      ),
    ).toBe(true)
  })
})

import { describe, expect, it } from 'vitest'
import { buildCatalog } from '#fixtures/catalog.ts'
import { stagesAt, type FiatCurrency, type TransactionRecord } from '#contract/index.ts'
import { CatalogIndex } from '#kernel/store/catalog-index.ts'
import { toWidgetTransaction, widgetStatusOf } from './widget-transaction.ts'

const index = new CatalogIndex(buildCatalog(1))
const facts = {
  currency: index.crypto('eth')!,
  baseCurrency: index.currency('usd') as FiatCurrency,
  country: 'USA',
  externalCustomerId: null,
  rates: { eur: 2, usd: 3, gbp: 1 },
  cryptoTransactionId: null,
}
const record: TransactionRecord = {
  id: 'txn_1',
  externalTransactionId: null,
  customerId: 'cus_1',
  status: 'pending',
  source: { asset: { code: 'usd' }, amount: 100 },
  destination: { asset: { code: 'eth' }, amount: 0.03 },
  totalAmount: 100,
  fees: { network: 2.5, service: 4.5, ecosystem: 1 },
  wallet: { address: '0xabc' },
  paymentMethod: { type: 'apple_pay' },
  stages: stagesAt('stage_two_verification', 'in_progress'),
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
}

describe('widgetStatusOf', () => {
  it('is waitingPayment while ordering, waitingAuthorization while verifying, pending while processing or delivering', () => {
    expect(widgetStatusOf({ status: 'pending', stages: stagesAt('stage_one_ordering', 'in_progress') })).toBe(
      'waitingPayment',
    )
    expect(widgetStatusOf({ status: 'pending', stages: stagesAt('stage_two_verification', 'in_progress') })).toBe(
      'waitingAuthorization',
    )
    expect(widgetStatusOf({ status: 'pending', stages: stagesAt('stage_three_processing', 'in_progress') })).toBe(
      'pending',
    )
    expect(widgetStatusOf({ status: 'pending', stages: stagesAt('stage_four_delivery', 'in_progress') })).toBe(
      'pending',
    )
  })

  it('keeps completed and failed', () => {
    expect(widgetStatusOf({ status: 'completed', stages: stagesAt('stage_four_delivery', 'success') })).toBe(
      'completed',
    )
    expect(
      widgetStatusOf({ status: 'failed', stages: stagesAt('stage_two_verification', 'failed', 'rejected_card') }),
    ).toBe('failed')
  })
})

describe('toWidgetTransaction', () => {
  it('converts the total less every fee, and reports the fees inside when the total is the amount asked', () => {
    const view = toWidgetTransaction(record, facts)
    expect([
      view.baseCurrencyAmount,
      view.feeAmount,
      view.extraFeeAmount,
      view.networkFeeAmount,
      view.areFeesIncluded,
    ]).toEqual([92, 4.5, 1, 2.5, true])
    expect(toWidgetTransaction({ ...record, totalAmount: 108 }, facts).areFeesIncluded).toBe(false)
  })

  it("gives a failed transaction its failed stage's reason, and none to others", () => {
    const failed = {
      ...record,
      status: 'failed' as const,
      stages: stagesAt('stage_two_verification', 'failed', 'rejected_card'),
    }
    expect([
      toWidgetTransaction(failed, facts).failureReason,
      toWidgetTransaction(record, facts).failureReason,
    ]).toEqual(['rejected_card', null])
  })

  it('names a wallet pay by its type, with no card id, and gives every stage no actions', () => {
    const view = toWidgetTransaction(record, facts)
    expect([view.cardType, view.cardId, view.cardPaymentType]).toEqual(['apple_pay', null, 'unknown'])
    expect(view.stages.every((stage) => stage.actions.length === 0)).toBe(true)
  })

  it('names the payment method as the widget buy quote does: a card is credit_debit_card, a wallet pay its own', () => {
    const card = { ...record, paymentMethod: { type: 'card' as const, id: 'card_1' } }
    expect([toWidgetTransaction(card, facts).paymentMethod, toWidgetTransaction(record, facts).paymentMethod]).toEqual([
      'credit_debit_card',
      'apple_pay',
    ])
  })

  it('gives the bank account and the service pages null, as nothing in the sandbox sets them', () => {
    const view = toWidgetTransaction(record, facts)
    expect([view.bankAccountId, view.redirectUrl, view.returnUrl, view.widgetRedirectUrl]).toEqual([
      null,
      null,
      null,
      null,
    ])
  })

  it("is never recurring and of the principal flow, as the reference's examples show a buy (decision 0089)", () => {
    const view = toWidgetTransaction(record, facts)
    expect([view.isRecurring, view.flow]).toEqual([false, 'principal'])
  })
})

import { describe, expect, it } from 'vitest'
import { IdentityCheck, KycStatus, Transaction, WEBHOOK_EVENT_TYPES } from '#contract/index.ts'
import { isFailureWebhook } from './failure-webhook.ts'

describe('isFailureWebhook', () => {
  it('marks every failure event of the catalogue, in both families, and no other event by its name alone', () => {
    expect(WEBHOOK_EVENT_TYPES.filter((type) => isFailureWebhook(type, {}))).toEqual([
      'transaction_failed',
      'sell_transaction_failed',
      'swap_transaction_failed',
    ])
  })

  it.each([
    ['transaction.updated', { status: 'failed' }, true],
    ['transaction.updated', { status: 'completed' }, false],
    ['transaction_updated', { status: 'failed' }, true],
    ['sell_transaction_updated', { status: 'pending' }, false],
    ['customer.identity_status_updated', { kyc: { status: 'rejected', requirements: [] } }, true],
    ['customer.identity_status_updated', { kyc: { status: 'approved', requirements: [] } }, false],
    ['identity_check_updated', { status: 'completed', result: 'rejected' }, true],
    ['identity_check_updated', { status: 'completed', result: 'clear' }, false],
    ['identity_check_updated', { status: 'pending', result: null }, false],
    ['swap_quote_invalid', { status: 'reQuoteRequired' }, false],
  ])('marks %s with data %j: %s', (type, data, failure) => {
    expect(isFailureWebhook(type, data)).toBe(failure)
  })

  it('reads values the data schemas have: a failed transaction, a rejected customer, a rejected check', () => {
    expect(Transaction.shape.status.options).toContain('failed')
    expect(KycStatus.options).toContain('rejected')
    expect(IdentityCheck.shape.result.unwrap().options).toContain('rejected')
  })
})

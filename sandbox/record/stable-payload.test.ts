import { describe, expect, it } from 'vitest'
import { stablePayload } from './stable-payload.ts'

describe('stablePayload', () => {
  it('leaves out issued ids and tokens, instants, credentials and URLs', () => {
    const payload = { status: 'active', credentials: 'eyJhbGciOi', url: 'http://x/y', customer: { id: 'cus_uJksgYfUujun', country: 'USA', createdAt: '2026-01-01T00:00:00.000Z' }, transaction: { id: null } }
    expect(stablePayload(payload, true)).toEqual({ status: 'active', customer: { country: 'USA' }, transaction: { id: null } })
  })

  it('keeps names that look like ids but are not issued ones', () => {
    expect(stablePayload({ payoutMethod: 'sepa_bank_transfer', status: 'pending_payment' }, true)).toEqual({ payoutMethod: 'sepa_bank_transfer', status: 'pending_payment' })
  })

  it('keeps numbers only with amounts', () => {
    expect(stablePayload({ amount: 49, fee: { network: 2.5 } }, true)).toEqual({ amount: 49, fee: { network: 2.5 } })
    expect(stablePayload({ amount: 49, fee: { network: 2.5 } }, false)).toEqual({ fee: {} })
  })

  it('leaves out an array that had an element left out, since arrays match element by element', () => {
    expect(stablePayload({ ids: ['txn_4fGh7KxQ2m', 'usd'], list: [{ id: 'txn_4fGh7KxQ2m', status: 'ok' }] }, true)).toEqual({ list: [{ status: 'ok' }] })
  })
})

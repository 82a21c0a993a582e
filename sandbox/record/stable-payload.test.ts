import { describe, expect, it } from 'vitest'
import { omittedBody } from '#kernel/journal.ts'
import { stableBody, stablePayload } from './stable-payload.ts'

describe('stablePayload', () => {
  it('leaves out issued ids and tokens, instants, credentials and URLs', () => {
    const payload = {
      status: 'active',
      credentials: 'eyJhbGciOi',
      url: 'http://x/y',
      customer: { id: 'cus_uJksgYfUujun', country: 'USA', createdAt: '2026-01-01T00:00:00.000Z' },
      transaction: { id: null },
    }
    expect(stablePayload(payload, true)).toEqual({
      status: 'active',
      customer: { country: 'USA' },
      transaction: { id: null },
    })
  })

  it('keeps names that look like ids but are not issued ones', () => {
    expect(stablePayload({ payoutMethod: 'sepa_bank_transfer', status: 'pending_payment' }, true)).toEqual({
      payoutMethod: 'sepa_bank_transfer',
      status: 'pending_payment',
    })
  })

  it('keeps numbers only with amounts', () => {
    expect(stablePayload({ amount: 49, fee: { network: 2.5 } }, true)).toEqual({ amount: 49, fee: { network: 2.5 } })
    expect(stablePayload({ amount: 49, fee: { network: 2.5 } }, false)).toEqual({ fee: {} })
  })

  it('leaves out an array that had an element left out, since arrays match element by element', () => {
    expect(
      stablePayload({ ids: ['txn_4fGh7KxQ2m', 'usd'], list: [{ id: 'txn_4fGh7KxQ2m', status: 'ok' }] }, true),
    ).toEqual({ list: [{ status: 'ok' }] })
  })

  it('leaves out strings that carry an id, a token or an instant inside them', () => {
    const payload = {
      uploadUrl: 'http://127.0.0.1:4010/platform/v1/uploads/upl_4fGh7KxQ2m?token=up_Zx9',
      message: 'transaction txn_4fGh7KxQ2m was not found',
      late: 'expired at 2026-01-01T00:00:30.000Z',
      kept: 'amount must be at least 26',
    }
    expect(stablePayload(payload, true)).toEqual({ kept: 'amount must be at least 26' })
  })

  it("leaves out signatures and cursors, and keeps a seeded card's details (the same under every account)", () => {
    const payload = {
      signature: 'EYDE9YSwMxPqJNZ3eqENQ',
      pageInfo: { nextCursor: 'MjAyNS0xMi4x.abc' },
      card: { brand: 'visa', last4: '9307', expiryMonth: 8, expiryYear: 2032 },
    }
    expect(stablePayload(payload, true)).toEqual({
      pageInfo: {},
      card: { brand: 'visa', last4: '9307', expiryMonth: 8, expiryYear: 2032 },
    })
  })
})

describe('stableBody', () => {
  it('keeps the stable fields of a JSON body, amounts included', () => {
    const body = {
      data: { id: 'txn_4fGh7KxQ2m', status: 'pending', source: { amount: 49 }, createdAt: '2026-01-01T00:00:00.000Z' },
    }
    expect(stableBody(body)).toEqual({ data: { status: 'pending', source: { amount: 49 } } })
  })

  it('keeps an empty list: its length is stable', () => {
    expect(stableBody({ data: [], pageInfo: { nextCursor: null } })).toEqual({ data: [], pageInfo: {} })
  })

  it("is undefined for no body, a text body, the journal's placeholder of a long body, and a body with nothing stable", () => {
    expect(
      [
        undefined,
        'plain text',
        omittedBody(2_000_000),
        { data: { sessionToken: 'st_4fGh7KxQ2m', expiresAt: '2026-01-02T00:00:00.000Z' } },
      ].map(stableBody),
    ).toEqual([undefined, undefined, undefined, undefined])
  })
})

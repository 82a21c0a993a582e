import { describe, expect, it } from 'vitest'
import { IdentityCheck, type KycStatus } from '../../contract/index.ts'
import { identityCheckView } from './identity-check-view.ts'

const customer = { id: 'cus_Ab12', createdAt: '2026-01-01T00:00:00.000Z' }
const facts = { externalCustomerId: 'user-1', updatedAt: '2026-01-02T00:00:00.000Z' }
const viewOf = (kycStatus: KycStatus, rejections?: number) => IdentityCheck.parse(identityCheckView({ ...customer, kycStatus }, { ...facts, rejections }))

describe('identityCheckView', () => {
  it('is initiated, then pending, with no result before a decision', () => {
    expect([viewOf('not_started'), viewOf('pending')].map((check) => [check.status, check.result, check.rejectType])).toEqual([['initiated', null, null], ['pending', null, null]])
  })

  it('is completed and clear once approved, with no rejection', () => {
    expect(viewOf('approved')).toMatchObject({ status: 'completed', result: 'clear', rejectType: null, rejectLabels: [], rejections: 0 })
  })

  it('is completed and rejected once rejected, to be retried, counted once unless told the count', () => {
    expect(viewOf('rejected')).toMatchObject({ status: 'completed', result: 'rejected', rejectType: 'retry', rejectLabels: ['Other'], rejections: 1 })
    expect(viewOf('rejected', 3).rejections).toBe(3)
  })

  it("names the customer's identity and external id, its creation and the change's time", () => {
    expect(viewOf('approved')).toMatchObject({ id: 'idn_Ab12', customerId: 'cus_Ab12', externalCustomerId: 'user-1', createdAt: customer.createdAt, updatedAt: facts.updatedAt, level: 2 })
  })
})

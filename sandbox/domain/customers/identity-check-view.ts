import type { CustomerRecord, IdentityCheck } from '../../contract/index.ts'
import { identityIdOf } from './identity-verification.ts'

/** The sandbox verifies at one KYC level: the lower of the reference's examples (2 and 3). */
export const IDENTITY_CHECK_LEVEL = 2

/** What the identity check shows besides the customer's verification state. */
export interface IdentityCheckFacts {
  externalCustomerId: string | null
  /** When the verification state last changed, on the tenant clock (the customer record keeps no such time). */
  updatedAt: string
  /** How many times the customer was rejected; the record does not count them, so by default 1 once rejected, else 0. */
  rejections?: number
}

function decisionOf(kycStatus: CustomerRecord['kycStatus']): Pick<IdentityCheck, 'status' | 'result'> {
  switch (kycStatus) {
    case 'not_started':
      return { status: 'initiated', result: null }
    case 'pending':
      return { status: 'pending', result: null }
    case 'approved':
      return { status: 'completed', result: 'clear' }
    case 'rejected':
      return { status: 'completed', result: 'rejected' }
  }
}

/**
 * A customer's verification state as the reference's identity check object (`data` of `identity_check_updated`):
 * `not_started` is `initiated`, `pending` is `pending`, `approved` and `rejected` are `completed` with result `clear`
 * or `rejected`. A rejection is `retry` (the sandbox verifies a rejected customer again) labelled `Other` (the sandbox
 * rejects by a magic last name, not for a fault of a document). The id is the customer's identity id.
 *
 * @example
 * identityCheckView(customer, { externalCustomerId: 'user-1', updatedAt: tenant.clock.iso() }).status // 'completed'
 */
export function identityCheckView(customer: Pick<CustomerRecord, 'id' | 'kycStatus' | 'createdAt'>, facts: IdentityCheckFacts): IdentityCheck {
  const rejected = customer.kycStatus === 'rejected'
  return {
    id: identityIdOf(customer.id),
    customerId: customer.id,
    externalCustomerId: facts.externalCustomerId,
    createdAt: customer.createdAt,
    updatedAt: facts.updatedAt,
    level: IDENTITY_CHECK_LEVEL,
    ...decisionOf(customer.kycStatus),
    rejectType: rejected ? 'retry' : null,
    rejectLabels: rejected ? ['Other'] : [],
    rejections: facts.rejections ?? (rejected ? 1 : 0),
    resultDescription: null,
    escalationReasons: null,
  }
}

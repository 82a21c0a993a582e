import type { CustomerRecord } from '../contract/index.ts'
import type { Tenant } from '../kernel/tenant.ts'
import { needsIdentityVerification } from './customers/index.ts'
import { triggerFor, type PurchaseFrame, type TriggerOutcome } from './triggers.ts'

/**
 * What must happen before a purchase is paid: a test-mode trigger's outcome (48, 49, 41.13 … 52.13, see
 * `docs/triggers.md`), or the identity challenge of a buyer whose KYC is not approved.
 */
export type PurchaseGate = TriggerOutcome | { kind: 'challenge'; challenge: 'identity'; error?: undefined }

/**
 * The one place a purchase's gate is decided, for every buy frame and effect. The identity challenge comes
 * first: test-mode triggers apply once the buyer is verified (the buy frame checks the quote again).
 * Live mode ignores the triggers; `null` pays the purchase as it is.
 *
 * @example
 * purchaseGate(tenant, approvedBuyer, 48, 'buy') // { kind: 'challenge', challenge: 'wallet_ownership' }
 * purchaseGate(tenant, unverifiedBuyer, 48, 'buy') // { kind: 'challenge', challenge: 'identity' }
 * purchaseGate(tenant, approvedBuyer, 50, 'buy') // null
 */
export function purchaseGate(tenant: Tenant, buyer: CustomerRecord | undefined, amount: number, frame: PurchaseFrame): PurchaseGate | null {
  if (buyer && needsIdentityVerification(tenant, buyer)) return { kind: 'challenge', challenge: 'identity' }
  return triggerFor(tenant.mode, amount, frame)?.outcome ?? null
}

import type { CustomerRecord } from '#contract/index.ts'
import type { Tenant } from '#kernel/tenant.ts'
import { needsIdentityVerification } from './customers/index.ts'
import type { PurchaseFrame, PurchaseGate } from '#portable/frames/purchase-gate.ts'
import { triggerFor } from './triggers.ts'

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
export function purchaseGate(
  tenant: Tenant,
  buyer: CustomerRecord | undefined,
  amount: number,
  frame: PurchaseFrame,
): PurchaseGate | null {
  if (buyer && needsIdentityVerification(tenant, buyer)) return { kind: 'challenge', challenge: 'identity' }
  return triggerFor(tenant.mode, amount, frame)?.outcome ?? null
}

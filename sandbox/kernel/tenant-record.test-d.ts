// Type tests: `tsc --noEmit -p .` checks this file (see harness/scenario-types.test-d.ts). Nothing here runs.
import type { Tenant } from './tenant.ts'

/** A state event the contract's StateEventName lists is journaled; any other name is a type error. */
export function journalsOnlyContractNames(tenant: Tenant): void {
  tenant.record('webhook-endpoint:created', { endpointId: 'we_1' })
  // @ts-expect-error `webhook:sent` is not a StateEventName: add it to the contract first
  tenant.record('webhook:sent', {})
  // @ts-expect-error a name made of any string is refused too
  tenant.record(`webhook:${String(1)}`, {})
}

/**
 * Which external customer id (the partner's id, from the sessions it opens) each customer was last connected under,
 * and the reverse. Kept apart from sessions, which are swept once they expire, so the widget API's
 * `externalCustomerId` on a buy, and its list's filter by it, outlive them (decision 0066); a state file keeps it.
 *
 * @example
 * const links = new ExternalCustomers()
 * links.link('cus_1', 'u1')
 * links.of('cus_1') // 'u1'
 * links.customersOf('u1') // Set { 'cus_1' }
 */
export class ExternalCustomers {
  private readonly byCustomer = new Map<string, string>()
  private readonly byExternal = new Map<string, Set<string>>()

  /** Records that the partner connected `customerId` as `externalCustomerId`; an earlier link of the customer gives way. */
  link(customerId: string, externalCustomerId: string): void {
    const before = this.byCustomer.get(customerId)
    if (before === externalCustomerId) return
    if (before !== undefined) {
      const customers = this.byExternal.get(before)
      customers?.delete(customerId)
      if (customers?.size === 0) this.byExternal.delete(before)
    }
    this.byCustomer.set(customerId, externalCustomerId)
    let customers = this.byExternal.get(externalCustomerId)
    if (!customers) this.byExternal.set(externalCustomerId, (customers = new Set()))
    customers.add(customerId)
  }

  /** The external customer id the customer was last connected under, or null. */
  of(customerId: string): string | null {
    return this.byCustomer.get(customerId) ?? null
  }

  /** The customers last connected under an external customer id (none: an empty set). */
  customersOf(externalCustomerId: string): ReadonlySet<string> {
    return this.byExternal.get(externalCustomerId) ?? new Set()
  }

  /** Every link, as a state file keeps them. */
  entries(): Array<[string, string]> {
    return [...this.byCustomer]
  }
}

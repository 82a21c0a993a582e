import type { CustomerAddress, PersonalDetails, SubmitDetailsRequest } from '#contract/index.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import type { Tenant } from '#kernel/tenant.ts'
import type { Geography } from '../disclosures.ts'
import { loadCustomer, personalDetails } from './load-customer.ts'

/** Minimum age, in years, on the tenant clock. */
const MINIMUM_AGE = 18

/** EU member states plus Iceland, Liechtenstein and Norway (alpha-3). */
const EEA = new Set([
  'AUT',
  'BEL',
  'BGR',
  'HRV',
  'CYP',
  'CZE',
  'DNK',
  'EST',
  'FIN',
  'FRA',
  'DEU',
  'GRC',
  'HUN',
  'IRL',
  'ITA',
  'LVA',
  'LTU',
  'LUX',
  'MLT',
  'NLD',
  'POL',
  'PRT',
  'ROU',
  'SVK',
  'SVN',
  'ESP',
  'SWE',
  'ISL',
  'LIE',
  'NOR',
])

/**
 * Refuses a date of birth that makes the customer younger than 18 on the
 * tenant clock. A 29 February birthday comes of age on 1 March.
 *
 * @example
 * assertAdult(tenant, '2010-05-01') // throws 400 on a 2026 clock
 */
function assertAdult(tenant: Tenant, dateOfBirth: string): void {
  const [year, month, day] = dateOfBirth.split('-').map(Number) as [number, number, number]
  const comesOfAge = new Date(0)
  comesOfAge.setUTCFullYear(year + MINIMUM_AGE, month - 1, day)
  if (comesOfAge.getTime() > tenant.clock.now()) {
    const today = tenant.clock.iso().slice(0, 10)
    throw SandboxError.invalidField(
      'dateOfBirth',
      `dateOfBirth must make the customer at least ${MINIMUM_AGE} years old on ${today}`,
    )
  }
}

/**
 * Where an address puts the customer: its country and administrative area,
 * and area `EEA` for EEA countries (disclosures read this geography).
 *
 * @example
 * geographyOf({ line1: 'Unter den Linden 1', city: 'Berlin', postalCode: '10117', country: 'DEU' }) // { country: 'DEU', administrativeArea: null, area: 'EEA' }
 */
function geographyOf(address: CustomerAddress): Geography {
  return {
    country: address.country,
    administrativeArea: address.administrativeArea ?? null,
    area: EEA.has(address.country) ? 'EEA' : null,
  }
}

/**
 * Stores a customer's personal details and address, moves the customer's
 * geography to the address, and clears the `details` requirement.
 *
 * @example
 * await submitDetails(tenant, 'cus_abc', { firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '1990-12-10', address })
 */
export async function submitDetails(
  tenant: Tenant,
  customerId: string,
  input: SubmitDetailsRequest,
): Promise<PersonalDetails> {
  const { store } = await loadCustomer(tenant, customerId)
  assertAdult(tenant, input.dateOfBirth)
  const geography = geographyOf(input.address)
  const updated = await store.customers.update(customerId, (draft) => {
    draft.firstName = input.firstName
    draft.lastName = input.lastName
    draft.dateOfBirth = input.dateOfBirth
    draft.address = input.address
    Object.assign(draft, geography)
    draft.requirements = draft.requirements.filter((requirement) => requirement !== 'details')
  })
  if (!updated) throw new SandboxError('not_found', `customer ${customerId} does not exist for this account`)
  tenant.record('customer:updated', {
    customerId,
    fields: ['firstName', 'lastName', 'dateOfBirth', 'address'],
    ...geography,
    requirements: updated.requirements,
  })
  return personalDetails(updated)
}

/** Countries (alpha-3) where the service is unavailable: a connection there is `unavailable`. */
const RESTRICTED = new Set(['CUB', 'IRN', 'PRK', 'SYR'])

/** ISO alpha-3 → alpha-2 for the countries the fixtures use (currencies list alpha-2 restrictions). */
const ALPHA2 = new Map([
  ['USA', 'US'],
  ['DEU', 'DE'],
  ['GBR', 'GB'],
  ['CUB', 'CU'],
  ['CAN', 'CA'],
  ['JPN', 'JP'],
  ['FRA', 'FR'],
  ['BRA', 'BR'],
])

/** Whether the service is unavailable to residents of `country` (alpha-3). */
export function isRestrictedCountry(country: string): boolean {
  return RESTRICTED.has(country)
}

/** The alpha-2 code of an alpha-3 country, when known. */
export function alpha2(country: string): string | undefined {
  return ALPHA2.get(country)
}

/**
 * Where a customer first met through a session lives, from the session's phone
 * prefix (sandbox rule): +1 → USA / NY, +44 → GBR, +49 → DEU (EEA), else USA.
 * Submitting an address through the Customer API moves it.
 *
 * @example
 * geographyOfPhone('+447700900999') // { country: 'GBR', administrativeArea: null, area: null }
 */
export function geographyOfPhone(phoneNumber: string | null): {
  country: string
  administrativeArea: string | null
  area: string | null
} {
  if (phoneNumber?.startsWith('+1')) return { country: 'USA', administrativeArea: 'NY', area: null }
  if (phoneNumber?.startsWith('+44')) return { country: 'GBR', administrativeArea: null, area: null }
  if (phoneNumber?.startsWith('+49')) return { country: 'DEU', administrativeArea: null, area: 'EEA' }
  return { country: 'USA', administrativeArea: null, area: null }
}

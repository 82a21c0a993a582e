/** Countries (alpha-3) where the service is unavailable: a connection there is `unavailable`. */
const RESTRICTED = new Set(['CUB', 'IRN', 'PRK', 'SYR'])

/** ISO alpha-3 → alpha-2 for the countries the fixtures use (currencies list alpha-2 restrictions). */
const ALPHA2: Record<string, string> = { USA: 'US', DEU: 'DE', GBR: 'GB', CUB: 'CU', CAN: 'CA', JPN: 'JP', FRA: 'FR', BRA: 'BR' }

/** Whether the service is unavailable to residents of `country` (alpha-3). */
export function isRestrictedCountry(country: string): boolean {
  return RESTRICTED.has(country)
}

/** The alpha-2 code of an alpha-3 country, when known. */
export function alpha2(country: string): string | undefined {
  return ALPHA2[country]
}

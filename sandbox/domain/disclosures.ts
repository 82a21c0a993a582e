import type { PaymentDisclosure } from '#contract/index.ts'

/** Where a customer lives, as the spec's disclosure geography reads it. */
export interface Geography {
  country: string
  administrativeArea: string | null
  area: string | null
}

/** Stablecoins, for the EEA unregulated-stablecoin disclosure. */
const STABLECOINS = /^(usdc|usdt)(_|$)/

/** US states where a transaction-finality disclosure applies (spec: only NY and WA). */
const US_DISCLOSURE_STATES = new Set(['NY', 'WA'])

/**
 * Disclosures a partner must render for a customer (DESIGN §4): US+NY and US+WA
 * get `us-transaction-finality`; area EEA gets `eea-crypto-asset-risk`, plus
 * `eea-unregulated-stablecoin-risk` when buying a stablecoin.
 *
 * @example
 * paymentDisclosures({ country: 'USA', administrativeArea: 'NY', area: null }) // [{ id: 'us-transaction-finality', version: '1' }]
 */
export function paymentDisclosures(geography: Geography, assetCode?: string): PaymentDisclosure[] {
  if (
    geography.country === 'USA' &&
    geography.administrativeArea !== null &&
    US_DISCLOSURE_STATES.has(geography.administrativeArea)
  ) {
    return [{ id: 'us-transaction-finality', version: '1' }]
  }
  if (geography.area === 'EEA') {
    const risk = [{ id: 'eea-crypto-asset-risk', version: '1' }]
    return assetCode !== undefined && STABLECOINS.test(assetCode)
      ? [...risk, { id: 'eea-unregulated-stablecoin-risk', version: '1' }]
      : risk
  }
  return []
}

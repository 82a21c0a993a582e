import type { CryptoCurrency, FiatCurrency, PaymentMethodType } from '#contract/index.ts'
import type { CatalogIndex } from '#kernel/store/catalog-index.ts'

/** Network fee per network, in US dollars (what moving the coin costs). */
const NETWORK_FEE_USD = new Map<string, number>(
  Object.entries({
    bitcoin: 1.5,
    ethereum: 2.5,
    polygon: 0.02,
    solana: 0.01,
    base: 0.05,
    arbitrum: 0.1,
    bnb_chain: 0.1,
    avalanche_c_chain: 0.1,
    litecoin: 0.05,
    bitcoin_cash: 0.05,
    dogecoin: 0.5,
    cardano: 0.2,
    polkadot: 0.1,
    tron: 1,
    ripple: 0.01,
    stellar: 0.01,
    tezos: 0.05,
    algorand: 0.01,
  }),
)

/** Service fee per payment method: percent of the source amount, with a floor in US dollars. */
const CARD_FEE = { percent: 4.5, minimumUsd: 3.99 }
const WALLET_PAY_FEE = { percent: 3.5, minimumUsd: 3.99 }

/**
 * The service fee of a buy paid with `method`: percent of the source amount, with a floor in US dollars.
 *
 * @example
 * buyServiceFee('card') // { percent: 4.5, minimumUsd: 3.99 }
 */
export function buyServiceFee(method: PaymentMethodType): { percent: number; minimumUsd: number } {
  switch (method) {
    case 'card':
      return { ...CARD_FEE }
    case 'apple_pay':
    case 'google_pay':
      return { ...WALLET_PAY_FEE }
  }
}

/** Fee parameters of one buy, in the source fiat. */
export interface BuyFeeSchedule {
  network: number
  servicePercent: number
  serviceMinimum: number
  ecosystemPercent: number
}

/** Units of `fiat` per US dollar, read off the price table through a stablecoin. */
export function fiatPerUsd(catalog: CatalogIndex, fiat: FiatCurrency): number {
  const inFiat = catalog.pair('usdc', fiat.code)?.price
  const inUsd = catalog.pair('usdc', 'usd')?.price
  return inFiat !== undefined && inUsd !== undefined ? inFiat / inUsd : 1
}

/**
 * The fee schedule of a buy: a network fee for the destination's network, a
 * service fee for the payment method (card when none is named), and the
 * partner's `ecosystem` fee (formerly `partner`) at its default percentage.
 */
export function buyFeeSchedule(
  catalog: CatalogIndex,
  fiat: FiatCurrency,
  crypto: CryptoCurrency,
  method: PaymentMethodType | undefined,
  ecosystemPercent: number,
): BuyFeeSchedule {
  const rate = fiatPerUsd(catalog, fiat)
  const service = buyServiceFee(method ?? 'card')
  return {
    network: (NETWORK_FEE_USD.get(crypto.metadata.networkCode) ?? 0.1) * rate,
    servicePercent: service.percent,
    serviceMinimum: service.minimumUsd * rate,
    ecosystemPercent,
  }
}

import {
  fromMinor,
  PaymentMethodType,
  toMinor,
  type FiatCurrency,
  type PaymentMethodConfiguration,
  type PaymentMethodCurrency,
  type PaymentMethodSetup,
} from '#contract/index.ts'
import type { Tenant } from '#kernel/tenant.ts'
import { buyServiceFee, fiatPerUsd } from './buy-fees.ts'
import { paymentMethodConfigs } from './payment-methods.ts'

/** The fiats of the tenant's catalog. */
function fiatsOf(tenant: Tenant): FiatCurrency[] {
  return tenant.catalog.currencies.filter((currency): currency is FiatCurrency => currency.type === 'fiat')
}

/** One fiat a method pays with: the bounds a buy quote enforces on the total (`buyBoundsProblem`), the fee floor as quotes round it. */
function currencyOf(tenant: Tenant, fiat: FiatCurrency, minimumUsd: number): PaymentMethodCurrency {
  const minimumFee = fromMinor(toMinor(minimumUsd * fiatPerUsd(tenant.catalog, fiat), fiat.precision), fiat.precision)
  return { code: fiat.code, minBuyAmount: fiat.minBuyAmount, maxBuyAmount: fiat.maxBuyAmount, minimumFee }
}

/**
 * The account's payment-method configuration (`GET /v3/payment_methods`, decision record 0069), read off the code the
 * quotes and the platform API use: availability from {@link paymentMethodConfigs} (what
 * `GET /platform/v1/payment-methods` answers), fees from the buy fee schedule (`buyServiceFee`), limits from the
 * catalog's fiats (what a buy quote enforces). Every method buys; none sells (sells pay out through the pairs'
 * payout methods); all work in test and live mode.
 *
 * @example
 * paymentMethodConfiguration(tenant).paymentMethods[0] // { type: 'card', isBuySupported: true, feePercentage: 4.5, currencies: [{ code: 'usd', minBuyAmount: 30, … }], … }
 */
export function paymentMethodConfiguration(tenant: Tenant): PaymentMethodConfiguration {
  const fiats = fiatsOf(tenant)
  const availability = new Map(paymentMethodConfigs(tenant).map((config) => [config.type, config.availability]))
  const paymentMethods = PaymentMethodType.options.map((type): PaymentMethodSetup => {
    const fee = buyServiceFee(type)
    return {
      type,
      isBuySupported: true,
      isSellSupported: false,
      supportsTestMode: true,
      supportsLiveMode: true,
      availability: availability.get(type) ?? { available: false },
      feePercentage: fee.percent,
      currencies: fiats.map((fiat) => currencyOf(tenant, fiat, fee.minimumUsd)),
    }
  })
  return { paymentMethods }
}

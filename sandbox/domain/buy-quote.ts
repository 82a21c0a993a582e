import type { BuyQuote, BuyQuoteRequest, CustomerRecord, PaymentMethodRef } from '#contract/index.ts'
import type { Tenant } from '#kernel/tenant.ts'
import type { TenantStore } from '#kernel/store/tenant-store.ts'
import { checkPaymentMethod, checkWallet, destinationCrypto, sourceFiat } from './buy-quote-checks.ts'
import { paymentDisclosures } from './disclosures.ts'
import { isoTime } from './iso-time.ts'
import { checkBuyDecimals, priceBuy } from './price-buy.ts'
import type { StepCount } from './step-count.ts'
import type { TokenClaims } from '#portable/peek-token.ts'

/** Seconds a buy quote stays valid on the tenant clock. */
export const BUY_QUOTE_TTL_SECONDS = 30

/** The platform request's amount fields, as refusals name them. */
const PLATFORM_FIELDS = { source: 'source.amount', destination: 'destination.amount' }

/** What a buy-quote signature covers: the customer it was made for and every amount. */
function signedText(customerId: string, quote: BuyQuote): string {
  const {
    signature: _signature,
    executable: _executable,
    paymentDisclosures: _disclosures,
    limits: _limits,
    ...priced
  } = quote
  return `buy|${customerId}|${JSON.stringify(priced)}`
}

/** Whether a payment method can pay: a wallet pay, or a card named by its stored id (without one a card quote is only priced). */
function payable(method: PaymentMethodRef | undefined): boolean {
  return method !== undefined && (method.type !== 'card' || method.id !== undefined)
}

/**
 * Prices a buy for the holder of an access token (spec buy-quote rules 1–5).
 * Anonymous credentials get a quote that is not executable and has no signature;
 * full credentials with a wallet and a payment method (a card by its stored id) get an executable, signed one.
 * Priced by `destination.amount`, its search's steps are counted into `count` (at most `MAX_DESTINATION_STEPS`).
 *
 * @example
 * quoteBuy(tenant, store, claims, { source: { asset: { code: 'usd' }, amount: 100 }, destination: { asset: { code: 'eth' } } })
 */
export function quoteBuy(
  tenant: Tenant,
  store: TenantStore,
  claims: TokenClaims,
  request: BuyQuoteRequest,
  count?: StepCount,
): BuyQuote {
  const customer: CustomerRecord | undefined =
    claims.customer === null ? undefined : store.customers.get(claims.customer)
  const fiat = sourceFiat(tenant.catalog, request.source.asset.code)
  const crypto = destinationCrypto(tenant.catalog, request.destination.asset.code, tenant.mode, customer)
  const input = {
    sourceAmount: request.source.amount,
    destinationAmount: request.destination.amount,
    feeBehavior: request.feeBehavior ?? 'inclusive',
    method: request.paymentMethod?.type,
    extraFeePercentage: tenant.settings.defaultExtraFeePercentage,
  } as const
  checkBuyDecimals(fiat, crypto, input, PLATFORM_FIELDS)
  if (request.wallet) checkWallet(crypto, request.wallet, tenant.mode)
  const now = tenant.clock.now()
  if (request.paymentMethod) checkPaymentMethod(store, request.paymentMethod, customer, now)

  const { price, amounts } = priceBuy(tenant, fiat, crypto, input, PLATFORM_FIELDS, count)

  const executable =
    claims.scope === 'full' && customer !== undefined && request.wallet !== undefined && payable(request.paymentMethod)
  const quote: BuyQuote = {
    source: { asset: { code: fiat.code }, amount: amounts.source },
    destination: { asset: { code: crypto.code }, amount: amounts.destination },
    totalAmount: amounts.total,
    exchangeRate: price,
    fees: amounts.fees,
    feeBehavior: amounts.feeBehavior,
    wallet: request.wallet ?? null,
    paymentMethod: request.paymentMethod ?? null,
    executable,
    signature: null,
    expiresAt: isoTime(now + BUY_QUOTE_TTL_SECONDS * 1000),
    expiresIn: BUY_QUOTE_TTL_SECONDS,
    paymentDisclosures: customer ? paymentDisclosures(customer, crypto.code) : [],
    limits: { minAmount: fiat.minBuyAmount, maxAmount: fiat.maxBuyAmount },
  }
  if (executable) quote.signature = signBuyQuote(tenant, customer.id, quote)
  return quote
}

/**
 * The signature of a quote for a customer: what `quoteBuy` puts on an executable quote, and what `verifyBuyQuote`
 * checks. A test signs with it a quote the sandbox would not make, to see paying it refused.
 *
 * @example
 * signBuyQuote(tenant, 'cus_…', quote) // 'hmac…'
 */
export function signBuyQuote(tenant: Tenant, customerId: string, quote: BuyQuote): string {
  return tenant.sign(signedText(customerId, quote))
}

/**
 * Whether a buy quote was signed by this tenant for this customer, is unchanged
 * and unexpired: what executing it checks.
 *
 * @example
 * verifyBuyQuote(tenant, 'cus_…', quote) // 'valid' | 'tampered' | 'expired'
 */
export function verifyBuyQuote(tenant: Tenant, customerId: string, quote: BuyQuote): 'valid' | 'tampered' | 'expired' {
  if (!tenant.verify(signedText(customerId, quote), quote.signature)) return 'tampered'
  return Date.parse(quote.expiresAt) <= tenant.clock.now() ? 'expired' : 'valid'
}

import type { BuyQuote, BuyQuoteRequest, CustomerRecord, PaymentMethodRef } from '../contract/index.ts'
import { SandboxError } from '../kernel/sandbox-error.ts'
import type { Tenant } from '../kernel/tenant.ts'
import type { TenantStore } from '../kernel/store/tenant-store.ts'
import { amountsFromDestination, amountsFromSource } from './buy-amounts.ts'
import { buyFeeSchedule } from './buy-fees.ts'
import { buyBoundsProblem, checkPaymentMethod, checkWallet, destinationCrypto, sourceFiat } from './buy-quote-checks.ts'
import { paymentDisclosures } from './disclosures.ts'
import { isoTime } from './iso-time.ts'
import { priceAt } from './pricing.ts'
import type { TokenClaims } from './tokens.ts'

/** Seconds a buy quote stays valid on the tenant clock. */
export const BUY_QUOTE_TTL_SECONDS = 30

function decimalsOf(value: number): number {
  const text = String(value)
  return text.includes('e') ? 99 : (text.split('.')[1]?.length ?? 0)
}

/** What a buy-quote signature covers: the customer it was made for and every amount. */
function signedText(customerId: string, quote: BuyQuote): string {
  const { signature: _signature, executable: _executable, paymentDisclosures: _disclosures, limits: _limits, ...priced } = quote
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
 *
 * @example
 * quoteBuy(tenant, store, claims, { source: { asset: { code: 'usd' }, amount: 100 }, destination: { asset: { code: 'eth' } } })
 */
export function quoteBuy(tenant: Tenant, store: TenantStore, claims: TokenClaims, request: BuyQuoteRequest): BuyQuote {
  const customer: CustomerRecord | undefined = claims.customer === null ? undefined : store.customers.get(claims.customer)
  const fiat = sourceFiat(tenant.catalog, request.source.asset.code)
  const crypto = destinationCrypto(tenant.catalog, request.destination.asset.code, tenant.mode, customer)
  if (request.source.amount !== undefined && decimalsOf(request.source.amount) > fiat.precision) {
    throw SandboxError.invalidField('source.amount', `source.amount must have at most ${fiat.precision} decimal places for ${fiat.code}`)
  }
  if (request.destination.amount !== undefined && decimalsOf(request.destination.amount) > crypto.precision) {
    throw SandboxError.invalidField('destination.amount', `destination.amount must have at most ${crypto.precision} decimal places for ${crypto.code}`)
  }
  if (request.wallet) checkWallet(crypto, request.wallet, tenant.mode)
  const now = tenant.clock.now()
  if (request.paymentMethod) checkPaymentMethod(store, request.paymentMethod, customer, now)

  const pair = tenant.catalog.pair(crypto.code, fiat.code)!
  const price = priceAt(pair, tenant.catalog.walk(crypto.code), now - tenant.catalog.priceEpoch)
  const schedule = buyFeeSchedule(tenant.catalog, fiat, crypto, request.paymentMethod?.type, tenant.settings.defaultExtraFeePercentage)
  const units = { price, fiatPrecision: fiat.precision, cryptoPrecision: crypto.precision }
  const amounts = request.destination.amount !== undefined
    ? amountsFromDestination(request.destination.amount, schedule, units)
    : amountsFromSource(request.source.amount!, request.feeBehavior ?? 'inclusive', schedule, units)
  const outOfBounds = buyBoundsProblem(fiat, crypto, amounts)
  if (outOfBounds) throw SandboxError.invalidField(request.destination.amount !== undefined ? 'destination.amount' : 'source.amount', outOfBounds.message)

  const executable = claims.scope === 'full' && customer !== undefined && request.wallet !== undefined && payable(request.paymentMethod)
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

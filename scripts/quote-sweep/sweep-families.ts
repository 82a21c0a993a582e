import {
  BuyLimits,
  BuyLimitsQuery,
  BuyQuote,
  BuyQuoteRequestBody,
  fromMinor,
  SellQuote,
  SellQuoteQuery,
  SwapQuote,
  SwapQuoteQuery,
  WidgetBuyQuote,
  WidgetBuyQuoteQuery,
  type BuyLimitSide,
  type CryptoCurrency,
  type FiatCurrency,
  type WidgetBuyPaymentMethod,
} from '#contract/index.ts'
import { buyLimits } from '#domain/buy-limits.ts'
import { quoteBuy } from '#domain/buy-quote.ts'
import { quoteSell } from '#domain/sell-quote.ts'
import { quoteSwap } from '#domain/swap-quote.ts'
import type { SwapPairOf } from '#domain/swap-pairs.ts'
import type { TokenClaims } from '#portable/peek-token.ts'
import { platformMethodOf, quoteWidgetBuy } from '#domain/widget-buy-quote.ts'
import { runEffect } from '#frames/effects/index.ts'
import type { SandboxCore } from '#http/sandbox-core.ts'
import { parseJsonBody, parseQuery } from '#http/parse-input.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import type { TenantStore } from '#kernel/store/tenant-store.ts'
import type { Tenant } from '#kernel/tenant.ts'
import type { SweepTally } from './sweep-tally.ts'

/** What every case runs against: one account (its clock at the case's instant), the tally, and a seeded draw in [0, 1). */
export interface SweepContext {
  core: SandboxCore
  tenant: Tenant
  store: TenantStore
  tally: SweepTally
  random: () => number
}

/** One buy case of the grid: a pair, a widget payment method and whether fees are included. */
export interface BuyCase {
  fiat: FiatCurrency
  crypto: CryptoCurrency
  method: WidgetBuyPaymentMethod
  feesIncluded: boolean
}

/** The largest amount the widget and platform buy schemas take. */
const LARGEST = 1e12

/** An amount as a query sends it: plain decimals, at most `decimals` of them. */
const text = (amount: number, decimals: number) => amount.toFixed(decimals)

/** Amounts worth trying in a currency: its smallest unit, its bounds, the largest a request takes, and a seeded one between. */
function amountsOf(precision: number, bounds: Array<number | null>, random: () => number): number[] {
  const unit = fromMinor(1, precision)
  const drawn = 10 ** (Math.log10(unit) + random() * (Math.log10(LARGEST) - Math.log10(unit)))
  return [unit, ...bounds.filter((bound): bound is number => bound !== null), LARGEST, Number(text(drawn, precision))]
}

/** Anonymous client claims: what an apiKey-only frame quotes with, and enough for a priced (not executable) buy quote. */
const anonymous = (tenant: Tenant): TokenClaims => ({
  kind: 'client',
  tenant: tenant.id,
  session: '',
  customer: null,
  scope: 'anonymous',
  iat: 0,
  exp: 0,
  inc: tenant.incarnation,
})

/** Whether the widget buy quote takes `amount` in `field` (a 4xx is no; anything else is thrown on). */
function widgetQuoteTakes(
  ctx: SweepContext,
  c: BuyCase,
  field: 'baseCurrencyAmount' | 'quoteCurrencyAmount',
  amount: string,
): boolean {
  try {
    const query = parseQuery(WidgetBuyQuoteQuery, {
      baseCurrencyCode: c.fiat.code,
      [field]: amount,
      paymentMethod: c.method,
      areFeesIncluded: String(c.feesIncluded),
    })
    quoteWidgetBuy(ctx.tenant, c.crypto.code, query)
    return true
  } catch (error) {
    if (error instanceof SandboxError && error.status < 500) return false
    throw error
  }
}

/** Limits that tell the truth: the buy quote takes each bound and refuses a minor unit beyond it. */
function checkHonest(
  ctx: SweepContext,
  c: BuyCase,
  label: string,
  field: 'baseCurrencyAmount' | 'quoteCurrencyAmount',
  side: BuyLimitSide,
  precision: number,
): void {
  const unit = fromMinor(1, precision)
  const probes: Array<[number, boolean]> = [
    [side.minBuyAmount, true],
    [side.minBuyAmount - unit, false],
  ]
  if (side.maxBuyAmount !== null) probes.push([side.maxBuyAmount, true], [side.maxBuyAmount + unit, false])
  for (const [amount, inside] of probes) {
    if (amount <= 0) continue
    const taken = widgetQuoteTakes(ctx, c, field, text(amount, precision))
    if (taken !== inside)
      ctx.tally.fail(
        'limits',
        label,
        `${field} ${text(amount, precision)} is ${taken ? 'quoted' : 'refused'}, yet the limits put it ${inside ? 'inside' : 'outside'}`,
      )
  }
}

/** `GET /v3/currencies/{code}/limits` for the case, and the buy quote at and just beyond each bound it answers. */
export async function sweepLimits(ctx: SweepContext, c: BuyCase, label: string): Promise<void> {
  const query = { baseCurrencyCode: c.fiat.code, paymentMethod: c.method, areFeesIncluded: String(c.feesIncluded) }
  const limits = await ctx.tally.run('limits', label, BuyLimits, (count) =>
    buyLimits(ctx.tenant, c.crypto.code, parseQuery(BuyLimitsQuery, query), count),
  )
  if (!limits) return
  try {
    checkHonest(ctx, c, label, 'baseCurrencyAmount', limits.baseCurrency, c.fiat.precision)
    checkHonest(ctx, c, label, 'quoteCurrencyAmount', limits.quoteCurrency, c.crypto.precision)
  } catch (error) {
    ctx.tally.fail('limits', label, `a buy quote at a bound threw ${String(error)}`)
  }
}

/** Buy quotes by crypto amount for the case, on the widget API and on the platform API. */
export async function sweepByDestination(ctx: SweepContext, c: BuyCase, label: string): Promise<void> {
  const { tenant, store, tally } = ctx
  for (const amount of amountsOf(c.crypto.precision, [c.crypto.minBuyAmount, c.crypto.maxBuyAmount], ctx.random)) {
    const widget = {
      baseCurrencyCode: c.fiat.code,
      quoteCurrencyAmount: text(amount, c.crypto.precision),
      paymentMethod: c.method,
      areFeesIncluded: String(c.feesIncluded),
    }
    await tally.run('widget buy by destination', `${label} ${amount}`, WidgetBuyQuote, (count) =>
      quoteWidgetBuy(tenant, c.crypto.code, parseQuery(WidgetBuyQuoteQuery, widget), count),
    )
    const body = JSON.stringify({
      source: { asset: { code: c.fiat.code } },
      destination: { asset: { code: c.crypto.code }, amount },
      paymentMethod: { type: platformMethodOf(c.method) },
      feeBehavior: c.feesIncluded ? 'inclusive' : 'exclusive',
    })
    await tally.run('platform buy by destination', `${label} ${amount}`, BuyQuote, (count) =>
      quoteBuy(tenant, store, anonymous(tenant), parseJsonBody(BuyQuoteRequestBody, body), count),
    )
  }
}

/** The widget frame's `widget.price` effect (its estimate, by fiat amount) for a pair, with amounts no form would send too. */
export async function sweepEstimate(
  ctx: SweepContext,
  fiat: FiatCurrency,
  crypto: CryptoCurrency,
  label: string,
): Promise<void> {
  const context = {
    core: ctx.core,
    tenant: ctx.tenant,
    frame: 'widget' as const,
    channelId: 'quote-sweep',
    params: {},
    expiresAt: Number.MAX_SAFE_INTEGER,
  }
  for (const amount of [
    ...amountsOf(fiat.precision, [fiat.minBuyAmount, fiat.maxBuyAmount], ctx.random),
    0,
    -1,
    1e300,
  ]) {
    await ctx.tally.run('widget frame estimate', `${label} ${amount}`, undefined, async () => {
      const result = await runEffect(context, {
        type: 'widget.price',
        fiatCode: fiat.code,
        amount,
        currencyCode: crypto.code,
      })
      if (!result.ok) throw new SandboxError('invalid_request', result.error.message)
      return result.value
    })
  }
}

/** Sell quotes for a pair: every payout method it offers, the default, and one sell quotes never offer. */
export async function sweepSell(
  ctx: SweepContext,
  fiat: FiatCurrency,
  crypto: CryptoCurrency,
  label: string,
): Promise<void> {
  const methods = [
    ...(ctx.tenant.catalog.pair(crypto.code, fiat.code)?.payoutMethods.map((fee) => fee.method) ?? []),
    undefined,
    'pix_instant_payment',
  ]
  const decimals = Math.min(crypto.precision, 5)
  for (const payoutMethod of methods) {
    for (const amount of amountsOf(decimals, [crypto.minSellAmount, crypto.maxSellAmount], ctx.random)) {
      const query = {
        quoteCurrencyCode: fiat.code,
        baseCurrencyAmount: text(amount, decimals),
        ...(payoutMethod === undefined ? {} : { payoutMethod }),
      }
      await ctx.tally.run('sell', `${label} ${payoutMethod ?? 'default'} ${amount}`, SellQuote, () =>
        quoteSell(ctx.tenant, crypto.code, parseQuery(SellQuoteQuery, query), query.baseCurrencyAmount),
      )
    }
  }
}

/** Swap quotes for a listed pair: at and beyond its limits, the largest amount, and a seeded one. */
export async function sweepSwap(ctx: SweepContext, { pair, base }: SwapPairOf, at: string): Promise<void> {
  const unit = fromMinor(1, base.precision)
  const decimals = Math.min(base.precision, 5)
  for (const amount of [
    ...amountsOf(decimals, [pair.minSwapAmount, pair.maxSwapAmount], ctx.random),
    pair.minSwapAmount - unit,
    pair.maxSwapAmount + unit,
  ]) {
    if (amount <= 0) continue
    const query = { baseCurrencyAmount: text(amount, decimals) }
    await ctx.tally.run('swap', `${at} ${pair.pairName} ${amount}`, SwapQuote, () =>
      quoteSwap(ctx.tenant, ctx.store, pair.pairName, parseQuery(SwapQuoteQuery, query).baseCurrencyAmount, {
        customer: null,
        swap: null,
      }),
    )
  }
}

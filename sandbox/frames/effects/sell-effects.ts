import { SellQuoteQuery, type SellQuote } from '#contract/index.ts'
import { describeIssue } from '#kernel/describe-issue.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import { quoteSell } from '#domain/sell-quote.ts'
import { startSellTransaction } from '#domain/sell-transactions.ts'
import { refundAddressPattern } from '#domain/sell-addresses.ts'
import type { WidgetSellQuote } from '#portable/frames/effect-results.ts'
import { connectedCustomer } from './account-effects.ts'
import type { EffectHandlers } from './effect-handler.ts'
import type { FrameContext } from './frame-context.ts'
import { FrameError } from './frame-error.ts'
import { parseReportingInput } from '#kernel/parse-reporting-input.ts'

/**
 * Runs `work`, turning a refusal of the order into `invalid_request` (an unknown crypto is the quote's `not_found`),
 * so the widget sends the customer back to the amount screen with the message.
 */
async function asRefusal<T>(work: () => T | Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof SandboxError && error.code === 'not_found' && !error.message.startsWith('customerId'))
      throw new FrameError('invalid_request', error.message)
    throw error
  }
}

/** The sell quote of the widget's order, at the tenant clock, checked by the quote endpoint's own query schema. */
function quoteOf(context: FrameContext, currencyCode: string, fiatCode: string, amount: number): SellQuote {
  const parsed = parseReportingInput(SellQuoteQuery, {
    quoteCurrencyCode: fiatCode,
    baseCurrencyAmount: String(amount),
  })
  if (!parsed.success) throw new FrameError('invalid_request', describeIssue(parsed.error.issues[0]!).message)
  return quoteSell(context.tenant, currencyCode.toLowerCase(), parsed.data, String(amount))
}

/** Effects of the widget's sell flow (decision record 0070). */
export const sellEffects: EffectHandlers<'widget.sellQuote' | 'widget.sell'> = {
  /**
   * Prices the widget's sale as `GET /v3/currencies/{code}/sell_quote` would (same refusals, as `invalid_request`):
   * works for an apiKey-only frame, as the buy's `widget.price` does.
   */
  'widget.sellQuote': async (context, { currencyCode, fiatCode, amount }): Promise<WidgetSellQuote> => {
    const quote = await asRefusal(() => quoteOf(context, currencyCode, fiatCode, amount))
    const { baseCurrencyAmount, quoteCurrencyAmount, feeAmount, extraFeeAmount, payoutMethod } = quote
    return {
      currencyCode: quote.baseCurrencyCode,
      fiatCode: quote.quoteCurrencyCode,
      baseCurrencyAmount,
      quoteCurrencyAmount,
      feeAmount,
      extraFeeAmount,
      payoutMethod,
      addressRegex: refundAddressPattern(context.tenant.mode, quote.baseCurrency),
    }
  },

  /** Starts the sell for the connected customer (`connection_required` without one), priced again at this instant. */
  'widget.sell': async (
    context,
    { currencyCode, fiatCode, amount, payoutMethod, refundWalletAddress, externalTransactionId },
  ) => {
    const customerId = connectedCustomer(context, 'connection_required')
    const { tenant } = context
    const input = {
      customerId,
      baseCurrencyCode: currencyCode,
      quoteCurrencyCode: fiatCode,
      baseCurrencyAmount: amount,
      payoutMethod,
      refundWalletAddress,
      externalTransactionId,
    }
    const sell = await asRefusal(async () => startSellTransaction(tenant, await tenant.store(), input))
    return {
      id: sell.id,
      status: sell.status,
      depositWalletAddress: sell.depositWalletAddress,
      baseCurrencyAmount: sell.baseCurrencyAmount,
      depositExpiresAt: sell.depositExpiresAt,
    }
  },
}

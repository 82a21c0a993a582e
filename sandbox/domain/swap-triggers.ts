import type { Mode, SwapFailureReason } from '#contract/index.ts'

/**
 * What a swap trigger does: fail the swap with a reason at one of its steps, freeze it at screening, or find its quote
 * expired at screening (a requote).
 */
type SwapTriggerOutcome =
  | Extract<SwapFailureReason, 'walletGenerationFailed' | 'customerLimitsExceeded' | 'assetSwapFailed'>
  | 'frozen'
  | 'quoteExpired'

/** One test-mode swap trigger: a quoted base amount and what it does. */
interface SwapTrigger {
  amount: number
  outcome: SwapTriggerOutcome
  description: string
}

/**
 * Every test-mode swap trigger, by the executed quote's `baseCurrencyAmount` (decisions 0068, 0088). Live mode ignores them.
 * Served by `GET /__sandbox/fixtures` as `swapTriggers`. Whole amounts plus 13 hundredths in the 60s, as the buy
 * triggers are in the 40s and 50s (`triggers.ts`): no ordinary swap sets one off. They fit the limits of pairs whose
 * base currency is worth between about 0.4 and 800 US dollars (a stablecoin, SOL, XRP; not BTC or ETH).
 */
export const SWAP_TRIGGERS: readonly SwapTrigger[] = [
  {
    amount: 61.13,
    outcome: 'walletGenerationFailed',
    description:
      'no deposit address is made: failed with `walletGenerationFailed` when the address would be (5 s after execution)',
  },
  {
    amount: 62.13,
    outcome: 'customerLimitsExceeded',
    description:
      'screening refuses the customer: failed with `customerLimitsExceeded` 10 s after the deposit, the deposit refunded',
  },
  {
    amount: 63.13,
    outcome: 'frozen',
    description: 'screening freezes the swap: `frozen` 10 s after the deposit, and it stays frozen',
  },
  {
    amount: 64.13,
    outcome: 'assetSwapFailed',
    description: 'the swap itself fails: failed with `assetSwapFailed` 30 s after screening, the deposit refunded',
  },
  {
    amount: 65.13,
    outcome: 'quoteExpired',
    description:
      'screening finds the quote expired: `reQuoteRequired` 10 s after the deposit (`swap_quote_expired`), a requote prices the deposit',
  },
]

/**
 * The trigger an executed quote's base amount sets off, if any; none in live mode.
 *
 * @example
 * swapTriggerFor('test', '62.13')?.outcome // 'customerLimitsExceeded'
 * swapTriggerFor('live', '62.13') // undefined
 */
export function swapTriggerFor(mode: Mode, baseAmount: string): SwapTrigger | undefined {
  if (mode !== 'test') return undefined
  return SWAP_TRIGGERS.find((trigger) => trigger.amount === Number(baseAmount))
}

/** The swap triggers as `GET /__sandbox/fixtures` lists them. */
export function swapTriggerFixtures(): Array<Record<string, unknown>> {
  return SWAP_TRIGGERS.map((trigger) => ({ ...trigger, source: 'sandbox' }))
}

/**
 * The swap triggers as the table of docs/triggers.md (a test keeps the two equal).
 *
 * @example
 * swapTriggersMarkdown().split('\n')[0] // '| quoted base amount | outcome |'
 */
export function swapTriggersMarkdown(): string {
  const rows = SWAP_TRIGGERS.map((t) => `| \`${t.amount}\` | ${t.description} |`)
  return ['| quoted base amount | outcome |', '|---|---|', ...rows].join('\n')
}

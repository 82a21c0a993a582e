import type { Mode, SellFailureReason } from '#contract/index.ts'

/** What a sell trigger does: the payout fails at settlement, or the deposit window is short. */
type SellTriggerOutcome =
  | { kind: 'payoutFails'; failureReason: SellFailureReason }
  | { kind: 'shortDepositWindow'; seconds: number }

/** One test-mode sell trigger: the significant digits of the crypto amount sold, and what they do. */
interface SellTrigger {
  /** The amount's significant digits: `4113` is set off by 0.04113 BTC, 0.4113 ETH, 41.13 USDC, 4113000 SHIB … */
  digits: string
  /** Amounts that set it off, for the common currencies (any power of ten of the digits does). */
  examples: string[]
  outcome: SellTriggerOutcome
  description: string
}

/**
 * Every test-mode sell trigger (decision 0067), served by `GET /__sandbox/fixtures` as `sellTriggers`. Crypto
 * precisions run from 0 to 5 decimals and sell minimums from 0.00012 BTC to 1.9 million SHIB, so one fixed amount
 * cannot fit every currency: a trigger is a run of significant digits, at any power of ten, following the buy
 * triggers' "+13" convention (41.13 …), so no ordinary sale (0.5, 1, 100, 0.0123 …) sets one off. Live mode ignores them.
 */
export const SELL_TRIGGERS: readonly SellTrigger[] = [
  {
    digits: '4113',
    examples: ['0.04113 btc', '0.4113 eth', '41.13 usdc'],
    outcome: { kind: 'payoutFails', failureReason: 'error' },
    description:
      'the deposit is accepted, the stages pass, and the payout fails at settlement: `failed`, failureReason `error` at stage_four_delivery',
  },
  {
    digits: '4213',
    examples: ['0.04213 btc', '0.4213 eth', '42.13 usdc'],
    outcome: { kind: 'shortDepositWindow', seconds: 60 },
    description:
      'the deposit window is 60 s instead of 30 min: with no deposit by then, `failed`, failureReason `timeout_deposit`',
  },
]

/** The significant digits of an amount as JavaScript writes it: `0.04113` → `4113`, `4113000` → `4113`. */
export function significantDigits(amount: number): string {
  return String(amount).replace('.', '').replace(/^0+/, '').replace(/0+$/, '')
}

/**
 * The trigger a sale of `amount` (the transaction's crypto amount) sets off, if any; live mode ignores them.
 *
 * @example
 * sellTriggerFor('test', 0.4113)?.outcome // { kind: 'payoutFails', failureReason: 'error' }
 * sellTriggerFor('test', 0.5) // undefined
 * sellTriggerFor('live', 41.13) // undefined
 */
export function sellTriggerFor(mode: Mode, amount: number): SellTrigger | undefined {
  if (mode !== 'test') return undefined
  const digits = significantDigits(amount)
  return SELL_TRIGGERS.find((trigger) => trigger.digits === digits)
}

/**
 * The sell triggers as the table of docs/triggers.md (a test keeps the two equal).
 *
 * @example
 * sellTriggersMarkdown().split('\n')[0] // '| digits | e.g. | outcome |'
 */
export function sellTriggersMarkdown(): string {
  const rows = SELL_TRIGGERS.map((t) => `| \`${t.digits}\` | ${t.examples.join(', ')} | ${t.description} |`)
  return ['| digits | e.g. | outcome |', '|---|---|---|', ...rows].join('\n')
}

/**
 * The sell triggers as `GET /__sandbox/fixtures` lists them (`sellTriggers`): copies, so an answer never hands out the
 * registry.
 *
 * @example
 * sellTriggerFixtures()[0].digits // '4113'
 */
export function sellTriggerFixtures(): Array<Record<string, unknown>> {
  return SELL_TRIGGERS.map((trigger) => ({
    ...trigger,
    examples: [...trigger.examples],
    outcome: { ...trigger.outcome },
  }))
}

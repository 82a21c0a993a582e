import type { FailureCode, Mode } from '#contract/index.ts'
import {
  PURCHASE_FRAMES,
  type ChallengeErrorCode,
  type PurchaseFrame,
  type TriggerOutcome,
} from '#portable/frames/purchase-gate.ts'

const CARD = ['buy', 'buy-button'] as const satisfies readonly PurchaseFrame[]
const WALLET = ['apple-pay', 'google-pay'] as const satisfies readonly PurchaseFrame[]

/** One test-mode trigger: a buy amount (the quote's `source.amount`) and what it does in which frames. */
interface TestTrigger {
  amount: number
  frames: readonly PurchaseFrame[]
  outcome: TriggerOutcome
  /** `spec`: documented by the service; `sandbox`: a sandbox extension. */
  source: 'spec' | 'sandbox'
  description: string
}

const failure = (
  amount: number,
  failureCode: FailureCode,
  failureReason: string,
  frames: readonly PurchaseFrame[] = WALLET,
): TestTrigger => ({
  amount,
  frames,
  source: 'sandbox',
  outcome: { kind: 'failure', failureCode, failureReason },
  description: `the transaction fails with \`${failureCode}\``,
})

const challengeError = (amount: number, code: ChallengeErrorCode, message: string): TestTrigger => ({
  amount,
  frames: PURCHASE_FRAMES,
  source: 'sandbox',
  outcome: { kind: 'challenge', challenge: 'wallet_ownership', error: { code, message } },
  description: `a wallet-ownership challenge whose challenge frame reports \`${code}\``,
})

/**
 * Every test-mode trigger, by amount. Live mode ignores them all. Served by
 * `GET /__sandbox/fixtures` and rendered into `docs/triggers.md`.
 *
 * `48` and `49` are the spec's, whole amounts exactly as it states them. Every
 * sandbox extension is a whole amount plus 13 cents (`41.13` … `52.13`): no
 * ordinary purchase (10, 25, 50, 19.99, 49.50 …) may set one off, since the real
 * test mode would pay it normally; two decimals keep them quotable in every fiat
 * with at least two, and the 13 makes them easy to spot in a partner's tests.
 */
export const TEST_TRIGGERS: readonly TestTrigger[] = [
  failure(41.13, 'transactionNotAllowed', 'This purchase is not allowed for this customer.'),
  failure(42.13, 'validationError', 'The payment details did not pass validation.'),
  failure(43.13, 'serviceUnavailable', 'The payment service is temporarily unavailable; try again later.'),
  failure(44.13, 'authorizationDeclined', 'The wallet declined to authorize the payment.'),
  failure(45.13, 'unknown', 'The payment failed for an unknown reason.'),
  failure(46.13, 'walletPayMerchantUnavailable', 'Apple Pay is not available for this merchant.', ['apple-pay']),
  {
    amount: 47.13,
    frames: ['apple-pay'],
    source: 'sandbox',
    outcome: { kind: 'secondFactor' },
    description:
      'posts `oneTapWalletPaySecondFactorRequired`; the purchase goes on once the customer confirms the second factor',
  },
  {
    amount: 48,
    frames: PURCHASE_FRAMES,
    source: 'spec',
    outcome: { kind: 'challenge', challenge: 'wallet_ownership' },
    description: 'a wallet-ownership challenge (wallet pay and card)',
  },
  {
    amount: 49,
    frames: CARD,
    source: 'spec',
    outcome: { kind: 'challenge', challenge: 'cvv' },
    description: 'a CVV re-entry challenge (card)',
  },
  challengeError(50.13, 'invalid_token', 'the challenge token is not valid (sandbox trigger 50.13)'),
  challengeError(51.13, 'unsupported_flow', 'this challenge flow is not supported here (sandbox trigger 51.13)'),
  challengeError(52.13, 'invalid_challenge', 'the challenge cannot be resolved (sandbox trigger 52.13)'),
]

/**
 * The trigger a purchase of `amount` (the quote's `source.amount`, exactly) sets off in `frame`, if any.
 * Live mode ignores every trigger.
 *
 * @example
 * triggerFor('test', 48, 'apple-pay')?.outcome // { kind: 'challenge', challenge: 'wallet_ownership' }
 * triggerFor('test', 49, 'apple-pay') // undefined: the CVV challenge is for cards
 * triggerFor('live', 48, 'buy') // undefined
 * triggerFor('test', 41.13, 'google-pay')?.outcome.kind // 'failure' (a sandbox extension)
 * triggerFor('test', 50, 'buy') // undefined: an ordinary amount
 */
export function triggerFor(mode: Mode, amount: number, frame: PurchaseFrame): TestTrigger | undefined {
  if (mode !== 'test') return undefined
  return TEST_TRIGGERS.find((trigger) => trigger.amount === amount && trigger.frames.includes(frame))
}

/** Whether a frame is one that buys. */
export function isPurchaseFrame(frame: string): frame is PurchaseFrame {
  return (PURCHASE_FRAMES as readonly string[]).includes(frame)
}

/**
 * The registry as a markdown table (the one in `docs/triggers.md`, kept in step by a test).
 *
 * @example
 * triggersMarkdown().split('\n')[0] // '| amount | frames | outcome | source |'
 */
export function triggersMarkdown(): string {
  const rows = TEST_TRIGGERS.map((t) => {
    const reason = t.outcome.kind === 'failure' ? ` (failureReason: "${t.outcome.failureReason}")` : ''
    return `| \`${t.amount}\` | ${t.frames.map((f) => `\`${f}\``).join(', ')} | ${t.description}${reason} | ${t.source === 'spec' ? 'spec' : 'sandbox extension'} |`
  })
  return ['| amount | frames | outcome | source |', '|---|---|---|---|', ...rows].join('\n')
}

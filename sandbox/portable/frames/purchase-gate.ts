import type { FailureCode } from '#contract/index.ts'

// The words of a purchase's gate: the machines in the page and the domain on the server both speak them, so they
// sit here, apart from the trigger table (sandbox/domain/triggers.ts) and the gate's decision (domain/purchase-gate.ts).

/** The frames that buy, where test-mode triggers apply. `buy` and `buy-button` pay by card. */
export const PURCHASE_FRAMES = ['buy', 'buy-button', 'apple-pay', 'google-pay'] as const
/** One of `PURCHASE_FRAMES`. */
export type PurchaseFrame = (typeof PURCHASE_FRAMES)[number]

/** What a challenge asks of the customer: prove they own the wallet, or enter the card's CVV again. */
export type ChallengeKind = 'wallet_ownership' | 'cvv'

/** Error codes of the challenge frame (spec). */
export type ChallengeErrorCode = 'invalid_token' | 'unsupported_flow' | 'invalid_challenge'

/**
 * What a trigger does to a purchase:
 * - `challenge`: the frame posts `challenge`; with `error`, the challenge frame reports that error instead of resolving;
 * - `failure`: the transaction fails with a wallet-pay `failureCode`;
 * - `secondFactor`: iOS wallet pay posts `oneTapWalletPaySecondFactorRequired` and waits for the customer.
 */
export type TriggerOutcome =
  | { kind: 'challenge'; challenge: ChallengeKind; error?: { code: ChallengeErrorCode; message: string } }
  | { kind: 'failure'; failureCode: FailureCode; failureReason: string }
  | { kind: 'secondFactor' }

/**
 * What must happen before a purchase is paid: a test-mode trigger's outcome (48, 49, 41.13 … 52.13, see
 * `docs/triggers.md`), or the identity challenge of a buyer whose KYC is not approved.
 */
export type PurchaseGate = TriggerOutcome | { kind: 'challenge'; challenge: 'identity'; error?: undefined }

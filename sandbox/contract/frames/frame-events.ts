import { z } from 'zod'
import {
  BuyQuote,
  ConnectionStatus,
  Customer,
  CustomerCapabilities,
  FailureCode,
  StoredCard,
  TransactionStatus,
} from '../platform/index.ts'
import { SellTransactionStatus } from '../sell-transaction.ts'

/** Challenge frame error codes of the spec; others from the upstream flow pass through as strings. */
export const ChallengeErrorCode = z.union([
  z.enum(['invalid_token', 'unsupported_flow', 'invalid_challenge']),
  z.string().min(1),
])

/** `error` payload of any frame: developer-facing code and message (show the customer a generic next step). */
export const FrameErrorPayload = z.object({ code: z.string().min(1), message: z.string().min(1) })
export type FrameErrorPayload = z.infer<typeof FrameErrorPayload>

/** `complete` of check, connect and auth: the connection, with encrypted credentials. `mismatch` only when true. */
export const ConnectionComplete = z.object({
  status: ConnectionStatus,
  customer: Customer.optional(),
  capabilities: CustomerCapabilities.optional(),
  mismatch: z.literal(true).optional(),
  credentials: z.string().min(1),
})

/** `complete` of a buy frame: the transaction status and, on failure, `failureCode` and `failureReason`. */
export const PurchaseComplete = z.object({
  transaction: z.object({ id: z.string().nullable(), status: TransactionStatus }),
  failureCode: FailureCode.optional(),
  failureReason: z.string().optional(),
})

/**
 * `complete` of the widget's sell flow (decision record 0070): `flow` `sell` and the sell transaction just started,
 * `waitingForDeposit` (read it with `GET /v3/sell_transactions/{id}`). The buy flow's `complete` has no `flow`.
 */
export const SellComplete = z.object({
  flow: z.literal('sell'),
  transaction: z.object({ id: z.string(), status: SellTransactionStatus }),
})

/** `challenge`: verification is needed; load `url` into the challenge frame. */
export const ChallengePayload = z.object({ kind: z.literal('frame'), url: z.string().url() })

/** `complete` and `cancelled` of the challenge frame, discriminated by `flow`. */
export const ChallengeComplete = z.discriminatedUnion('flow', [
  z.object({ flow: z.literal('buy'), transaction: z.object({ id: z.string(), status: TransactionStatus }) }),
  z.object({ flow: z.literal('identity'), identityId: z.string().min(1) }),
])
export const ChallengeCancelled = z.discriminatedUnion('flow', [
  z.object({ flow: z.literal('buy') }),
  z.strictObject({ flow: z.literal('identity') }),
])

const bare = <K extends string>(kind: K) => z.strictObject({ kind: z.literal(kind) })
const event = <K extends string, P extends z.ZodType>(kind: K, payload: P) =>
  z.strictObject({ kind: z.literal(kind), payload })

/** Events a frame sends to its host, by kind (DESIGN §5; spec Events table). */
export const FrameOutbound = z.discriminatedUnion('kind', [
  bare('handshake'),
  bare('ready'),
  bare('buttonPressed'),
  event(
    'complete',
    z.union([
      ChallengeComplete,
      ConnectionComplete,
      PurchaseComplete,
      SellComplete,
      z.object({ paymentMethod: StoredCard }),
      z.object({ consentToken: z.string(), expiresAt: z.string() }),
      z.strictObject({}),
    ]),
  ),
  event('challenge', ChallengePayload),
  event('cancelled', ChallengeCancelled),
  event('error', FrameErrorPayload),
  event('oneTapWalletPaySecondFactorRequired', z.object({})),
  event('unsupported', z.object({ reason: z.string() })),
  event('quoteExpired', z.object({ expiresAt: z.string() })),
])
export type FrameOutbound = z.infer<typeof FrameOutbound>

/** Messages a host sends to a frame: `ack` of the handshake, and `setQuote` to replace an expired quote. */
export const FrameInbound = z.discriminatedUnion('kind', [
  bare('ack'),
  event('setQuote', z.object({ quote: BuyQuote })),
])
export type FrameInbound = z.infer<typeof FrameInbound>

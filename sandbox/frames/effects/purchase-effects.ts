import { BuyQuote, type ChallengeRecord, type TransactionRecord } from '#contract/index.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import { verifyBuyQuote } from '#domain/buy-quote.ts'
import { quoteBoundsProblem } from '#domain/buy-quote-checks.ts'
import {
  challengeOfToken,
  challengeSettled,
  DEFAULT_FRAMES_ORIGIN,
  finishChallenge,
  openChallenge,
} from '#domain/challenges.ts'
import { paymentMethodAvailability } from '#domain/payment-methods.ts'
import { executeBuyQuote } from '#domain/transactions.ts'
import { declineChallenge, declinedChallengeReason } from '#domain/declined-challenge.ts'
import { approveIdentity, identityIdOf } from '#domain/customers/index.ts'
import { purchaseGate } from '#domain/purchase-gate.ts'
import { isPurchaseFrame } from '#domain/triggers.ts'
import type { FrameContext } from './frame-context.ts'
import { FrameError } from './frame-error.ts'
import type { PurchaseOutcome } from '#portable/frames/effect-results.ts'
import { PAYS_WITH, quoteProblem } from '#portable/frames/purchase-rules.ts'
import type { EffectHandlers } from './effect-handler.ts'

/** The connected customer a buy frame pays for (its full-scope clientToken). */
function buyer(context: FrameContext) {
  const { claims, session, frame } = context
  if (!isPurchaseFrame(frame)) throw new FrameError('unsupported_flow', `the ${frame} frame does not buy`)
  if (claims?.kind !== 'client' || claims.scope !== 'full' || claims.customer === null || !session) {
    throw new FrameError(
      'invalid_token',
      `the ${frame} frame needs the clientToken of a connected customer (full scope)`,
    )
  }
  const externalTransactionId =
    typeof context.params.externalTransactionId === 'string' ? context.params.externalTransactionId : undefined
  return { frame, customerId: claims.customer, sessionId: session.id, externalTransactionId }
}

/** The quote of an effect, checked for the frame and its customer: `invalid_quote` when bad, tampered or out of the buy bounds; expired is `quote_expired`. */
async function checkedQuote(context: FrameContext, raw: unknown, allowExpired = false) {
  const { frame, customerId } = buyer(context)
  const parsed = BuyQuote.safeParse(raw)
  if (!parsed.success) throw new FrameError('invalid_quote', 'the quote is not a buy quote')
  const problem = quoteProblem(frame, parsed.data)
  if (problem) throw new FrameError('invalid_quote', problem)
  const verdict = verifyBuyQuote(context.tenant, customerId, parsed.data)
  if (verdict === 'tampered')
    throw new FrameError(
      'invalid_quote',
      'the quote signature does not match: it was changed or made for another customer',
    )
  if (verdict === 'expired' && !allowExpired)
    throw new FrameError('quote_expired', `the quote expired at ${parsed.data.expiresAt}: send setQuote with a new one`)
  const outOfBounds = quoteBoundsProblem(context.tenant.catalog, parsed.data)
  if (outOfBounds) throw new FrameError('invalid_quote', outOfBounds.message)
  return {
    quote: parsed.data,
    verdict,
    trigger: purchaseGate(
      context.tenant,
      (await context.tenant.store()).customers.get(customerId),
      parsed.data.source.amount,
      frame,
    ),
  }
}

const outcomeOf = (t: TransactionRecord): PurchaseOutcome => ({
  transaction: { id: t.id, status: t.status },
  ...(t.failureCode ? { failureCode: t.failureCode, failureReason: t.failureReason } : {}),
})

/** The open challenge of the challenge frame's `challengeToken`, with the frame's error codes. */
async function challengeOfFrame(context: FrameContext): Promise<ChallengeRecord> {
  let record
  try {
    record = await challengeOfToken(context.tenant, await context.tenant.store(), String(context.params.challengeToken))
  } catch (error) {
    if (error instanceof SandboxError)
      throw new FrameError(error.code === 'unauthorized' ? 'invalid_token' : 'invalid_challenge', error.message)
    throw error
  }
  if (context.claims && context.claims.customer !== record.customerId)
    throw new FrameError('invalid_token', 'the challengeToken belongs to another customer')
  return record
}

/** Effects of the buy frames (buy, buy-button, apple-pay, google-pay) and of the challenge frame. */
export const purchaseEffects: EffectHandlers<
  | 'wallet.availability'
  | 'quote.check'
  | 'challenge.create'
  | 'purchase.awaitChallenge'
  | 'purchase.execute'
  | 'challenge.open'
  | 'challenge.resolve'
> = {
  /** The frame's wallet availability for its customer, as `GET /platform/v1/payment-methods` lists it: `{available, reason?}`. */
  'wallet.availability': async (context) => paymentMethodAvailability(context.tenant, PAYS_WITH[buyer(context).frame]),

  /** Checks a quote before paying: `{status: 'expired'}` or `{status: 'valid', trigger}` (the test-mode trigger's outcome or null). */
  'quote.check': async (context, effect) => {
    const { verdict, trigger } = await checkedQuote(context, effect.quote, true)
    return verdict === 'expired' ? { status: 'expired' } : { status: 'valid', trigger }
  },

  /** Opens the challenge a trigger asks for: `{challengeId, url}` of the challenge frame. */
  'challenge.create': async (context, effect) => {
    const { customerId, sessionId, externalTransactionId } = buyer(context)
    const { quote, trigger } = await checkedQuote(context, effect.quote)
    if (trigger?.kind !== 'challenge') throw new FrameError('invalid_request', 'this purchase needs no challenge')
    const request = {
      customerId,
      sessionId,
      kind: trigger.challenge,
      quote,
      externalTransactionId: externalTransactionId ?? null,
      forcedError: trigger.error ?? null,
    }
    const { record, url } = await openChallenge(
      context.tenant,
      await context.tenant.store(),
      request,
      context.core.options.origins?.frames ?? DEFAULT_FRAMES_ORIGIN,
    )
    return { challengeId: record.id, url }
  },

  /**
   * Waits (without polling) until the challenge frame resolves the challenge, or the clock expires it with its quote:
   * `completed` with the transaction, `verified` (an identity challenge: the purchase goes on), `expired`, `cancelled` or `failed`.
   */
  'purchase.awaitChallenge': async (context, { challengeId: id }) => {
    const { customerId } = buyer(context)
    const store = await context.tenant.store()
    if (store.challenges.get(id)?.customerId !== customerId)
      throw new FrameError('invalid_challenge', `challenge ${id} is not this customer's`)
    const record = await challengeSettled(context.tenant, store, id)
    switch (record.status) {
      case 'completed':
        return record.flow === 'identity'
          ? { status: 'verified' }
          : { status: 'completed', transaction: outcomeOf(store.transactions.get(record.transactionId!)!).transaction }
      case 'expired':
        return { status: 'expired' }
      default: {
        const status = record.status === 'cancelled' ? 'cancelled' : 'failed'
        const transaction = record.transactionId ? store.transactions.get(record.transactionId) : undefined
        return {
          status,
          reason: declinedChallengeReason(record),
          ...(transaction && { transaction: outcomeOf(transaction).transaction }),
        }
      }
    }
  },

  /** Pays a checked quote: a pending transaction, or a failed one with the trigger's `failureCode` (idempotent on `externalTransactionId`). */
  'purchase.execute': async (context, effect) => {
    const { customerId, externalTransactionId } = buyer(context)
    const { quote, trigger } = await checkedQuote(context, effect.quote)
    if (trigger?.kind === 'challenge')
      throw new FrameError('challenge_required', 'this purchase needs its challenge completed first')
    if (trigger?.kind === 'secondFactor' && effect.secondFactorConfirmed !== true)
      throw new FrameError('second_factor_required', 'the customer has not confirmed the second factor')
    const { tenant } = context
    const store = await tenant.store()
    const failed =
      trigger?.kind === 'failure'
        ? { status: 'failed' as const, failureCode: trigger.failureCode, failureReason: trigger.failureReason }
        : undefined
    // A wallet-pay failure is known at once: the transaction settles as failed before this returns.
    const transaction = await executeBuyQuote(tenant, store, customerId, quote, {
      externalTransactionId,
      outcome: failed,
      ...(failed ? { settleAfterMs: 0 } : {}),
    })
    return outcomeOf(transaction)
  },

  /** Opens the challenge frame's challenge: `{kind}`; a sandbox trigger's error fails the challenge and is reported instead. */
  'challenge.open': async (context) => {
    const record = await challengeOfFrame(context)
    if (record.forcedError) {
      await declineChallenge(context.tenant, await context.tenant.store(), record, 'failed')
      throw new FrameError(record.forcedError.code, record.forcedError.message)
    }
    return { kind: record.kind }
  },

  /**
   * Completes or cancels the challenge: the challenge frame's `complete` or `cancelled` payload. Completing a buy
   * challenge executes the quote (`{flow: 'buy', transaction}`); completing an identity challenge approves the
   * customer's KYC (`{flow: 'identity', identityId}`), and the waiting buy frame goes on with the purchase.
   */
  'challenge.resolve': async (context, effect) => {
    const record = await challengeOfFrame(context)
    const store = await context.tenant.store()
    if (effect.outcome === 'cancel') {
      await declineChallenge(context.tenant, store, record, 'cancelled')
      return { kind: 'cancelled', payload: { flow: record.flow } }
    }
    if (record.flow === 'identity') {
      await approveIdentity(context.tenant, record.customerId)
      await finishChallenge(context.tenant, store, record.id, 'completed')
      return { kind: 'complete', payload: { flow: 'identity', identityId: identityIdOf(record.customerId) } }
    }
    if (record.kind === 'cvv' && !/^[0-9]{3,4}$/.test(String(effect.cvv)))
      throw new FrameError('invalid_cvv', 'cvv must be 3 or 4 digits')
    const transaction = await executeBuyQuote(context.tenant, store, record.customerId, record.quote, {
      externalTransactionId: record.externalTransactionId ?? undefined,
    })
    await finishChallenge(context.tenant, store, record.id, 'completed', transaction.id)
    return {
      kind: 'complete',
      payload: { flow: record.flow, transaction: { id: transaction.id, status: transaction.status } },
    }
  },
}

import type { BuyQuote, ChallengeRecord } from '#contract/index.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import type { Tenant } from '#kernel/tenant.ts'
import type { TenantStore } from '#kernel/store/tenant-store.ts'
import { isoTime } from './iso-time.ts'
import { newId } from './new-id.ts'
import { peekToken } from '#portable/peek-token.ts'
import { issueToken, verifyToken } from './tokens.ts'

/** Where frames are served when the sandbox was not told its public origins. */
export const DEFAULT_FRAMES_ORIGIN = 'http://127.0.0.1:4011'

/**
 * What a challenge asks of the customer: prove they own the wallet, enter the card's CVV again (test-mode
 * triggers), or verify their identity (a buyer whose KYC is not approved).
 */
type ChallengeKind = ChallengeRecord['kind']

/** What a buy frame asks a challenge for. */
interface ChallengeRequest {
  customerId: string
  sessionId: string
  kind: ChallengeKind
  quote: BuyQuote
  externalTransactionId: string | null
  forcedError: { code: string; message: string } | null
}

type Waiter = (record: ChallengeRecord) => void
/** Buy frames waiting on a challenge, per store (a reset tenant gets a fresh store, so waiters go with it). */
const waiters = new WeakMap<TenantStore, Map<string, Waiter[]>>()

/**
 * Opens a challenge for a buy: a record, a signed `challengeToken` naming it,
 * and the challenge frame URL to post in the `challenge` event. An `identity`
 * challenge is of flow `identity`, the others of flow `buy`. The challenge
 * lives as long as its quote; when the tenant clock passes that, it expires.
 *
 * @example
 * const { record, url } = await openChallenge(tenant, store, request, 'http://127.0.0.1:4011')
 */
export async function openChallenge(
  tenant: Tenant,
  store: TenantStore,
  request: ChallengeRequest,
  framesOrigin: string,
): Promise<{ record: ChallengeRecord; url: string }> {
  const now = tenant.clock.now()
  const exp = Date.parse(request.quote.expiresAt)
  const record = await store.challenges.create({
    id: newId(tenant, store, 'chg'),
    flow: request.kind === 'identity' ? 'identity' : 'buy',
    status: 'open',
    transactionId: null,
    resolvedAt: null,
    createdAt: isoTime(now),
    expiresAt: isoTime(exp),
    ...request,
  })
  const { token } = issueToken(tenant, {
    kind: 'challenge',
    session: request.sessionId,
    customer: request.customerId,
    scope: 'full',
    exp,
    ref: record.id,
  })
  tenant.scheduleJob(store, { kind: 'challenge:expire', at: exp, challengeId: record.id })
  tenant.record('challenge:created', { challengeId: record.id, kind: record.kind, customerId: record.customerId })
  const query = new URLSearchParams({ channelId: newId(tenant, store, 'chn'), challengeToken: token })
  return { record, url: `${framesOrigin}/platform/v1/challenge?${query}` }
}

/**
 * Moves an open challenge to a final status and wakes the buy frame waiting on
 * it. A challenge that is no longer open stays as it is.
 */
export async function finishChallenge(
  tenant: Tenant,
  store: TenantStore,
  id: string,
  status: Exclude<ChallengeRecord['status'], 'open'>,
  transactionId: string | null = null,
): Promise<ChallengeRecord | undefined> {
  const current = store.challenges.get(id)
  if (current?.status !== 'open') return current
  const record = await store.challenges.update(id, (draft) => {
    Object.assign(draft, { status, transactionId, resolvedAt: tenant.clock.iso() })
  })
  tenant.record(`challenge:${status}`, { challengeId: id, ...(transactionId ? { transactionId } : {}) })
  const queue = waiters.get(store)
  for (const wake of queue?.get(id) ?? []) wake(record!)
  queue?.delete(id)
  return record
}

/**
 * Resolves when the challenge is no longer open: completed, cancelled, failed
 * or expired (no polling: `finishChallenge` wakes it).
 *
 * @example
 * const record = await challengeSettled(tenant, store, 'chg_…') // record.status !== 'open'
 */
export async function challengeSettled(tenant: Tenant, store: TenantStore, id: string): Promise<ChallengeRecord> {
  const record = store.challenges.get(id)
  if (!record) throw new SandboxError('not_found', `challenge ${id} does not exist`)
  if (record.status === 'open' && Date.parse(record.expiresAt) <= tenant.clock.now())
    return (await finishChallenge(tenant, store, id, 'expired'))!
  if (record.status !== 'open') return record
  const queue = waiters.get(store) ?? new Map<string, Waiter[]>()
  waiters.set(store, queue)
  return new Promise((resolve) => queue.set(id, [...(queue.get(id) ?? []), resolve]))
}

/**
 * The open challenge a `challengeToken` names. A token that is malformed,
 * tampered, another tenant's or expired is `unauthorized` (the frame's
 * `invalid_token`); an expired token also expires its challenge. An unknown or
 * resolved challenge is `conflict` (`invalid_challenge`).
 */
export async function challengeOfToken(tenant: Tenant, store: TenantStore, token: string): Promise<ChallengeRecord> {
  const named = store.challenges.get(peekToken(token)?.ref ?? '')
  if (named?.status === 'open' && Date.parse(named.expiresAt) <= tenant.clock.now())
    await finishChallenge(tenant, store, named.id, 'expired')
  const claims = verifyToken(tenant, token, 'challenge', 'challengeToken')
  const record = claims.ref === undefined ? undefined : store.challenges.get(claims.ref)
  if (!record) throw new SandboxError('conflict', 'the challenge this token names does not exist')
  if (record.status !== 'open') throw new SandboxError('conflict', `the challenge was already ${record.status}`)
  return record
}

import { z } from 'zod'
import { FIRST_CLOCK_INSTANT, LAST_CLOCK_INSTANT, SavedTenantSettings } from './control.ts'
import { Fault } from './fault.ts'
import {
  CardRecord,
  ChallengeRecord,
  CustomerRecord,
  SessionRecord,
  StoredTransaction,
  UploadRecord,
} from './platform/index.ts'
import { FailureCode } from './platform/transaction.ts'
import { StageName } from './platform/transaction-stages.ts'
import { SellFailureReason, SellTransactionRecord } from './sell-transaction.ts'
import { SwapRecord, SwapStep } from './swap-transaction.ts'
import { WebhookDelivery, WebhookEndpointRecord } from './webhooks.ts'

/** An instant a state file holds (epoch ms): inside four-digit years, so every stamp made of it is ISO 8601. */
const Instant = z.number().int().min(FIRST_CLOCK_INSTANT).max(Date.parse('9999-12-31T23:59:59.999Z'))

/**
 * A pending job on a tenant clock, as data: what a state file keeps so that a
 * settlement, a KYC decision or a challenge's expiry still happens after a
 * restart (docs/decisions/0045). `at` is epoch ms on the tenant clock.
 */
export const ScheduledJob = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('transaction:settle'),
    at: Instant,
    transactionId: z.string(),
    outcome: z.union([
      z.strictObject({ status: z.literal('completed') }),
      z.strictObject({ status: z.literal('failed'), failureCode: FailureCode, failureReason: z.string() }),
    ]),
  }),
  /** `stage` succeeds and the next starts (decision 0060). */
  z.strictObject({ kind: z.literal('transaction:stage'), at: Instant, transactionId: z.string(), stage: StageName }),
  z.strictObject({
    kind: z.literal('kyc:decide'),
    at: Instant,
    customerId: z.string(),
    status: z.enum(['approved', 'rejected']),
  }),
  z.strictObject({ kind: z.literal('challenge:expire'), at: Instant, challengeId: z.string() }),
  z.strictObject({ kind: z.literal('webhook:retry'), at: Instant, deliveryId: z.string() }),
  /** A first attempt the endpoint's `delay` holds (decision 0061). */
  z.strictObject({ kind: z.literal('webhook:attempt'), at: Instant, deliveryId: z.string() }),
  /** An endpoint's shuffle window: events emitted until `closesAt` are held, then released in a seeded shuffled order at `at`. */
  z.strictObject({ kind: z.literal('webhook:release'), at: Instant, endpointId: z.string(), closesAt: Instant }),
  /** A sell still `waitingForDeposit` at `at` fails `timeout_deposit` (decision 0067). */
  z.strictObject({ kind: z.literal('sell:expire'), at: Instant, sellTransactionId: z.string() }),
  /** A pending sell's `stage` succeeds and the next starts. */
  z.strictObject({ kind: z.literal('sell:stage'), at: Instant, sellTransactionId: z.string(), stage: StageName }),
  /** A pending sell settles: completed, or failed with a reason (a payout failure trigger). */
  z.strictObject({
    kind: z.literal('sell:settle'),
    at: Instant,
    sellTransactionId: z.string(),
    outcome: z.union([
      z.strictObject({ status: z.literal('completed') }),
      z.strictObject({ status: z.literal('failed'), failureReason: SellFailureReason }),
    ]),
  }),
  /** A swap's next step on the clock (decision 0068); a step whose swap has moved on does nothing. */
  z.strictObject({ kind: z.literal('swap:step'), at: Instant, swapId: z.string(), step: SwapStep }),
])
export type ScheduledJob = z.infer<typeof ScheduledJob>

/** A tenant clock's state: enough to go on where it was (a wall-time clock keeps running from the same origin). */
export const ClockSnapshot = z
  .strictObject({
    startedAt: z.number().int().min(FIRST_CLOCK_INSTANT).max(LAST_CLOCK_INSTANT),
    advancedMs: z
      .number()
      .int()
      .min(0)
      .max(LAST_CLOCK_INSTANT - FIRST_CLOCK_INSTANT),
    /** The wall time (epoch ms) a flowing clock counts from; 0 for a frozen one. */
    wallStart: z.number().int().min(0).max(LAST_CLOCK_INSTANT),
  })
  .refine((clock) => clock.startedAt + clock.advancedMs <= LAST_CLOCK_INSTANT, {
    message: `startedAt + advancedMs must be at most ${new Date(LAST_CLOCK_INSTANT).toISOString()}, the last instant a clock may reach`,
    path: ['advancedMs'],
  })
export type ClockSnapshot = z.infer<typeof ClockSnapshot>

/** A tenant store's records, sequences and used consents. `seeded` counts the records of the seed (they do not count against the caps). */
export const StoreSnapshot = z.strictObject({
  customers: z.array(CustomerRecord),
  sessions: z.array(SessionRecord),
  cards: z.array(CardRecord),
  /** Transactions (those of state files written before stages get the stages of their status). */
  transactions: z.array(StoredTransaction),
  uploads: z.array(UploadRecord),
  challenges: z.array(ChallengeRecord),
  /** Webhook endpoints (absent in state files written before webhooks). */
  webhookEndpoints: z.array(WebhookEndpointRecord).default([]),
  webhookDeliveries: z.array(WebhookDelivery).default([]),
  /** Sell transactions (absent in state files written before them: none). */
  sellTransactions: z.array(SellTransactionRecord).default([]),
  /** Swaps (absent in state files written before swaps, decision 0068). */
  swaps: z.array(SwapRecord).default([]),
  usedConsents: z.array(z.tuple([z.string(), z.number()])),
  /** Customer id → the external customer id it was last connected under (absent in older state files: none). */
  externalCustomers: z.array(z.tuple([z.string(), z.string()])).default([]),
  counters: z.array(z.tuple([z.string(), z.number().int().min(0)])),
  /**
   * Present when the store reads the seed its seed and mode share (decision 0103): customers, cards and transactions
   * then hold only the records the account made or changed, and these are the seeded ids it deleted. Absent (state
   * files written before): they hold every record.
   */
  seedDeleted: z.array(z.string()).optional(),
  seeded: z.strictObject({
    customers: z.number().int().min(0),
    cards: z.number().int().min(0),
    transactions: z.number().int().min(0),
  }),
})
export type StoreSnapshot = z.infer<typeof StoreSnapshot>

/** A journal's entries as held (times in epoch ms, response bodies as JSON text). */
export const JournalSnapshot = z
  .strictObject({
    nextSeq: z.number().int().min(1),
    entries: z.array(
      z.strictObject({
        seq: z.number().int().min(1),
        atMs: Instant,
        input: z.looseObject({ kind: z.enum(['api', 'frame', 'state']) }),
        responseJson: z.string().optional(),
        chars: z.number().int().min(0),
      }),
    ),
  })
  .refine(({ nextSeq, entries }) => entries.every((entry, index) => entry.seq === nextSeq - entries.length + index), {
    message: 'journal entries must be numbered one after another, up to nextSeq - 1',
    path: ['entries'],
  })
export type JournalSnapshot = z.infer<typeof JournalSnapshot>

/** One tenant's state. */
export const TenantSnapshot = z.strictObject({
  account: z.string(),
  mode: z.enum(['test', 'live']),
  /** How many times the tenant was reset, and the registry's evictions when it was made: its incarnation (decision 0046). */
  resets: z.number().int().min(0),
  generation: z.number().int().min(0),
  clock: ClockSnapshot,
  settings: SavedTenantSettings,
  faults: z.strictObject({ armed: z.array(Fault), nextId: z.number().int().min(1) }),
  journal: JournalSnapshot,
  jobs: z.array(ScheduledJob),
  /** Absent when the tenant never loaded its store (it is seeded on first use, as before). */
  store: StoreSnapshot.optional(),
})
export type TenantSnapshot = z.infer<typeof TenantSnapshot>

/** What a state file says of itself and its sandbox, whatever its version. */
const stateIdentity = {
  seed: z.number().int(),
  /** The signing secret: tokens signed before the restart verify after it. */
  secret: z.string().regex(/^[0-9a-f]{32,128}$/),
  /** The process incarnation tokens name (decision 0046). */
  bootId: z.string().min(1).max(64),
  evictions: z.number().int().min(0),
}
const STATE_FORMAT = z.literal('ramp-sandbox-state')

/**
 * The first line of a state file (version 2, decision 0085): what the whole file is and whose it is. Each line after
 * it holds one account's {@link TenantSnapshot}, least recently used first, so no account's size stops another's.
 */
export const StateFileHeader = z.strictObject({ format: STATE_FORMAT, version: z.literal(2), ...stateIdentity })
export type StateFileHeader = z.infer<typeof StateFileHeader>

/** Everything a sandbox process keeps in `--state-file` (docs/decisions/0045), as one value (a version 1 file holds it whole). */
export const SandboxSnapshot = z.strictObject({
  format: STATE_FORMAT,
  version: z.literal(1),
  ...stateIdentity,
  /** Tenants, least recently used first. */
  tenants: z.array(TenantSnapshot),
})
export type SandboxSnapshot = z.infer<typeof SandboxSnapshot>

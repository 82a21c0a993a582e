import {
  CardRecord,
  ChallengeRecord,
  CustomerRecord,
  SellTransactionRecord,
  SessionRecord,
  SwapRecord,
  TransactionRecord,
  UploadRecord,
  WebhookDelivery,
  WebhookEndpointRecord,
} from '#contract/index.ts'
import type { BytePart } from '../account-bytes.ts'
import { IndexedCollection, type RecordBytes } from './indexed-collection.ts'
import { newestOrder } from './newest-order.ts'

/*
 * The collections of a tenant's store, each an @msw/data collection with its zod record schema, an id index and the
 * secondary indexes its routes look up by (no request scans a collection). A store makes each on first use: one that
 * only reads its shared seed holds two or three of them (decision 0103).
 */

const RESET = 'POST /__sandbox/reset starts the account afresh'

/** What a collection counts its records against: the store's record budget and the account's bytes, by part. */
export interface CollectionHooks {
  counted: (delta: 1 | -1, force?: boolean) => void
  bytes: (part: BytePart) => RecordBytes
}

/**
 * How each collection of a store is made, by name: the names are the store's fields and its limits' keys.
 *
 * @example
 * const sessions = STORE_COLLECTIONS.sessions(hooks)
 */
export const STORE_COLLECTIONS = {
  customers: (hooks: CollectionHooks) =>
    new IndexedCollection(CustomerRecord, {
      noun: 'customers',
      roomHint: RESET,
      counted: hooks.counted,
      bytes: hooks.bytes('records'),
    }),
  sessions: (hooks: CollectionHooks) =>
    new IndexedCollection(SessionRecord, {
      noun: 'sessions',
      roomHint: `revoke sessions (DELETE /platform/v1/sessions), let them expire (POST /__sandbox/clock/advance), or ${RESET}`,
      counted: hooks.counted,
      bytes: hooks.bytes('records'),
      indexes: {
        byExternalCustomer: (session) => session.externalCustomerId,
        revoked: (session) => (session.revokedAt === null ? null : 'revoked'),
      },
    }),
  cards: (hooks: CollectionHooks) =>
    new IndexedCollection(CardRecord, {
      noun: 'stored cards',
      roomHint: `delete stored cards (DELETE /platform/v1/payment-methods/{id}), or ${RESET}`,
      counted: hooks.counted,
      bytes: hooks.bytes('records'),
      indexes: { byCustomer: (card) => card.customerId },
    }),
  transactions: (hooks: CollectionHooks) =>
    new IndexedCollection(TransactionRecord, {
      noun: 'transactions',
      roomHint: RESET,
      counted: hooks.counted,
      bytes: hooks.bytes('records'),
      indexes: {
        byCustomer: (transaction) => transaction.customerId,
        byExternalId: (transaction) =>
          transaction.externalTransactionId === null
            ? null
            : `${transaction.customerId} ${transaction.externalTransactionId}`,
        /** Account-wide (external ids need not be unique): `GET /v1/transactions/ext/{id}`. */
        byExternalTransactionId: (transaction) => transaction.externalTransactionId,
      },
      ordered: {
        /** A customer's, newest first (created later, then the greater id): `GET /platform/v1/transactions` reads a page without a sort. */
        newestByCustomer: { key: (transaction) => transaction.customerId, order: newestOrder },
        /** The account's, newest first: `GET /v1/transactions` without a filter reads a page without a sort. */
        newest: { key: () => 'all', order: newestOrder },
      },
    }),
  /** Sell transactions (decision 0067): by customer, and across the tenant by external id (external ids need not be unique). */
  sellTransactions: (hooks: CollectionHooks) =>
    new IndexedCollection(SellTransactionRecord, {
      noun: 'sell transactions',
      roomHint: RESET,
      counted: hooks.counted,
      bytes: hooks.bytes('records'),
      indexes: {
        byCustomer: (sell) => sell.customerId,
        byExternalId: (sell) => sell.externalTransactionId,
        byExternalCustomer: (sell) => sell.externalCustomerId,
      },
      ordered: {
        /** Every sell, walked last created first: what the unfiltered list pages through, without a copy of them all. */
        newest: { key: () => 'all' },
      },
    }),
  /** Customer API files (metadata only). */
  uploads: (hooks: CollectionHooks) =>
    new IndexedCollection(UploadRecord, {
      noun: 'uploads',
      roomHint: RESET,
      counted: hooks.counted,
      bytes: hooks.bytes('records'),
      indexes: { byCustomer: (upload) => upload.customerId },
    }),
  /** Verification challenges of the buy frames (test-mode triggers). */
  challenges: (hooks: CollectionHooks) =>
    new IndexedCollection(ChallengeRecord, {
      noun: 'verification challenges',
      roomHint: RESET,
      counted: hooks.counted,
      bytes: hooks.bytes('records'),
    }),
  /** The partner's webhook endpoints (decision 0058). */
  webhookEndpoints: (hooks: CollectionHooks) =>
    new IndexedCollection(WebhookEndpointRecord, {
      noun: 'webhook endpoints',
      roomHint: 'remove one (DELETE /__sandbox/webhooks/endpoints/{id})',
      counted: hooks.counted,
      bytes: hooks.bytes('records'),
      indexes: { enabled: (endpoint) => (endpoint.enabled ? 'enabled' : null) },
    }),
  /** Webhook deliveries and their attempts; finished ones are the first to make room. */
  webhookDeliveries: (hooks: CollectionHooks) =>
    new IndexedCollection(WebhookDelivery, {
      noun: 'webhook deliveries',
      roomHint: RESET,
      counted: hooks.counted,
      bytes: hooks.bytes('deliveries'),
      indexes: {
        finished: (delivery) => (delivery.status === 'pending' ? null : 'finished'),
        pending: (delivery) => (delivery.status === 'pending' ? 'pending' : null),
      },
    }),
  /** Swaps (decision 0068): by customer (their reads), by the partner's external id, by the quotes they executed (a quote executes once). */
  swaps: (hooks: CollectionHooks) =>
    new IndexedCollection(SwapRecord, {
      noun: 'swaps',
      roomHint: RESET,
      counted: hooks.counted,
      bytes: hooks.bytes('records'),
      indexes: {
        byCustomer: (swap) => swap.customerId,
        byExternalId: (swap) => `${swap.customerId} ${swap.externalTransactionId}`,
        byQuote: (swap) => swap.quoteId,
        byRequote: (swap) => swap.requoteId,
      },
    }),
}

/** A store collection's name. */
export type CollectionName = keyof typeof STORE_COLLECTIONS

/** The collection a name makes. */
export type StoreCollection<Name extends CollectionName> = ReturnType<(typeof STORE_COLLECTIONS)[Name]>

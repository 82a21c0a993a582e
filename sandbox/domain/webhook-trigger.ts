import type { z } from 'zod'
import { CustomerDetails, IdentityCheck, SellRequote, SellTransaction, SwapTransaction, Transaction, type TriggeredWebhook, type TriggerWebhook, type WebhookEventType } from '../contract/index.ts'
import { describeIssue } from '../kernel/describe-issue.ts'
import { SandboxError } from '../kernel/sandbox-error.ts'
import type { TenantStore } from '../kernel/store/tenant-store.ts'
import type { Tenant } from '../kernel/tenant.ts'
import { getCustomerDetails } from './customers/get-customer.ts'
import { identityCheckOf } from './customers/identity-check.ts'
import { sellRequoteOf } from './sell-requote.ts'
import { sellTransactionView } from './sell-view.ts'
import { swapView } from './swaps.ts'
import { deliverEvent, endpointsWanting, newEnvelope } from './webhook-deliveries.ts'

/** What an event of a type is about: the id field that names it, the schema its `data` parses with, how it is read. */
interface Subject {
  idField: 'transactionId' | 'customerId'
  noun: string
  schema: z.ZodObject
  /** The object's API view by id, or undefined when the tenant has no such object. */
  view(tenant: Tenant, store: TenantStore, id: string): Promise<unknown>
  /** The tenant's newest object of the kind, if any. */
  newest(store: TenantStore): string | undefined
}

const TRANSACTION: Subject = {
  idField: 'transactionId',
  noun: 'transaction',
  schema: Transaction,
  // The record is the API's shape: what `GET /platform/v1/transactions/{id}` shows.
  view: (_, store, id) => Promise.resolve(store.transactions.get(id)),
  newest: (store) => store.transactions.all().at(-1)?.id,
}

const SELL_TRANSACTION: Subject = {
  idField: 'transactionId',
  noun: 'sell transaction',
  schema: SellTransaction,
  // As `GET /v3/sell_transactions/{id}` shows it.
  view: (tenant, store, id) => {
    const record = store.sellTransactions.get(id)
    return Promise.resolve(record && sellTransactionView(tenant, record))
  },
  newest: (store) => store.sellTransactions.all().at(-1)?.id,
}

const SELL_REQUOTE: Subject = {
  idField: 'transactionId',
  noun: 'sell transaction',
  schema: SellRequote,
  // The reduced sell of the requote page, from the sell's GET; a sell not in requoteRequired needs `data.status`.
  view: (tenant, store, id) => {
    const record = store.sellTransactions.get(id)
    return Promise.resolve(record && sellRequoteOf(sellTransactionView(tenant, record)))
  },
  newest: (store) => store.sellTransactions.all().at(-1)?.id,
}

const IDENTITY_CHECK: Subject = {
  idField: 'customerId',
  noun: 'customer',
  schema: IdentityCheck,
  view: (_, store, id) => {
    const record = store.customers.get(id)
    return Promise.resolve(record && identityCheckOf(store, record))
  },
  newest: (store) => store.customers.all().at(-1)?.id,
}

const CUSTOMER: Subject = {
  idField: 'customerId',
  noun: 'customer',
  schema: CustomerDetails,
  // As `customer_verification_updated` carries it: the customer as the Customer API reads it.
  view: (tenant, store, id) => (store.customers.get(id) ? getCustomerDetails(tenant, id) : Promise.resolve(undefined)),
  newest: (store) => store.customers.all().at(-1)?.id,
}

const SWAP: Subject = {
  idField: 'transactionId',
  noun: 'swap',
  schema: SwapTransaction,
  // As `GET /v4/swap/transaction/{id}` shows it (decision 0068).
  view: (tenant, store, id) => {
    const swap = store.swaps.get(id)
    return Promise.resolve(swap && swapView(tenant, swap))
  },
  newest: (store) => store.swaps.all().at(-1)?.id,
}

function subjectOf(type: WebhookEventType): Subject {
  switch (type) {
    case 'transaction_created':
    case 'transaction_updated':
    case 'transaction_failed':
      return TRANSACTION
    case 'customer_verification_updated':
      return CUSTOMER
    case 'sell_transaction_created':
    case 'sell_transaction_updated':
    case 'sell_transaction_failed':
      return SELL_TRANSACTION
    case 'sell_transaction_requote_required':
      return SELL_REQUOTE
    case 'identity_check_updated':
      return IDENTITY_CHECK
    case 'swap_transaction_created':
    case 'swap_deposit_wallet_created':
    case 'swap_deposit_received':
    case 'swap_asset_delivery_initiated':
    case 'swap_transaction_completed':
    case 'swap_transaction_failed':
    case 'swap_quote_expired':
    case 'swap_quote_invalid':
    case 'swap_refund_asset_delivery_initiated':
    case 'swap_refund_completed':
      return SWAP
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * `base` with `overrides` laid over it: objects merge key by key, anything else (arrays, scalars, null) replaces.
 * Built with `Object.fromEntries`, so a key such as `__proto__` is an own field (which the schema then refuses), never
 * the prototype.
 *
 * @example
 * deepMerge({ fees: { network: 1, processing: 2 } }, { fees: { network: 5 } }) // { fees: { network: 5, processing: 2 } }
 */
export function deepMerge(base: Record<string, unknown>, overrides: Record<string, unknown>): Record<string, unknown> {
  const merged = new Map(Object.entries(base))
  for (const [key, value] of Object.entries(overrides)) {
    const current = merged.get(key)
    merged.set(key, isPlainObject(current) && isPlainObject(value) ? deepMerge(current, value) : value)
  }
  return Object.fromEntries(merged)
}

/**
 * Fires an event of `input.type` now to every enabled endpoint that wants it (each endpoint's switches apply): its
 * `data` is the named transaction or customer (else the tenant's newest) as the API shows it, deep-merged with
 * `input.data`, and must still parse with the object's schema. 400 naming the field otherwise.
 *
 * @example
 * await triggerWebhook(tenant, { type: 'transaction_failed', data: { status: 'failed', failureCode: 'unknown', failureReason: 'test' } })
 * // { eventId: 'evt_…', deliveries: [ … ] }
 */
export async function triggerWebhook(tenant: Tenant, input: TriggerWebhook): Promise<TriggeredWebhook> {
  const subject = subjectOf(input.type)
  const wrongField = subject.idField === 'transactionId' ? 'customerId' : 'transactionId'
  if (input[wrongField] !== undefined) throw SandboxError.invalidField(wrongField, `${wrongField} does not fit ${input.type}, which is about a ${subject.noun}: give ${subject.idField}`)
  const store = await tenant.store()
  const id = input[subject.idField] ?? subject.newest(store)
  if (id === undefined) throw SandboxError.invalidField(subject.idField, `${subject.idField} is required: this account has no ${subject.noun} yet`)
  const view = await subject.view(tenant, store, id)
  if (!isPlainObject(view)) throw SandboxError.invalidField(subject.idField, `${subject.idField} names no ${subject.noun} of this account: ${id}`)
  const parsed = subject.schema.strict().safeParse(deepMerge(view, input.data ?? {}))
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => describeIssue({ ...issue, path: ['data', ...issue.path] }))
    throw new SandboxError('invalid_request', errors.map((error) => error.message).join('; '), errors)
  }
  const envelope = newEnvelope(tenant, store, input.type, parsed.data)
  const deliveries = []
  for (const endpoint of endpointsWanting(store, input.type)) deliveries.push(...(await deliverEvent(tenant, store, endpoint, envelope, 'trigger')))
  tenant.record('webhook:triggered', { eventId: envelope.eventId, type: input.type, [subject.idField]: id, deliveries: deliveries.length })
  return { eventId: envelope.eventId, deliveries }
}

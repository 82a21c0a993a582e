import {
  webhookEntry,
  type TriggeredWebhook,
  type TriggerWebhook,
  type WebhookEventType,
  type WebhookSubject,
} from '#contract/index.ts'
import { describeIssue } from '#kernel/describe-issue.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import type { TenantStore } from '#kernel/store/tenant-store.ts'
import type { Tenant } from '#kernel/tenant.ts'
import { getCustomerDetails } from './customers/get-customer.ts'
import { identityCheckOf } from './customers/identity-check.ts'
import { sellRequoteOf } from './sell-requote.ts'
import { sellTransactionView } from './sell-view.ts'
import { swapView } from './swaps.ts'
import { deliverEvent, endpointsWanting, newEnvelope } from './webhook-deliveries.ts'
import { widgetTransactionOf } from './widget-transactions.ts'

/** How the sandbox reads what an event is about: the id field that names it, and the object's view by id. */
interface Subject {
  idField: 'transactionId' | 'customerId'
  noun: string
  /** The object's API view by id, or undefined when the tenant has no such object. */
  view(tenant: Tenant, store: TenantStore, id: string): Promise<unknown>
  /** The tenant's newest object of the kind, if any. */
  newest(store: TenantStore): string | undefined
}

const BUY: Subject = {
  idField: 'transactionId',
  noun: 'transaction',
  // As `GET /v1/transactions/{id}` shows it.
  view: (tenant, store, id) => {
    const record = store.transactions.get(id)
    return Promise.resolve(record && widgetTransactionOf(tenant, store, record))
  },
  newest: (store) => store.transactions.all().at(-1)?.id,
}

const PLATFORM_TRANSACTION: Subject = {
  idField: 'transactionId',
  noun: 'transaction',
  // The record is the API's shape: what `GET /platform/v1/transactions/{id}` shows.
  view: (_, store, id) => Promise.resolve(store.transactions.get(id)),
  newest: (store) => store.transactions.all().at(-1)?.id,
}

/** A sell as `GET /v3/sell_transactions/{id}` shows it, or undefined when the tenant has none of that id. */
function sellViewOf(tenant: Tenant, store: TenantStore, id: string) {
  const record = store.sellTransactions.get(id)
  return record && sellTransactionView(tenant, record)
}

const SELL_TRANSACTION: Subject = {
  idField: 'transactionId',
  noun: 'sell transaction',
  // As `GET /v3/sell_transactions/{id}` shows it.
  view: (tenant, store, id) => Promise.resolve(sellViewOf(tenant, store, id)),
  newest: (store) => store.sellTransactions.all().at(-1)?.id,
}

const SELL_REQUOTE: Subject = {
  ...SELL_TRANSACTION,
  // The reduced sell of the requote page, from the sell's GET; a sell not in requoteRequired needs `data.status`.
  view: (tenant, store, id) => {
    const sell = sellViewOf(tenant, store, id)
    return Promise.resolve(sell && sellRequoteOf(sell))
  },
}

const IDENTITY_CHECK: Subject = {
  idField: 'customerId',
  noun: 'customer',
  // The customer's identity check, as the events carry it (decision 0088).
  view: (_, store, id) => {
    const record = store.customers.get(id)
    return Promise.resolve(record && identityCheckOf(store, record))
  },
  newest: (store) => store.customers.all().at(-1)?.id,
}

const CUSTOMER: Subject = {
  idField: 'customerId',
  noun: 'customer',
  // The customer as the Customer API reads it.
  view: (tenant, store, id) => (store.customers.get(id) ? getCustomerDetails(tenant, id) : Promise.resolve(undefined)),
  newest: (store) => store.customers.all().at(-1)?.id,
}

const SWAP: Subject = {
  idField: 'transactionId',
  noun: 'swap',
  // As `GET /v4/swap/transaction/{id}` shows it (decision 0068).
  view: (tenant, store, id) => {
    const swap = store.swaps.get(id)
    return Promise.resolve(swap && swapView(tenant, swap))
  },
  newest: (store) => store.swaps.all().at(-1)?.id,
}

/** How to read an event's object, by the catalogue's subject (a switch over its enum). */
function subjectOf(type: WebhookEventType): Subject {
  const subject: WebhookSubject = webhookEntry(type).subject
  switch (subject) {
    case 'buy':
      return BUY
    case 'platform-transaction':
      return PLATFORM_TRANSACTION
    case 'sell':
      return SELL_TRANSACTION
    case 'sell-requote':
      return SELL_REQUOTE
    case 'identity-check':
      return IDENTITY_CHECK
    case 'swap':
      return SWAP
    case 'customer':
      return CUSTOMER
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * `base` with `overrides` laid over it: objects merge key by key, anything else (arrays, scalars, null) replaces.
 * Built with `Object.fromEntries`, so a key such as `__proto__` is an own field (which the schema then refuses), never
 * the prototype.
 *
 * @example
 * deepMerge({ fees: { network: 1, processing: 2 } }, { fees: { network: 5 } }) // { fees: { network: 5, processing: 2 } }
 */
function deepMerge(base: Record<string, unknown>, overrides: Record<string, unknown>): Record<string, unknown> {
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
  if (input[wrongField] !== undefined)
    throw SandboxError.invalidField(
      wrongField,
      `${wrongField} does not fit ${input.type}, which is about a ${subject.noun}: give ${subject.idField}`,
    )
  const store = await tenant.store()
  const id = input[subject.idField] ?? subject.newest(store)
  if (id === undefined)
    throw SandboxError.invalidField(
      subject.idField,
      `${subject.idField} is required: this account has no ${subject.noun} yet`,
    )
  const view = await subject.view(tenant, store, id)
  if (!isPlainObject(view))
    throw SandboxError.invalidField(
      subject.idField,
      `${subject.idField} names no ${subject.noun} of this account: ${id}`,
    )
  const parsed = webhookEntry(input.type)
    .data.strict()
    .safeParse(deepMerge(view, input.data ?? {}))
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => describeIssue({ ...issue, path: ['data', ...issue.path] }))
    throw new SandboxError('invalid_request', errors.map((error) => error.message).join('; '), errors)
  }
  const envelope = newEnvelope(tenant, store, input.type, parsed.data)
  const deliveries = []
  for (const endpoint of endpointsWanting(store, input.type))
    deliveries.push(...(await deliverEvent(tenant, store, endpoint, envelope, 'trigger')))
  tenant.record('webhook:triggered', {
    eventId: envelope.eventId,
    type: input.type,
    [subject.idField]: id,
    deliveries: deliveries.length,
  })
  return { eventId: envelope.eventId, deliveries }
}

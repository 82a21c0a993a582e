// Which transaction a log row is about: the key by which a run owns its webhooks. No imports: the log and the page share it.

const record = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null
const field = (value: unknown, name: string): unknown =>
  record(value) && Object.hasOwn(value, name) ? value[name] : undefined

/** Event types whose `data` is a buy, a sell or a swap (its `id` the transaction's): the catalogue's three families of them. */
const TRANSACTION_EVENT = /^(transaction[._]|sell_transaction_|swap_)/

/**
 * The transaction a webhook is about: `data.id` of a buy, sell or swap event; none for a customer's or an identity
 * check's event.
 *
 * @example
 * webhookTransaction('transaction.updated', { id: 'txn_1', status: 'completed' }) // 'txn_1'
 * webhookTransaction('customer.identity_status_updated', { id: 'cus_1' }) // undefined
 */
export function webhookTransaction(type: string, data: unknown): string | undefined {
  const id = field(data, 'id')
  return TRANSACTION_EVENT.test(type) && typeof id === 'string' && id !== '' ? id : undefined
}

/**
 * The transaction a frame's event carries: the `transaction.id` of a buy's or a sell's `complete` (none when the
 * purchase made none).
 *
 * @example
 * frameTransaction({ transaction: { id: 'txn_1', status: 'pending' } }) // 'txn_1'
 */
export function frameTransaction(payload: unknown): string | undefined {
  const id = field(field(payload, 'transaction'), 'id')
  return typeof id === 'string' && id !== '' ? id : undefined
}

/**
 * A transaction id short enough for a log column and a diagram label: its prefix and its last four characters.
 *
 * @example
 * shortTransaction('txn_FBi12UEiEscqLxRF') // 'txn_…LxRF'
 * shortTransaction('txn_1') // 'txn_1'
 */
export function shortTransaction(id: string): string {
  if (id.length <= 10) return id
  const prefix = /^[a-z]{1,8}_/i.exec(id)?.[0] ?? ''
  return `${prefix}…${id.slice(-4)}`
}

// No imports: the page's bundle and the log's cells share it without pulling the catalogue's schemas in.

const record = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null
const field = (value: unknown, name: string): unknown =>
  record(value) && Object.hasOwn(value, name) ? value[name] : undefined

/**
 * Whether a webhook tells of a failure: the one rule the demo page marks webhooks by. A failure event of the
 * catalogue, whatever its family (its name ends `_failed`: `transaction_failed`, `sell_transaction_failed`,
 * `swap_transaction_failed`), or an event whose `data` says its object failed or was rejected: `status: 'failed'`
 * (`transaction.updated`, a `*_updated` sent for a failure (decision 0090), a failed swap's refund events),
 * `result: 'rejected'` (`identity_check_updated`), `kyc.status: 'rejected'` (`customer.identity_status_updated`).
 *
 * @example
 * isFailureWebhook('sell_transaction_failed', { status: 'failed' }) // true
 * isFailureWebhook('transaction.updated', { status: 'completed' }) // false
 * isFailureWebhook('identity_check_updated', { status: 'completed', result: 'rejected' }) // true
 */
export function isFailureWebhook(type: string, data: unknown): boolean {
  return (
    type.endsWith('_failed') ||
    field(data, 'status') === 'failed' ||
    field(data, 'result') === 'rejected' ||
    field(field(data, 'kyc'), 'status') === 'rejected'
  )
}

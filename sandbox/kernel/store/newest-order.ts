/**
 * Where a transaction sorts in the store's ordered indexes, newest first read from the end: its creation time, then
 * its id, as one string (`\u0000` between them sorts the pair as a pair: it is below every character either holds).
 * A module of its own, so the domain can name it without loading the store's module (decision 0030).
 *
 * @example
 * newestOrder({ createdAt: '2026-01-01T00:00:00.000Z', id: 'txn_b' }) > newestOrder({ createdAt: '2026-01-01T00:00:00.000Z', id: 'txn_a' }) // true
 */
export function newestOrder(transaction: { createdAt: string; id: string }): string {
  return `${transaction.createdAt}\u0000${transaction.id}`
}

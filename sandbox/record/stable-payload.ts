import { isOmittedBody } from '#kernel/journal.ts'
import { isIssued } from './recorded-values.ts'

const INSTANT = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/

/**
 * Fields whose values a replay does not repeat, whatever their shape (docs/decisions/0055):
 * - made with a fresh key, IV or the process's signing secret: encrypted credentials, quote signatures, signed cursors;
 * - URLs (they carry tokens and ports).
 * A seeded card's digits and a customer's name are kept: they derive from `(seed, mode)`, as amounts do (decision 0052).
 */
const VOLATILE_FIELDS = new Set(['credentials', 'signature', 'nextCursor', 'url'])

const DROP = Symbol('drop')

/** Whether a string holds an issued id or token, or an instant, anywhere: itself, or inside a URL or a message naming one. */
function carriesVolatile(text: string): boolean {
  return INSTANT.test(text) || text.split(/[^A-Za-z0-9._-]+/).some(isIssued)
}

function keep(value: unknown, amounts: boolean): unknown {
  if (typeof value === 'string') return carriesVolatile(value) ? DROP : value
  if (typeof value === 'number') return amounts ? value : DROP
  if (value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) {
    // An expected array matches element by element: one element left out would shift the rest, so the array goes.
    const items = value.map((item) => keep(item, amounts))
    return items.includes(DROP) ? DROP : items
  }
  const entries = Object.entries(value)
    .filter(([key]) => !VOLATILE_FIELDS.has(key))
    .map(([key, child]) => [key, keep(child, amounts)] as const)
    .filter(([, child]) => child !== DROP)
  return Object.fromEntries(entries)
}

/**
 * The part of a recorded event payload that a replay on a fresh account reproduces: without issued ids and tokens,
 * instants (and strings that carry either), the volatile fields (encrypted credentials, signatures, cursors, URLs), and without numbers unless `amounts` (the recording's clock started at the price
 * epoch, as a replay's does, so prices and amounts repeat). Payloads match partially, so what is left out is simply
 * not checked.
 *
 * @example
 * stablePayload({ status: 'active', credentials: 'eyJ…', customer: { id: 'cus_1x2y3z', country: 'USA' } }, true)
 * // { status: 'active', customer: { country: 'USA' } }
 */
export function stablePayload(payload: unknown, amounts: boolean): unknown {
  const kept = keep(payload, amounts)
  return kept === DROP ? undefined : kept
}

/** Whether a kept value still says something: a string, number, boolean or null somewhere in it, or an array (its length). */
function hasLeaf(value: unknown): boolean {
  return value === null || typeof value !== 'object' || Array.isArray(value) || Object.values(value).some(hasLeaf)
}

/**
 * The part of a recorded JSON response body a replay reproduces ({@link stablePayload} with amounts), or undefined
 * when there is none to expect: no JSON body (204, text), the journal's placeholder of a body too long for it, or
 * nothing stable left (`{ data: { sessionToken, expiresAt } }`). Only for recordings whose clock started at the price
 * epoch: on a clock that ran, what a response says (a price, whether a transaction has settled) depends on when it
 * was asked.
 *
 * @example
 * stableBody({ data: { id: 'txn_4fGh7KxQ2m', status: 'pending', createdAt: '2026-01-01T00:00:00.000Z' } }) // { data: { status: 'pending' } }
 */
export function stableBody(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || isOmittedBody(body)) return undefined
  const kept = keep(body, true)
  return kept !== DROP && hasLeaf(kept) ? kept : undefined
}

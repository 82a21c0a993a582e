import { isIssued } from './recorded-values.ts'

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/

/** Fields that never repeat: encrypted credentials (a fresh key each time) and URLs (they carry tokens and ports). */
const VOLATILE_FIELDS = new Set(['credentials', 'url'])

const DROP = Symbol('drop')

function keep(value: unknown, amounts: boolean): unknown {
  if (typeof value === 'string') return isIssued(value) || ISO_INSTANT.test(value) ? DROP : value
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
 * instants, encrypted credentials and URLs, and without numbers unless `amounts` (the recording's clock started at
 * the price epoch, as a replay's does, so prices and amounts repeat). Payloads match partially, so what is left out is
 * simply not checked.
 *
 * @example
 * stablePayload({ status: 'active', credentials: 'eyJ…', customer: { id: 'cus_1x2y3z', country: 'USA' } }, true)
 * // { status: 'active', customer: { country: 'USA' } }
 */
export function stablePayload(payload: unknown, amounts: boolean): unknown {
  const kept = keep(payload, amounts)
  return kept === DROP ? undefined : kept
}

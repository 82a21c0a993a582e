import { isFailureWebhook } from './failure-webhook.ts'
import type { LogRow } from './log-row.ts'
import { shortTransaction } from './row-transaction.ts'
import { FRAME_PALETTE } from '#portable/demo/sequence-diagram-style.ts'

/** How a row reads at a glance: a failure (red), a cancellation (amber), or neither. */
export type RowTone = 'failure' | 'cancelled'

const record = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null
const field = (value: unknown, name: string): unknown =>
  record(value) && Object.hasOwn(value, name) ? value[name] : undefined
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)

/** Connection and transaction outcomes that are failures (a `complete` carrying one is coloured as such). */
const FAILED_STATUSES = new Set(['failed', 'unavailable'])

/**
 * The tone of a log row, the one source of truth for the log's and the diagram's colours: a failure for a row marked
 * `failure` (a rejected webhook), a webhook that tells of a failure (`isFailureWebhook`), an `error` event, a
 * `complete` with `status: failed`, `unavailable` or a `failureCode`, an API answer ≥ 400; cancelled for a `cancelled` event
 * or a row marked `cancelled` (a wallet sheet cancelled, the frames closed).
 *
 * @example
 * rowTone({ time: 0, direction: 'api', channel: 'api', frame: '-', kind: 'POST /platform/v1/quotes/buy → 503' }) // 'failure'
 */
export function rowTone(row: LogRow): RowTone | undefined {
  if (row.failure) return 'failure'
  if (row.cancelled) return 'cancelled'
  if (row.direction === 'api') return Number(/→ (\d{3})$/.exec(row.kind)?.[1] ?? 0) >= 400 ? 'failure' : undefined
  if (row.direction === 'webhook') return isFailureWebhook(row.kind, field(row.payload, 'data')) ? 'failure' : undefined
  if (row.direction !== 'frame→host') return undefined
  if (row.kind === 'error') return 'failure'
  if (row.kind === 'cancelled') return 'cancelled'
  if (row.kind !== 'complete') return undefined
  const status = text(field(row.payload, 'status')) ?? text(field(field(row.payload, 'transaction'), 'status'))
  return field(row.payload, 'failureCode') !== undefined || (status !== undefined && FAILED_STATUSES.has(status))
    ? 'failure'
    : undefined
}

/**
 * The short channel id the log and the diagram share: `frame·last 4 of the channel id` for a frame's row (and a
 * customer's act in a frame), the channel (`partner`, `api`, `webhook`, `host`) for the others.
 *
 * @example
 * shortChannel({ time: 0, direction: 'frame→host', channel: 'ch_7f3a9c2e', frame: 'buy-button', kind: 'ready' }) // 'buy-button·9c2e'
 */
export function shortChannel(row: LogRow): string {
  return row.direction === 'frame→host' ||
    row.direction === 'host→frame' ||
    (row.direction === 'customer' && row.frame !== '-')
    ? `${row.frame}·${row.channel.slice(-4)}`
    : row.channel
}

/**
 * Each frame's palette index, by order of first appearance (modulo the palette's length); rows of no frame (`-`) have none.
 *
 * @example
 * frameColours(['check', 'buy-button', 'check']) // Map { 'check' => 0, 'buy-button' => 1 }
 */
export function frameColours(frames: Iterable<string>): Map<string, number> {
  const colours = new Map<string, number>()
  for (const frame of frames)
    if (frame !== '-' && !colours.has(frame)) colours.set(frame, colours.size % FRAME_PALETTE.length)
  return colours
}

/** What a row's outcome says on its summary line: `code: message` of an error, the status and failure code of a complete or a webhook. */
function outcome(row: LogRow): string | undefined {
  const payload = row.direction === 'webhook' ? (field(row.payload, 'data') ?? row.payload) : row.payload
  if (row.kind === 'error' || row.direction === 'webhook') {
    const code = text(field(payload, 'code'))
    if (code !== undefined) return `${code}: ${text(field(payload, 'message')) ?? ''}`.trim()
  }
  if (row.kind !== 'complete' && row.direction !== 'webhook') return undefined
  const status = text(field(payload, 'status')) ?? text(field(field(payload, 'transaction'), 'status'))
  const parts = [
    status,
    text(field(payload, 'failureCode')),
    field(payload, 'mismatch') === true ? 'mismatch' : undefined,
  ]
  const said = parts.filter((part) => part !== undefined).join(' · ')
  return said === '' ? undefined : said
}

/** The columns of one log row, as data (the DOM code only lays them out). */
export interface LogCells {
  time: string
  /** The direction badge: `→ frame`, `← frame`, `API`, `server API` (the partner server's own call), `webhook`, `customer`. */
  badge: { text: string; className: 'dir-out' | 'dir-in' | 'dir-api' | 'dir-webhook' | 'dir-customer' }
  channel: string
  frame: string
  /** The frame's palette index (`frame-<n>` class), none for a row of no frame. */
  colour?: number
  hidden: boolean
  kind: string
  outcome?: string
  /** The transaction the row is about, shortened (`txn_…LxRF`): a webhook names its transaction. */
  transaction?: string
  tone?: RowTone
}

const BADGES = new Map<LogRow['direction'], LogCells['badge']>([
  ['host→frame', { text: '→ frame', className: 'dir-out' }],
  ['frame→host', { text: '← frame', className: 'dir-in' }],
  ['api', { text: 'API', className: 'dir-api' }],
  ['webhook', { text: 'webhook', className: 'dir-webhook' }],
  ['customer', { text: 'customer', className: 'dir-customer' }],
])

/**
 * A log row's columns: time, direction badge, short channel id, frame (and its colour), the hidden tag, kind, outcome,
 * the transaction (shortened), tone.
 *
 * @example
 * logCells({ time: 1234, direction: 'api', channel: 'api', frame: '-', kind: 'POST /platform/v1/sessions → 201', actor: 'partner' }, new Map())
 * // { time: '1.234s', badge: { text: 'server API', className: 'dir-api' }, channel: 'api', frame: '', hidden: false, kind: 'POST …' }
 */
export function logCells(row: LogRow, colours: ReadonlyMap<string, number>): LogCells {
  const badge =
    row.direction === 'api' && row.actor === 'partner'
      ? { text: 'server API', className: 'dir-api' as const }
      : BADGES.get(row.direction)!
  const colour = colours.get(row.frame)
  const said = outcome(row)
  const tone = rowTone(row)
  return {
    time: `${(row.time / 1000).toFixed(3)}s`,
    badge,
    channel: shortChannel(row),
    frame: row.frame === '-' ? '' : row.frame,
    ...(colour !== undefined && { colour }),
    hidden: row.hidden === true,
    kind: row.kind,
    ...(said !== undefined && { outcome: said }),
    ...(row.transaction !== undefined && { transaction: shortTransaction(row.transaction) }),
    ...(tone !== undefined && { tone }),
  }
}

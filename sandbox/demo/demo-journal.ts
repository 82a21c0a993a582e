import { z } from 'zod'
import type { FrameJournalEntry, JournalEntry } from '#contract/index.ts'
import type { PlainRequest, PlainResponse } from '#http/plain-http.ts'
import { isResponse, json, validated } from './demo-http.ts'

/** How the demo's partner server calls the sandbox with its secret key (`demoRoutes`' `call`). */
type SecretKeyCall = (
  mode: 'test' | 'live',
  method: string,
  path: string,
  body?: unknown,
  query?: Record<string, string>,
) => Promise<{ status: number; body?: unknown }>

/** The journal's page size (its route's largest `limit`). */
const PAGE = 1000

/**
 * The tenant's journal entries after `since` (of one `kind`, if given), every page of them (the route answers up to
 * 1000 at a time), or the failed answer to forward.
 *
 * @example
 * const entries = await journalSince(call, 'test', 0)
 * const head = Array.isArray(entries) ? entries.at(-1)?.seq ?? 0 : 0
 */
export async function journalSince(
  call: SecretKeyCall,
  mode: 'test' | 'live',
  since: number,
  kind?: JournalEntry['kind'],
): Promise<JournalEntry[] | { status: number; body?: unknown }> {
  const entries: JournalEntry[] = []
  let after = since
  for (;;) {
    const reply = await call(mode, 'GET', '/__sandbox/journal', undefined, {
      since: String(after),
      limit: String(PAGE),
      ...(kind === undefined ? {} : { kind }),
    })
    if (reply.status !== 200) return reply
    const page = (reply.body as { data: JournalEntry[] }).data
    entries.push(...page)
    if (page.length < PAGE) return entries
    after = page.at(-1)!.seq
  }
}

/** Query of `GET /demo/api/frame-actions`: the key, the frame's channel, and the last journal seq the page has seen. */
const FrameActionsQuery = z.strictObject({
  mode: z.enum(['test', 'live']).default('test'),
  channel: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, 'channel is a frame channel id (1–128 of A-Z a-z 0-9 _ -)'),
  after: z
    .string()
    .regex(/^\d{1,15}$/, 'after is a whole number (a journal seq)')
    .transform(Number)
    .default(0),
})

/**
 * `GET /demo/api/frame-actions`: the customer's actions inside one frame after a journal seq (`{seq, event}`, event
 * the action: `tapPay`, `cancelSheet` …), read by the partner server from the journal with the secret key. The page
 * learns from it what a frame posts no event for: a wallet sheet cancelled, a connect frame closed.
 *
 * @example
 * const route = frameActionsRoute(call)
 * await route({ method: 'GET', path: '/demo/api/frame-actions', query: { channel: 'ch_1' }, headers: {} })
 * // { status: 200, body: { data: { actions: [{ seq: 41, event: 'tapPay' }, { seq: 42, event: 'cancelSheet' }] } } }
 */
export function frameActionsRoute(call: SecretKeyCall) {
  return async (request: PlainRequest): Promise<PlainResponse> => {
    const query = validated(FrameActionsQuery, request.query, '(query)')
    if (isResponse(query)) return query
    const entries = await journalSince(call, query.mode, query.after, 'frame')
    if (!Array.isArray(entries)) return json(entries.status, entries.body ?? null)
    const actions = entries
      .filter(
        (entry): entry is FrameJournalEntry =>
          entry.kind === 'frame' && entry.direction === 'action' && entry.channelId === query.channel,
      )
      .map((entry) => ({ seq: entry.seq, event: entry.event }))
    return json(200, { data: { actions, last: entries.at(-1)?.seq ?? query.after } })
  }
}

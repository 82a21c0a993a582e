import { describe, expect, it } from 'vitest'
import type { PlainReply } from '#http/plain-http.ts'
import { frameActionsRoute, journalSince } from './demo-journal.ts'

const at = '2026-01-01T00:00:00.000Z'
const frameEntry = (seq: number, channelId: string, direction: string, event: string) => ({
  seq,
  at,
  kind: 'frame',
  frame: 'apple-pay',
  channelId,
  session: null,
  direction,
  event,
})

/** A secret-key call that answers the journal with `entries` (after `since`, of `kind`), and records each query. */
function journalCall(entries: Array<{ seq: number; kind: string }>) {
  const queries: Array<Record<string, string>> = []
  const call = async (
    _mode: string,
    _method: string,
    _path: string,
    _body?: unknown,
    query: Record<string, string> = {},
  ) => {
    queries.push(query)
    const data = entries.filter(
      (entry) => entry.seq > Number(query.since) && (query.kind === undefined || entry.kind === query.kind),
    )
    return { status: 200, body: { data } }
  }
  return { call, queries }
}

const get = async (route: ReturnType<typeof frameActionsRoute>, query: Record<string, string>) =>
  (await route({ method: 'GET', path: '/demo/api/frame-actions', query, headers: {} })) as PlainReply

describe("the demo partner server's reading of the journal", () => {
  it('asks the journal for one kind of entry when told to', async () => {
    const { call, queries } = journalCall([])
    await journalSince(call, 'test', 5, 'frame')
    expect(queries).toEqual([{ since: '5', limit: '1000', kind: 'frame' }])
  })

  it("answers the customer's actions inside one frame after a seq, and the last seq it read", async () => {
    const { call, queries } = journalCall([
      frameEntry(3, 'ch_a', 'out', 'buttonPressed'),
      frameEntry(4, 'ch_a', 'action', 'tapPay'),
      frameEntry(5, 'ch_b', 'action', 'tapPay'),
      frameEntry(6, 'ch_a', 'action', 'cancelSheet'),
      frameEntry(7, 'ch_b', 'action', 'confirmSheet'),
    ])
    const reply = await get(frameActionsRoute(call), { channel: 'ch_a', after: '3' })
    expect(reply.status).toBe(200)
    expect(reply.body).toEqual({
      data: {
        actions: [
          { seq: 4, event: 'tapPay' },
          { seq: 6, event: 'cancelSheet' },
        ],
        last: 7,
      },
    })
    expect(queries[0]).toMatchObject({ since: '3', kind: 'frame' })
  })

  it('refuses a channel that is no channel id, and an after that is no seq, naming the field', async () => {
    const route = frameActionsRoute(journalCall([]).call)
    const bad = await get(route, { channel: 'ch a<script>' })
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({ code: 'invalid_body', errors: [{ field: 'channel' }] })
    const after = await get(route, { channel: 'ch_a', after: '-1' })
    expect(after.body).toMatchObject({ errors: [{ field: 'after' }] })
  })
})

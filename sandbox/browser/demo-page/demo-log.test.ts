import { describe, expect, it } from 'vitest'
import { lanesOf, timelineOf, type LogRow } from './demo-log.ts'

const rows: LogRow[] = [
  { time: 0, direction: 'api', channel: 'partner', frame: '-', kind: 'POST /demo/api/session → 201', actor: 'host' },
  { time: 1, direction: 'api', channel: 'api', frame: '-', kind: 'POST /platform/v1/sessions → 201', actor: 'partner' },
  { time: 2, direction: 'frame→host', channel: 'ch_00000001', frame: 'check', kind: 'handshake', hidden: true },
  { time: 3, direction: 'host→frame', channel: 'ch_00000001', frame: 'check', kind: 'ack', hidden: true },
  { time: 4, direction: 'api', channel: 'api', frame: '-', kind: 'POST /platform/v1/quotes/buy → 503', actor: 'host' },
  {
    time: 5,
    direction: 'frame→host',
    channel: 'ch_0000beef',
    frame: 'challenge',
    kind: 'cancelled',
    payload: { flow: 'buy' },
  },
  {
    time: 6,
    direction: 'webhook',
    channel: 'webhook',
    frame: '-',
    kind: 'transaction_created',
    payload: { type: 'transaction_created', data: { status: 'pending' } },
  },
  {
    time: 7,
    direction: 'webhook',
    channel: 'webhook',
    frame: '-',
    kind: 'rejected (bad_signature)',
    payload: { code: 'bad_signature' },
    failure: true,
  },
]

describe('timelineOf', () => {
  it('draws each row between its lanes, toned by rowTone, webhooks in the webhook tone otherwise', () => {
    expect(timelineOf(rows)).toEqual([
      { actor: 'host', target: 'partner', what: 'POST /demo/api/session → 201' },
      { actor: 'partner', target: 'api', what: 'POST /platform/v1/sessions → 201' },
      { actor: 'frame:check·0001', target: 'check·0001', what: 'handshake', detail: undefined },
      { actor: 'host', target: 'check·0001', what: 'ack' },
      { actor: 'host', target: 'api', what: 'POST /platform/v1/quotes/buy → 503', tone: 'failure' },
      {
        actor: 'frame:challenge·beef',
        target: 'challenge·beef',
        what: 'cancelled',
        detail: { flow: 'buy' },
        tone: 'cancelled',
      },
      { actor: 'api', target: 'partner', what: 'webhook transaction_created (pending)', tone: 'webhook' },
      { actor: 'api', target: 'partner', what: 'webhook rejected (bad_signature)', tone: 'failure' },
    ])
  })
})

describe('timelineOf, for a run', () => {
  it("names a webhook's transaction on its arrow, and draws the customer's acts from the customer's lane", () => {
    const run: LogRow[] = [
      {
        time: 0,
        direction: 'webhook',
        channel: 'webhook',
        frame: '-',
        kind: 'transaction_updated',
        payload: { type: 'transaction_updated', data: { id: 'txn_FBi12UEiEscqLxRF', status: 'completed' } },
        transaction: 'txn_FBi12UEiEscqLxRF',
      },
      {
        time: 1,
        direction: 'customer',
        channel: 'ch_0000abcd',
        frame: 'apple-pay',
        kind: 'cancelSheet',
        cancelled: true,
      },
      { time: 2, direction: 'customer', channel: 'host', frame: '-', kind: 'close the frames', cancelled: true },
    ]
    expect(timelineOf(run)).toEqual([
      { actor: 'api', target: 'partner', what: 'webhook transaction_updated (completed) txn_…LxRF', tone: 'webhook' },
      { actor: 'customer', target: 'apple-pay·abcd', what: 'cancelSheet', tone: 'cancelled' },
      { actor: 'customer', target: 'host', what: 'close the frames', tone: 'cancelled' },
    ])
  })
})

describe('lanesOf', () => {
  it("styles each frame's lane: hidden or not, and the frame's colour by order of appearance", () => {
    expect([...lanesOf(rows)]).toEqual([
      ['check·0001', { hidden: true, colour: 0 }],
      ['challenge·beef', { hidden: false, colour: 1 }],
    ])
  })
})

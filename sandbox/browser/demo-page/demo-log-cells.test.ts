import { describe, expect, it } from 'vitest'
import { frameColours, logCells, rowTone, shortChannel } from './demo-log-cells.ts'
import type { LogRow } from './demo-log.ts'
import { FRAME_PALETTE } from '#portable/demo/sequence-diagram-style.ts'

const frame = (kind: string, payload?: unknown, name = 'buy-button'): LogRow => ({
  time: 0,
  direction: 'frame→host',
  channel: 'ch_0000abcd',
  frame: name,
  kind,
  ...(payload !== undefined && { payload }),
})
const api = (kind: string, extra: Partial<LogRow> = {}): LogRow => ({
  time: 0,
  direction: 'api',
  channel: 'api',
  frame: '-',
  kind,
  actor: 'host',
  ...extra,
})
const webhook = (kind: string, payload: unknown, failure?: boolean): LogRow => ({
  time: 0,
  direction: 'webhook',
  channel: 'webhook',
  frame: '-',
  kind,
  payload,
  ...(failure !== undefined && { failure }),
})

describe('rowTone', () => {
  it.each<[string, LogRow, 'failure' | 'cancelled' | undefined]>([
    [
      'a failed purchase',
      frame('complete', { transaction: { id: 't1', status: 'failed' }, failureCode: 'transactionNotAllowed' }),
      'failure',
    ],
    [
      'a failure code alone',
      frame('complete', { transaction: { id: null, status: 'pending' }, failureCode: 'unknown' }),
      'failure',
    ],
    ['a failed connection', frame('complete', { status: 'failed', credentials: 'c' }, 'check'), 'failure'],
    ['an unavailable connection', frame('complete', { status: 'unavailable', credentials: 'c' }, 'connect'), 'failure'],
    [
      'an error event',
      frame('error', { code: 'invalid_token', message: 'The token expired.' }, 'challenge'),
      'failure',
    ],
    ['an API answer of 503', api('POST /platform/v1/quotes/buy → 503'), 'failure'],
    ['an API answer of 400', api('POST /demo/api/session → 400', { channel: 'partner' }), 'failure'],
    [
      'a rejected webhook',
      webhook('rejected (bad_signature)', { code: 'bad_signature', message: 'no match' }, true),
      'failure',
    ],
    [
      'a transaction_failed webhook',
      webhook('transaction_failed', { type: 'transaction_failed', data: { status: 'failed' } }),
      'failure',
    ],
    [
      'a swap_transaction_failed webhook',
      webhook('swap_transaction_failed', { type: 'swap_transaction_failed', data: { status: 'failed' } }),
      'failure',
    ],
    [
      'a failed transaction.updated',
      webhook('transaction.updated', { id: 'evt_1', type: 'transaction.updated', data: { status: 'failed' } }),
      'failure',
    ],
    [
      'a rejected identity_check_updated',
      webhook('identity_check_updated', {
        type: 'identity_check_updated',
        data: { status: 'completed', result: 'rejected' },
      }),
      'failure',
    ],
    [
      'a completed transaction.updated',
      webhook('transaction.updated', { id: 'evt_1', type: 'transaction.updated', data: { status: 'completed' } }),
      undefined,
    ],
    ['a cancelled challenge', frame('cancelled', { flow: 'buy' }, 'challenge'), 'cancelled'],
    ['a pending purchase', frame('complete', { transaction: { id: 't1', status: 'pending' } }), undefined],
    ['an active connection', frame('complete', { status: 'active', credentials: 'c' }, 'check'), undefined],
    [
      'a connection that needs terms',
      frame('complete', { status: 'termsAcceptanceRequired', credentials: 'c' }, 'check'),
      undefined,
    ],
    ['an API answer of 201', api('POST /platform/v1/sessions → 201', { actor: 'partner' }), undefined],
    [
      'a delivered webhook',
      webhook('transaction_created', { type: 'transaction_created', data: { status: 'pending' } }),
      undefined,
    ],
    ['a host message', { ...frame('ack'), direction: 'host→frame' }, undefined],
  ])('tones %s as %s', (_, row, tone) => {
    expect(rowTone(row)).toBe(tone)
  })
})

describe('shortChannel', () => {
  it('names a frame row by its frame and the last four characters of its channel id', () => {
    expect(shortChannel(frame('ready'))).toBe('buy-button·abcd')
    expect(shortChannel({ ...frame('ack', undefined, 'check'), direction: 'host→frame' })).toBe('check·abcd')
  })

  it('keeps the channel of an API or webhook row', () => {
    expect(shortChannel(api('POST /demo/api/session → 201', { channel: 'partner' }))).toBe('partner')
    expect(shortChannel(api('POST /platform/v1/quotes/buy → 200'))).toBe('api')
    expect(shortChannel(webhook('transaction_created', {}))).toBe('webhook')
  })
})

describe('frameColours', () => {
  it('gives each frame a colour by order of first appearance, none to rows of no frame', () => {
    expect([...frameColours(['-', 'check', 'buy-button', 'check', 'challenge'])]).toEqual([
      ['check', 0],
      ['buy-button', 1],
      ['challenge', 2],
    ])
  })

  it('starts the palette again after its last colour', () => {
    const frames = Array.from({ length: FRAME_PALETTE.length + 1 }, (_, i) => `frame-${i}`)
    expect(frameColours(frames).get(`frame-${FRAME_PALETTE.length}`)).toBe(0)
  })
})

describe('logCells', () => {
  const colours = new Map([
    ['check', 0],
    ['buy-button', 1],
  ])

  it('lays a frame event out as time, badge, short channel, coloured frame, kind and outcome', () => {
    expect(
      logCells(
        {
          ...frame('complete', { transaction: { id: 't1', status: 'failed' }, failureCode: 'transactionNotAllowed' }),
          time: 1234,
        },
        colours,
      ),
    ).toEqual({
      time: '1.234s',
      badge: { text: '← frame', className: 'dir-in' },
      channel: 'buy-button·abcd',
      frame: 'buy-button',
      colour: 1,
      hidden: false,
      kind: 'complete',
      outcome: 'failed · transactionNotAllowed',
      tone: 'failure',
    })
  })

  it('badges a message to a frame "→ frame" and tags a hidden frame', () => {
    const cells = logCells({ ...frame('ack', undefined, 'check'), direction: 'host→frame', hidden: true }, colours)
    expect(cells).toMatchObject({
      badge: { text: '→ frame', className: 'dir-out' },
      channel: 'check·abcd',
      colour: 0,
      hidden: true,
    })
  })

  it('shows an error event as code: message', () => {
    expect(
      logCells(frame('error', { code: 'invalid_token', message: 'The token expired.' }, 'challenge'), colours).outcome,
    ).toBe('invalid_token: The token expired.')
  })

  it("badges the partner server's own call apart from the host page's", () => {
    expect(logCells(api('POST /platform/v1/sessions → 201', { actor: 'partner' }), colours)).toMatchObject({
      badge: { text: 'server API' },
      channel: 'api',
      frame: '',
    })
    expect(logCells(api('POST /platform/v1/quotes/buy → 200'), colours).badge.text).toBe('API')
  })

  it("shows a webhook's transaction status, and a rejected one's error", () => {
    expect(
      logCells(
        webhook('transaction_created', { type: 'transaction_created', data: { id: 't1', status: 'pending' } }),
        colours,
      ),
    ).toMatchObject({ badge: { text: 'webhook' }, outcome: 'pending' })
    expect(
      logCells(webhook('rejected (bad_signature)', { code: 'bad_signature', message: 'no match' }, true), colours),
    ).toMatchObject({ outcome: 'bad_signature: no match', tone: 'failure' })
  })

  it('says mismatch on a connectionRequired complete', () => {
    expect(
      logCells(frame('complete', { status: 'connectionRequired', mismatch: true, credentials: 'c' }, 'check'), colours)
        .outcome,
    ).toBe('connectionRequired · mismatch')
  })

  it("names the transaction a row is about, shortened, and badges a customer's act as cancelled", () => {
    const named = {
      ...webhook('transaction_updated', { type: 'transaction_updated', data: { id: 'txn_FBi12UEiEscqLxRF' } }),
      transaction: 'txn_FBi12UEiEscqLxRF',
    }
    expect(logCells(named, colours).transaction).toBe('txn_…LxRF')
    const sheet: LogRow = {
      time: 0,
      direction: 'customer',
      channel: 'ch_0000abcd',
      frame: 'apple-pay',
      kind: 'cancelSheet',
      cancelled: true,
    }
    expect(logCells(sheet, colours)).toMatchObject({
      badge: { text: 'customer', className: 'dir-customer' },
      channel: 'apple-pay·abcd',
      tone: 'cancelled',
    })
    expect(shortChannel({ ...sheet, channel: 'host', frame: '-' })).toBe('host')
  })
})

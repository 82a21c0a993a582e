import { describe, expect, it } from 'vitest'
import type { StateEventName } from '#contract/index.ts'
import { Journal } from './journal.ts'

const AT = Date.parse('2026-01-01T00:00:00.000Z')
// Short markers for ordering and bounds: the journal keeps whatever name the tenant (typed by the contract) gives it.
const state = (event: string) => ({ kind: 'state' as const, event: event as StateEventName, detail: {} })

describe('Journal', () => {
  it('numbers entries in order', () => {
    const journal = new Journal(10)
    journal.append(AT, state('a:b'))
    journal.append(AT, state('c:d'))
    expect(journal.list().map((e) => e.seq)).toEqual([1, 2])
  })

  it('stamps entries with their sandbox time in ISO 8601', () => {
    const journal = new Journal(10)
    journal.append(AT + 1500, state('a:b'))
    expect(journal.list()[0]!.at).toBe('2026-01-01T00:00:01.500Z')
  })

  it('counts a frame message or a state change as the JSON it holds, so long ones push out old entries within the budget', () => {
    const journal = new Journal({ entries: 1000, chars: 20_000, entryChars: 8_000 })
    const frame = (message: string) => ({
      kind: 'frame' as const,
      frame: 'buy',
      channelId: 'ch_1',
      session: null,
      direction: 'out' as const,
      event: 'error',
      payload: { code: 'x', message },
    })
    for (let i = 0; i < 20; i++) journal.append(AT, frame('m'.repeat(5_000)))
    expect(journal.held.chars).toBeLessThanOrEqual(20_000)
    expect(journal.held.entries).toBeLessThan(5)
    for (let i = 0; i < 20; i++)
      journal.append(AT, { kind: 'state', event: 'fault:added', detail: { responseBody: 'b'.repeat(5_000) } })
    expect(journal.held.chars).toBeLessThanOrEqual(20_000)
    expect(journal.held.entries).toBeLessThan(5)
  })

  it('keeps a frame message or a state change longer than an entry keeps as a placeholder giving its size', () => {
    const journal = new Journal({ entries: 10, chars: 1_000_000, entryChars: 1_000 })
    journal.append(AT, {
      kind: 'frame',
      frame: 'buy',
      channelId: 'ch_1',
      session: null,
      direction: 'out',
      event: 'error',
      payload: { code: 'x', message: 'm'.repeat(5_000) },
    })
    journal.append(AT, { kind: 'state', event: 'fault:added', detail: { responseBody: 'b'.repeat(5_000) } })
    const [frame, state] = journal.list()
    expect(frame).toMatchObject({
      kind: 'frame',
      event: 'error',
      payload: { omitted: expect.stringMatching(/^body of 51\d\d characters/) },
    })
    expect(state).toMatchObject({
      kind: 'state',
      event: 'fault:added',
      detail: { omitted: expect.stringMatching(/^body of 50\d\d characters/) },
    })
    expect(journal.held.chars).toBeLessThan(2_000)
  })

  it('keeps only the newest entries when full', () => {
    const journal = new Journal(3)
    for (let i = 0; i < 5; i++) journal.append(AT, state('n:v'))
    expect(journal.list().map((e) => e.seq)).toEqual([3, 4, 5])
    expect(journal.lastSeq).toBe(5)
  })

  it('lists entries after a seq, of a kind, up to a limit', () => {
    const journal = new Journal(10)
    journal.append(AT, state('a:b'))
    journal.append(AT, { kind: 'api', method: 'GET', path: '/x', query: {}, status: 200 })
    journal.append(AT, state('c:d'))
    journal.append(AT, state('e:f'))
    expect(journal.list({ since: 1, kind: 'state', limit: 1 }).map((e) => e.seq)).toEqual([3])
  })

  it('gives back a response body stored as JSON text as a value', () => {
    const journal = new Journal(10)
    journal.append(AT, { kind: 'api', method: 'GET', path: '/x', query: {}, status: 200 }, '{"a":[1,2]}')
    expect(journal.list()[0]).toMatchObject({ kind: 'api', responseBody: { a: [1, 2] } })
  })

  it('starts again from 1 after clear', () => {
    const journal = new Journal(10)
    journal.append(AT, state('a:b'))
    journal.clear()
    expect(journal.list()).toEqual([])
    expect(journal.append(AT, state('a:b'))).toBe(1)
  })
})

describe('Journal as JSON text', () => {
  const mixed = () => {
    const journal = new Journal(10)
    journal.append(AT, state('a:b'))
    journal.append(
      AT + 1,
      {
        kind: 'api',
        method: 'POST',
        path: '/x',
        query: { q: ['1', '2'] },
        status: 201,
        requestBody: { n: 'é"\\' },
        responseBody: undefined,
        deprecated: undefined,
        key: 'secret',
        headers: { 'x-api-key': '[redacted]' },
      },
      '{"data":{"id":"x","list":[1,{"b":null}]}}',
    )
    journal.append(AT + 2, {
      kind: 'api',
      method: 'GET',
      path: '/page',
      query: {},
      status: 200,
      responseBody: '<html>',
    })
    journal.append(AT + 3, { kind: 'api', method: 'GET', path: '/late', query: {}, status: 200 }, '{"z":1}')
    return journal
  }

  it('gives the text of what list gives, field for field', () => {
    const journal = mixed()
    expect(journal.listJson()).toBe(JSON.stringify(journal.list()))
    expect(journal.listJson({ since: 1, kind: 'api', limit: 2 })).toBe(
      JSON.stringify(journal.list({ since: 1, kind: 'api', limit: 2 })),
    )
  })

  it('gives the same text on every read', () => {
    const journal = mixed()
    const first = journal.listJson()
    expect(journal.listJson()).toBe(first)
    expect(journal.list()).toEqual(JSON.parse(first))
  })

  it('answers a new list once an entry is appended, and the same text while none is', () => {
    const journal = mixed()
    const first = journal.listJson({ kind: 'state' })
    expect(journal.listJson({ kind: 'state' })).toBe(first)
    journal.append(AT + 4, state('g:h'))
    expect(JSON.parse(journal.listJson({ kind: 'state' })).map((entry: { seq: number }) => entry.seq)).toEqual([1, 5])
    expect(JSON.parse(journal.listJson({ kind: 'api' })).map((entry: { seq: number }) => entry.seq)).toEqual([2, 3, 4])
  })

  it('counts the text it keeps against the budget', () => {
    const journal = mixed()
    const before = journal.held.chars
    const text = journal.listJson()
    expect(journal.held.chars).toBe(before + text.length - 2 - 3)
  })
})

describe('Journal bounds', () => {
  const api = { kind: 'api' as const, method: 'GET', path: '/x', query: {}, status: 200 }

  it('drops the oldest entries once the text it holds passes its budget in characters', () => {
    const journal = new Journal({ entries: 100, chars: 3_000 })
    for (let i = 0; i < 5; i++) journal.append(AT, api, JSON.stringify({ blob: 'x'.repeat(900) }))
    expect(journal.list().map((e) => e.seq)).toEqual([4, 5])
    expect(journal.held.chars).toBeLessThanOrEqual(3_000)
    expect(journal.lastSeq).toBe(5)
  })

  it('keeps at least the newest entry, however long', () => {
    const journal = new Journal({ entries: 100, chars: 100 })
    journal.append(AT, api, JSON.stringify({ blob: 'x'.repeat(500) }))
    expect(journal.list().map((e) => e.seq)).toEqual([1])
  })

  it('keeps a response body longer than one entry may hold as a placeholder giving its size', () => {
    const journal = new Journal({ entries: 100, entryChars: 100 })
    const json = JSON.stringify({ blob: 'x'.repeat(200) })
    journal.append(AT, api, json)
    expect(journal.list()[0]).toMatchObject({
      responseBody: {
        omitted: `body of ${json.length} characters, longer than the journal keeps (docs/decisions/0044)`,
      },
    })
  })

  it('forgets the budget it used when cleared', () => {
    const journal = new Journal({ entries: 100, chars: 10_000 })
    journal.append(AT, api, JSON.stringify({ blob: 'x'.repeat(900) }))
    journal.clear()
    expect(journal.held).toEqual({ entries: 0, chars: 0 })
  })
})

import { describe, expect, it } from 'vitest'
import { Journal } from './journal.ts'

const AT = Date.parse('2026-01-01T00:00:00.000Z')
const state = (event: string) => ({ kind: 'state' as const, event, detail: {} })

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

import { describe, expect, it } from 'vitest'
import { Journal } from './journal.ts'

const state = (event: string) => ({ kind: 'state' as const, at: '2026-01-01T00:00:00.000Z', event, detail: {} })

describe('Journal', () => {
  it('numbers entries in order', () => {
    const journal = new Journal(10)
    journal.append(state('a:b'))
    journal.append(state('c:d'))
    expect(journal.list().map((e) => e.seq)).toEqual([1, 2])
  })

  it('keeps only the newest entries when full', () => {
    const journal = new Journal(3)
    for (let i = 0; i < 5; i++) journal.append(state(`n:v${'x'.repeat(i)}`.replace(/x/g, 'e')))
    expect(journal.list().map((e) => e.seq)).toEqual([3, 4, 5])
    expect(journal.lastSeq).toBe(5)
  })

  it('lists entries after a seq, of a kind, up to a limit', () => {
    const journal = new Journal(10)
    journal.append(state('a:b'))
    journal.append({ kind: 'api', at: '2026-01-01T00:00:00.000Z', method: 'GET', path: '/x', query: {}, status: 200 })
    journal.append(state('c:d'))
    journal.append(state('e:f'))
    expect(journal.list({ since: 1, kind: 'state', limit: 1 }).map((e) => e.seq)).toEqual([3])
  })

  it('starts again from 1 after clear', () => {
    const journal = new Journal(10)
    journal.append(state('a:b'))
    journal.clear()
    expect(journal.list()).toEqual([])
    expect(journal.append(state('a:b')).seq).toBe(1)
  })
})

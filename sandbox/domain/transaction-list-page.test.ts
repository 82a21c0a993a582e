import { describe, expect, it } from 'vitest'
import { LIST_PAGE_SIZE, pageOf, withinDays } from './transaction-list-page.ts'

describe('transaction list pages', () => {
  it('take days from startDate through endDate, both inclusive', () => {
    const inDays = withinDays({ startDate: '2026-01-02', endDate: '2026-01-03' })
    expect(['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04'].map(inDays)).toEqual([false, true, true, false])
    expect(withinDays({})('1999-12-31')).toBe(true)
  })

  it('start at 0 and hold ten when the query does not say', () => {
    expect(pageOf({})).toEqual({ offset: 0, limit: LIST_PAGE_SIZE })
    expect(LIST_PAGE_SIZE).toBe(10)
    expect(pageOf({ offset: 20, limit: 5 })).toEqual({ offset: 20, limit: 5 })
  })
})

import { describe, expect, it } from 'vitest'
import { median, quantile } from './statistics.ts'

describe('quantile', () => {
  it('picks the nearest rank', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1)
    expect([quantile(sorted, 0.5), quantile(sorted, 0.99), quantile(sorted, 1)]).toEqual([50, 99, 100])
  })
})

describe('median', () => {
  it('takes the middle value, the upper one of an even count, whatever the order', () => {
    expect([median([3, 1, 2]), median([4, 1, 3, 2])]).toEqual([2, 3])
  })
})

import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { SELL_TRIGGERS, sellTriggerFor, sellTriggersMarkdown, significantDigits } from './sell-triggers.ts'

describe('sell triggers', () => {
  it.each([
    [0.04113, '4113'],
    [41.13, '4113'],
    [4113000, '4113'],
    [0.5, '5'],
    [120, '12'],
  ])('read the significant digits of %s as %s', (amount, digits) => {
    expect(significantDigits(amount)).toBe(digits)
  })

  it('are set off by every example they list', () => {
    for (const trigger of SELL_TRIGGERS)
      for (const example of trigger.examples)
        expect(sellTriggerFor('test', Number(example.split(' ')[0]))).toBe(trigger)
  })

  it('are not set off by ordinary amounts', () => {
    for (const amount of [0.5, 1, 0.1, 100, 0.0123, 41.3, 0.41131])
      expect(sellTriggerFor('test', amount)).toBeUndefined()
  })

  it('are ignored in live mode', () => {
    expect(sellTriggerFor('live', 0.4113)).toBeUndefined()
  })

  it('are documented in docs/triggers.md exactly as the registry says', () => {
    expect(readFileSync(new URL('../../docs/triggers.md', import.meta.url), 'utf8')).toContain(sellTriggersMarkdown())
  })
})

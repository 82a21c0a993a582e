import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { SWAP_TRIGGERS, swapTriggerFor, swapTriggersMarkdown } from './swap-triggers.ts'

describe('swap triggers', () => {
  it('are set off by the executed quote base amount in test mode', () => {
    for (const trigger of SWAP_TRIGGERS)
      expect(swapTriggerFor('test', String(trigger.amount))?.outcome).toBe(trigger.outcome)
  })

  it('are ignored in live mode and by an ordinary amount', () => {
    expect(swapTriggerFor('live', '62.13')).toBeUndefined()
    expect(swapTriggerFor('test', '62')).toBeUndefined()
  })

  it('are documented in docs/triggers.md exactly as the registry says', () => {
    expect(readFileSync(new URL('../../docs/triggers.md', import.meta.url), 'utf8')).toContain(swapTriggersMarkdown())
  })
})

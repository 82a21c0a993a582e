import { describe, expect, it } from 'vitest'
import { catalogScenario } from './load-scenarios.ts'

describe('catalogScenario', () => {
  it('refuses a catalog file whose expectation sits where no checker reads it, naming the file and the field', () => {
    const misplaced = {
      title: 't',
      tags: [],
      steps: [],
      expect: { webhooks: { events: [{ type: 'swap_transaction_failed', payload: { data: {} }, received: 1 }] } },
    }
    expect(() => catalogScenario('swaps/misplaced.scenario.ts', misplaced)).toThrow(
      'scenarios/swaps/misplaced.scenario.ts: the default export is not a scenario: expect.webhooks.events.0: Unrecognized key: "received"',
    )
  })

  it('gives back a scenario that has the shape', () => {
    const scenario = {
      title: 't',
      tags: [],
      steps: [],
      expect: { webhooks: { events: [{ type: 'swap_transaction_failed', payload: { data: {}, received: 1 } }] } },
    }
    expect(catalogScenario('swaps/placed.scenario.ts', scenario)).toBe(scenario)
  })
})

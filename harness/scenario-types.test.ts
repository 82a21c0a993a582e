import { describe, expect, it } from 'vitest'
import { defineScenario } from './scenario.ts'

// These lines are checked by `tsc` (npm test runs it first): each @ts-expect-error must meet an error.
describe('scenario typing', () => {
  it('makes a misspelled event kind or payload field a type error', () => {
    const scenario = defineScenario({
      title: 'typing',
      tags: [],
      steps: [],
      expect: {
        channels: {
          check: {
            events: [
              // @ts-expect-error `compelte` is not an event kind
              { kind: 'compelte' },
              // @ts-expect-error `stauts` is not a field of any complete payload
              { kind: 'complete', payload: { stauts: 'active' } },
              { kind: 'complete', payload: { status: 'active', mismatch: true } },
            ],
          },
        },
      },
    })
    expect(scenario.expect.channels!.check!.events).toHaveLength(3)
  })

  it('makes an unknown step a type error', () => {
    const scenario = defineScenario({
      title: 'typing',
      tags: [],
      // @ts-expect-error `server: 'createSesion'` is not a step
      steps: [{ server: 'createSesion', as: 'x', body: {} }],
      expect: {},
    })
    expect(scenario.steps).toHaveLength(1)
  })
})

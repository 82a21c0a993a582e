// Type tests: `tsc --noEmit -p .`, the first half of `npm test`, checks this file. Each @ts-expect-error must meet a
// type error, or tsc fails: a DSL that stopped catching the mistake below fails the run. Nothing here runs.
import { defineScenario } from './scenario.ts'

/** A misspelled event kind or payload field is a type error; a right one is not. */
export const misspelledEvents = defineScenario({
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

/** An unknown step is a type error. */
export const unknownStep = defineScenario({
  title: 'typing',
  tags: [],
  // @ts-expect-error `server: 'createSesion'` is not a step
  steps: [{ server: 'createSesion', as: 'x', body: {} }],
  expect: {},
})

/** A request expectation takes a request matcher (a path at least) and a count as a number. */
export const requestExpectations = defineScenario({
  title: 'typing',
  tags: [],
  steps: [
    { control: 'fault', as: 'f', fault: { method: 'POST', path: '/platform/v1/quotes/buy', status: 429 } },
    { control: 'clearFaults' },
  ],
  expect: {
    requests: [
      { match: { method: 'POST', path: '/platform/v1/sessions', body: { externalCustomerId: 'u1' } }, times: 1 },
      // @ts-expect-error a count is a number
      { match: { path: '/platform/v1/sessions' }, times: '1' },
      // @ts-expect-error a matcher needs a path
      { match: { method: 'POST' } },
    ],
  },
})

/** A scenario without tags is one a partner writes first, as the harness guide's are: no TS2741. */
export const untagged = defineScenario({
  title: 'no tags',
  steps: [{ api: 'GET /v3/currencies', as: 'list' }],
  expect: {},
})

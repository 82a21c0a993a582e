/**
 * The scenario harness: define flows as data, run them, match event sequences.
 *
 * @example
 * import { defineScenario, ref, runInNode, checkScenario } from 'ramp-sandbox/harness'
 */
export { defineScenario, ref, type Scenario, type Step, type Expectations, type EventMatcher, type SequenceMode } from './scenario.ts'
export { matchSequence, partialMatch, type SequenceResult } from './match-sequence.ts'
export { checkScenario } from './check-scenario.ts'
export { runInNode } from './drivers/node-driver.ts'
export type { Recording, TimelineEntry } from './recording.ts'
export { useSandbox } from './vitest-sandbox.ts'
export type { TenantHandle } from './tenant-handle.ts'

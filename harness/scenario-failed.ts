import type { Recording } from './recording.ts'

/**
 * A scenario whose recording missed its `expect`: `failures` says each way, `recording` is what the run saw. What
 * `useSandbox().run` throws, so a test fails when its scenario does.
 *
 * @example
 * try {
 *   await sandbox.run(tenant, scenario)
 * } catch (error) {
 *   if (error instanceof ScenarioFailed) console.log(error.failures)
 * }
 */
export class ScenarioFailed extends Error {
  readonly code = 'scenario_failed'

  constructor(
    readonly title: string,
    readonly failures: string[],
    readonly recording: Recording,
  ) {
    super(`scenario "${title}" missed its expectations:\n${failures.map((failure) => `  - ${failure}`).join('\n')}`)
    this.name = 'ScenarioFailed'
  }
}

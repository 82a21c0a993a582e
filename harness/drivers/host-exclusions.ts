import type { Scenario } from '../scenario.ts'

/**
 * Tags that keep a scenario off the React Native host mode, each with its reason: what the scenario tests does not
 * exist for a React Native app. A run under that host reports such a scenario as skipped with the reason, never silently.
 */
const REACT_NATIVE_EXCLUSIONS: ReadonlyMap<string, string> = new Map([
  [
    'web-host-only',
    "it tests the web origin check (frame-ancestors against the tenant's allowed origins); a React Native app shows the frame top-level, where allowed origins do not apply (decision 0075)",
  ],
])

/**
 * Why a scenario cannot run under the React Native host, or undefined when it can.
 *
 * @example
 * const reason = reactNativeExclusion(scenario)
 * if (reason) test.skip(true, `not under the React Native host: ${reason}`)
 */
export function reactNativeExclusion(scenario: Pick<Scenario, 'tags'>): string | undefined {
  const tag = (scenario.tags ?? []).find((name) => REACT_NATIVE_EXCLUSIONS.has(name))
  return tag === undefined ? undefined : `@${tag}: ${REACT_NATIVE_EXCLUSIONS.get(tag)}`
}

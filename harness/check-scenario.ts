import { matchSequence, partialMatch } from './match-sequence.ts'
import type { Recording } from './recording.ts'
import type { Scenario } from './scenario.ts'
import { expectation } from './wait-for-requests.ts'

/**
 * Every way a recording misses its scenario's expectations, as readable
 * messages (empty when it meets them all): channels, webhooks, responses, the
 * request counts of `expect.requests`, and every finding the driver made (a webhook that did not verify).
 *
 * @example
 * const failures = checkScenario(scenario, await runInNode(scenario))
 */
export function checkScenario(scenario: Scenario, recording: Recording): string[] {
  const failures: string[] = []
  for (const [channel, expected] of Object.entries(scenario.expect.channels ?? {})) {
    const result = matchSequence(recording.channels[channel] ?? [], expected.events, expected.mode ?? 'exact')
    if (!result.pass) failures.push(`channel ${channel} (${expected.mode ?? 'exact'}): ${result.message}`)
  }
  const webhooks = scenario.expect.webhooks
  if (webhooks) {
    // The third channel: the same engine, an expected `type` matching a recorded `kind`.
    const expected = webhooks.events.map(({ type, payload }) =>
      payload === undefined ? { kind: type } : { kind: type, payload },
    )
    const result = matchSequence(recording.webhooks, expected, webhooks.mode ?? 'exact')
    if (!result.pass) failures.push(`webhooks (${webhooks.mode ?? 'exact'}): ${result.message}`)
  }
  failures.push(...recording.findings)
  for (const [name, expected] of Object.entries(scenario.expect.responses ?? {})) {
    const actual = recording.results[name] as { status?: number; body?: unknown; attempts?: number[] } | undefined
    if (!actual) failures.push(`response ${name}: no step recorded it`)
    else if (expected.status !== undefined && actual.status !== expected.status)
      failures.push(
        `response ${name}: status ${actual.status}, expected ${expected.status}; body ${JSON.stringify(actual.body)}`,
      )
    else if (expected.body !== undefined && !partialMatch(actual.body, expected.body))
      failures.push(
        `response ${name}: body ${JSON.stringify(actual.body)} does not contain ${JSON.stringify(expected.body)}`,
      )
    else if (expected.attempts !== undefined && !partialMatch(actual.attempts, expected.attempts))
      failures.push(
        `response ${name}: attempts ${JSON.stringify(actual.attempts)}, expected ${JSON.stringify(expected.attempts)}`,
      )
  }
  for (const [index, expected] of (scenario.expect.requests ?? []).entries()) {
    const wanted = expectation(expected)
    const counted = recording.requests[index]
    const name = `requests ${(expected.match.method ?? '*').toUpperCase()} ${expected.match.path}`
    if (!counted) failures.push(`${name}: not counted`)
    else if (!wanted.met(counted.count))
      failures.push(
        `${name}: received ${counted.count}, expected ${wanted.text}${counted.truncated ? ' (the journal dropped calls: truncated)' : ''}`,
      )
  }
  return failures
}

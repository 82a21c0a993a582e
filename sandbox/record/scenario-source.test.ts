import { describe, expect, it } from 'vitest'
import type { RecordedScenario } from './record-scenario.ts'
import { scenarioSource } from './scenario-source.ts'

const recorded: RecordedScenario = {
  title: 'a partner\'s flow: it\'s "recorded"',
  tags: ['recorded'],
  seed: 7,
  steps: [
    { server: 'createSession', as: 'session', body: { externalCustomerId: 'u1', deviceIp: '203.0.113.7' } },
    {
      open: 'check',
      channel: 'check',
      params: { sessionToken: { $ref: 'session.sessionToken' }, publicKey: 'a'.repeat(64) },
    },
    {
      api: 'GET /platform/v1/transactions/{{t.body.data.0.id}}',
      as: 'one',
      headers: { authorization: 'Bearer {{conn.credentials.accessToken}}' },
    },
  ],
  expect: {
    responses: { one: { status: 200 } },
    channels: {
      'check-2': {
        mode: 'exact',
        events: [
          { kind: 'handshake' },
          { kind: 'complete', payload: { status: 'active', area: null, list: [1, 'x'] } },
        ],
      },
    },
  },
  notes: ['Amounts are not expected: */ closes nothing here.'],
}

/** Evaluates a scenario file's text with the DSL's defineScenario and ref. */
function evaluate(source: string): unknown {
  const body = source.replace(/^import .*\n/, '').replace('export default ', 'return ')
  return new Function('defineScenario', 'ref', body)(
    (scenario: unknown) => scenario,
    (path: string) => ({ $ref: path }),
  )
}

describe('scenarioSource', () => {
  it('imports defineScenario and ref from the package, as a partner scenario does', () => {
    expect(scenarioSource(recorded).split('\n')[0]).toBe("import { defineScenario, ref } from 'ramp-sandbox/harness'")
  })

  it('writes a file whose default export is the recorded scenario, references as ref(…)', () => {
    const source = scenarioSource(recorded)
    expect(source).toContain("sessionToken: ref('session.sessionToken')")
    const { notes: _notes, ...scenario } = recorded
    expect(evaluate(source)).toEqual(scenario)
  })

  it('says how it was recorded and what it leaves out in its comment', () => {
    expect(scenarioSource(recorded)).toMatch(
      / \* Recorded with `ramp-sandbox record`.*\n \* Amounts are not expected: \*\\\/ closes nothing here\.\n \*\//,
    )
  })

  it('writes the expected webhooks after the channels', () => {
    const withWebhooks: RecordedScenario = {
      ...recorded,
      steps: [{ webhooks: 'listen', as: 'hooks' }, ...recorded.steps],
      expect: { ...recorded.expect, webhooks: { mode: 'exact', events: [{ type: 'transaction_created' }] } },
    }
    const { notes: _notes, ...scenario } = withWebhooks
    expect(evaluate(scenarioSource(withWebhooks))).toEqual(scenario)
  })
})

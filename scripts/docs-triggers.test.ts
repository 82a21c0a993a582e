import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { runInNode } from '#harness/drivers/node-driver.ts'
import cancelled from '#scenarios/challenges/wallet-ownership-cancelled.scenario.ts'
import failed from '#scenarios/challenges/challenge-error-invalid-token.scenario.ts'
import type { Scenario } from '#harness/scenario.ts'
import { challengeOutcomesMarkdown, triggersDoc } from './docs-triggers.ts'

const doc = readFileSync(new URL('../docs/triggers.md', import.meta.url), 'utf8')

/** The buy frame's `complete` of a scenario's run, under the node driver. */
async function payComplete(scenario: Scenario): Promise<Record<string, unknown>> {
  const recording = await runInNode(scenario)
  const complete = recording.channels.pay?.find((event) => event.kind === 'complete')
  if (!complete) throw new Error(`${scenario.title}: the pay frame posted no complete`)
  return complete.payload as Record<string, unknown>
}

describe('docs/triggers.md', () => {
  it('shows the trigger registries and the challenge outcomes as generated (run npm run docs:readme when it does not)', () => {
    expect(triggersDoc(doc)).toBe(doc)
  })

  it.each([
    { name: 'cancelled', scenario: cancelled, row: '| `cancelChallenge` |' },
    { name: 'failed by a trigger', scenario: failed, row: '| opened with a trigger 50.13–52.13 challenge |' },
  ])(
    'says what the buy frame posts for a challenge $name, and a run posts that: a failed transaction with its id',
    async ({ scenario, row }) => {
      const payload = await payComplete(scenario)
      const documented = challengeOutcomesMarkdown()
        .split('\n')
        .find((line) => line.startsWith(row))!
      const shown = /`complete` `\{transaction: \{(.*?)\}, (.*)\}`/.exec(documented.split(' | ').at(-1)!)!
      // `id` alone stands for the transaction's id; a key with a value (`status: 'failed'`, `id: null`) must be that value.
      const transactionParts = shown[1]!.split(', ').map((part) => part.split(': ') as [string, string?])
      const transactionKeys = transactionParts.map(([key]) => key)
      const keys = shown[2]!.split(/, (?=[a-zA-Z]+:)/).map((part) => part.split(':')[0])
      expect(Object.keys(payload)).toEqual(['transaction', ...keys])
      const transaction = payload.transaction as Record<string, unknown>
      expect(Object.keys(transaction)).toEqual(transactionKeys)
      expect(
        transaction.id,
        'decision 0063: the declined challenge fails a transaction, whose id the frame posts',
      ).toMatch(/^txn_/)
      expect(transaction.status).toBe('failed')
      for (const [key, value] of transactionParts)
        if (value !== undefined)
          expect(JSON.stringify(transaction[key]).replaceAll('"', "'"), `the doc's ${key}`).toBe(value)
      expect(documented).toContain(`failureCode: '${String(payload.failureCode)}'`)
      const reason = String(payload.failureReason).replace(/\((\w+)\)\.$/, '(<code>).')
      expect(documented).toContain(`failureReason: '${reason}'`)
    },
    30_000,
  )
})

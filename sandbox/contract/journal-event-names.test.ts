import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { StateJournalEntry } from './control.ts'
import { ChallengeRecord } from './platform/records.ts'
import { StateEventName } from './state-event-name.ts'

const SANDBOX = fileURLToPath(new URL('..', import.meta.url))

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sources(path)
    return entry.name.endsWith('.ts') && !/\.test(-d)?\.ts$/.test(entry.name) ? [path] : []
  })
}

/**
 * Every state event the sandbox journals by a literal name: the `noun:verb` strings quoted in the first argument of a
 * `.record(` call (`tenant.record('webhook-endpoint:created', …)`, `tenant.record(done ? 'sell:completed' : 'sell:failed', …)`).
 */
const recorded = [
  ...new Set(
    sources(SANDBOX).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\.record\(([^,{]*),/g)].flatMap((call) =>
        [...call[1]!.matchAll(/'([^':]*:[^']*)'/g)].map((literal) => literal[1]!),
      ),
    ),
  ),
].sort()

/** The one name made at run time: a challenge's final status (`tenant.record(\`challenge:${status}\`, …)`). */
const computed = ChallengeRecord.shape.status.options
  .filter((status) => status !== 'open')
  .map((status) => `challenge:${status}`)

describe('the state events the journal holds', () => {
  it('are found in the sources, the webhook endpoint ones and both outcomes of a ternary among them', () => {
    expect(recorded.length).toBeGreaterThan(30)
    expect(recorded).toEqual(
      expect.arrayContaining([
        'clock:advanced',
        'webhook:attempted',
        'webhook-endpoint:created',
        'webhook-endpoint:secret-rotated',
        'transaction:completed',
        'sell:failed',
      ]),
    )
  })

  it('are each a name of the contract’s StateEventName, so GET /__sandbox/journal answers what its schema says', () => {
    expect(recorded.filter((event) => !StateEventName.safeParse(event).success)).toEqual([])
  })

  it('are every name StateEventName lists, with the challenge statuses the code makes at run time: the enum lists no name nothing records', () => {
    expect([...StateEventName.options].sort()).toEqual([...new Set([...recorded, ...computed])].sort())
  })

  it('are kebab-case noun:verb, as the journal documents them', () => {
    expect(StateEventName.options.filter((event) => !/^[a-z]+(?:-[a-z]+)*:[a-z]+(?:-[a-z]+)*$/.test(event))).toEqual([])
  })

  it('are what a journal entry takes: a name StateEventName does not list is refused', () => {
    for (const event of [
      'webhook:',
      'Webhook:attempted',
      'webhook--endpoint:created',
      'webhook:sent',
      'challenge:open',
    ])
      expect(StateJournalEntry.shape.event.safeParse(event).success).toBe(false)
  })
})

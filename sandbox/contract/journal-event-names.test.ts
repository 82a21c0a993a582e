import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { StateJournalEntry } from './control.ts'

const SANDBOX = fileURLToPath(new URL('..', import.meta.url))

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sources(path)
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : []
  })
}

/** Every state event the sandbox journals by a literal name (`tenant.record('webhook-endpoint:created', …)`). */
const recorded = [...new Set(sources(SANDBOX).flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/\.record\(\s*'([^']*)'/g)].map((match) => match[1]!)))].sort()

describe('the state events the journal holds', () => {
  it('are found in the sources, the webhook endpoint ones among them', () => {
    expect(recorded.length).toBeGreaterThan(30)
    expect(recorded).toEqual(expect.arrayContaining(['clock:advanced', 'webhook:attempted', 'webhook-endpoint:created', 'webhook-endpoint:secret-rotated']))
  })

  it('each conform to the contract’s event name, so GET /__sandbox/journal answers what its schema says', () => {
    expect(recorded.filter((event) => !StateJournalEntry.shape.event.safeParse(event).success)).toEqual([])
  })

  it('refuses a name that is not kebab-case noun:verb', () => {
    for (const event of ['webhook:', 'Webhook:attempted', 'webhook--endpoint:created', 'webhook:attempted-', 'webhook attempted']) expect(StateJournalEntry.shape.event.safeParse(event).success).toBe(false)
  })
})

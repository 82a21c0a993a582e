import { describe, expect, it } from 'vitest'
import { checkScenario } from './check-scenario.ts'
import { newRecording, type Recording, type WebhookRecord } from './recording.ts'
import { defineScenario } from './scenario.ts'

const created = {
  kind: 'transaction_created',
  payload: { data: { status: 'pending' }, status: 'delivered', attempts: 1, received: 1 },
} as WebhookRecord
const updated = {
  kind: 'transaction_updated',
  payload: { data: { status: 'completed' }, status: 'delivered', attempts: 1, received: 1 },
} as WebhookRecord
const recorded = (...webhooks: WebhookRecord[]): Recording => ({ ...newRecording(), webhooks })

describe('checkScenario, webhooks', () => {
  it('passes webhooks matching by type and partial payload, in order', () => {
    const scenario = defineScenario({
      title: 't',
      tags: [],
      steps: [],
      expect: {
        webhooks: {
          events: [
            { type: 'transaction_created' },
            { type: 'transaction_updated', payload: { data: { status: 'completed' } } },
          ],
        },
      },
    })
    expect(checkScenario(scenario, recorded(created, updated))).toEqual([])
  })

  it('names the divergence when a webhook differs', () => {
    const scenario = defineScenario({
      title: 't',
      tags: [],
      steps: [],
      expect: { webhooks: { events: [{ type: 'transaction_created' }, { type: 'transaction_failed' }] } },
    })
    expect(checkScenario(scenario, recorded(created, updated))).toEqual([
      expect.stringContaining('webhooks (exact): sequences diverge at #1'),
    ])
  })

  it('lets other webhooks come between in subsequence mode', () => {
    const scenario = defineScenario({
      title: 't',
      tags: [],
      steps: [],
      expect: {
        webhooks: {
          mode: 'subsequence',
          events: [
            { type: 'transaction_created' },
            { type: 'transaction_updated', payload: { data: { status: 'completed' } } },
          ],
        },
      },
    })
    const stage = { ...updated, payload: { ...updated.payload, data: { status: 'pending' } } } as WebhookRecord
    expect(checkScenario(scenario, recorded(created, stage, updated))).toEqual([])
  })

  it('fails on every finding of the driver, whatever the scenario expects', () => {
    const scenario = defineScenario({ title: 't', tags: [], steps: [], expect: {} })
    expect(checkScenario(scenario, { ...newRecording(), findings: ['a webhook to hooks does not verify'] })).toEqual([
      'a webhook to hooks does not verify',
    ])
  })
})

describe('checkScenario, requests', () => {
  const sessions = { method: 'POST', path: '/platform/v1/sessions', body: { externalCustomerId: 'buyer-1' } }
  const counted = (count: number, truncated = false): Recording => ({
    ...newRecording(),
    requests: [{ match: sessions, count, truncated }],
  })

  it('passes a count that meets times', () => {
    const scenario = defineScenario({
      title: 't',
      tags: [],
      steps: [],
      expect: { requests: [{ match: sessions, times: 1 }] },
    })
    expect(checkScenario(scenario, counted(1))).toEqual([])
  })

  it('names the method, path, count and expectation of a miss', () => {
    const scenario = defineScenario({
      title: 't',
      tags: [],
      steps: [],
      expect: { requests: [{ match: sessions, times: 1 }] },
    })
    expect(checkScenario(scenario, counted(2))).toEqual([
      'requests POST /platform/v1/sessions: received 2, expected exactly 1',
    ])
  })

  it('expects at least one call without a count, and says when the journal was truncated', () => {
    const scenario = defineScenario({ title: 't', tags: [], steps: [], expect: { requests: [{ match: sessions }] } })
    expect(checkScenario(scenario, counted(0, true))).toEqual([
      'requests POST /platform/v1/sessions: received 0, expected at least 1 (the journal dropped calls: truncated)',
    ])
  })

  it('checks atLeast and atMost together', () => {
    const scenario = defineScenario({
      title: 't',
      tags: [],
      steps: [],
      expect: { requests: [{ match: sessions, atLeast: 1, atMost: 2 }] },
    })
    expect(checkScenario(scenario, counted(3))).toEqual([
      'requests POST /platform/v1/sessions: received 3, expected at least 1 and at most 2',
    ])
  })
})

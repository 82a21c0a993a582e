import { describe, expect, it } from 'vitest'
import { checkScenario } from './check-scenario.ts'
import { newRecording, type Recording, type WebhookRecord } from './recording.ts'
import { defineScenario } from './scenario.ts'

const created = { kind: 'transaction_created', payload: { data: { status: 'pending' }, status: 'delivered', attempts: 1, received: 1 } } as WebhookRecord
const updated = { kind: 'transaction_updated', payload: { data: { status: 'completed' }, status: 'delivered', attempts: 1, received: 1 } } as WebhookRecord
const recorded = (...webhooks: WebhookRecord[]): Recording => ({ ...newRecording(), webhooks })

describe('checkScenario, webhooks', () => {
  it('passes webhooks matching by type and partial payload, in order', () => {
    const scenario = defineScenario({ title: 't', tags: [], steps: [], expect: { webhooks: { events: [{ type: 'transaction_created' }, { type: 'transaction_updated', payload: { data: { status: 'completed' } } }] } } })
    expect(checkScenario(scenario, recorded(created, updated))).toEqual([])
  })

  it('names the divergence when a webhook differs', () => {
    const scenario = defineScenario({ title: 't', tags: [], steps: [], expect: { webhooks: { events: [{ type: 'transaction_created' }, { type: 'transaction_failed' }] } } })
    expect(checkScenario(scenario, recorded(created, updated))).toEqual([expect.stringContaining('webhooks (exact): sequences diverge at #1')])
  })

  it('lets other webhooks come between in subsequence mode', () => {
    const scenario = defineScenario({ title: 't', tags: [], steps: [], expect: { webhooks: { mode: 'subsequence', events: [{ type: 'transaction_created' }, { type: 'transaction_updated', payload: { data: { status: 'completed' } } }] } } })
    const stage = { ...updated, payload: { ...updated.payload, data: { status: 'pending' } } } as WebhookRecord
    expect(checkScenario(scenario, recorded(created, stage, updated))).toEqual([])
  })

  it('fails on every finding of the driver, whatever the scenario expects', () => {
    const scenario = defineScenario({ title: 't', tags: [], steps: [], expect: {} })
    expect(checkScenario(scenario, { ...newRecording(), findings: ['a webhook to hooks does not verify'] })).toEqual(['a webhook to hooks does not verify'])
  })
})

import { describe, expect, it } from 'vitest'
import { recordFlow, scenarioSource } from './record-flow.ts'

const at = '2026-01-01T00:00:00.000Z'
const journal = [
  { seq: 1, at, kind: 'api', method: 'POST', path: '/platform/v1/sessions', query: {}, status: 201 },
  { seq: 2, at, kind: 'frame', frame: 'check', channelId: 'ch_abcdef123456', session: 'ses_1', direction: 'out', event: 'handshake' },
  { seq: 3, at, kind: 'frame', frame: 'check', channelId: 'ch_abcdef123456', session: 'ses_1', direction: 'in', event: 'ack' },
  { seq: 4, at, kind: 'frame', frame: 'check', channelId: 'ch_abcdef123456', session: 'ses_1', direction: 'out', event: 'complete', payload: { status: 'active', credentials: 'xyz', customer: { id: 'cus_1', country: 'USA' } } },
] as const

describe('recordFlow', () => {
  it("keeps each channel's outbound events in order, without volatile values", () => {
    expect(recordFlow(journal as never).channels).toEqual({
      ch_abcdef123456: { frame: 'check', events: [{ kind: 'handshake' }, { kind: 'complete', payload: { status: 'active', customer: { country: 'USA' } } }] },
    })
  })

  it('lists the API calls with their statuses', () => {
    expect(recordFlow(journal as never).apiCalls).toEqual([{ method: 'POST', path: '/platform/v1/sessions', status: 201 }])
  })

  it('writes a scenario file with the recorded expectations', () => {
    const source = scenarioSource('check of a known customer', recordFlow(journal as never))
    expect(source).toContain("title: \"check of a known customer\"")
    expect(source).toContain('"kind": "complete"')
    expect(source).toContain('POST /platform/v1/sessions → 201')
  })
})

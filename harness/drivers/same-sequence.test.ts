import { describe, expect, it } from 'vitest'
import { newRecording, type WebhookRecord } from '../recording.ts'
import { sameSequence } from './same-sequence.ts'

const webhook = (id: string, received: number) =>
  ({
    kind: 'transaction_created',
    payload: { data: { id, status: 'pending' }, status: 'delivered', attempts: received, received },
  }) as WebhookRecord

describe('sameSequence, webhooks', () => {
  it('takes webhooks that differ only in ids as the same', () => {
    const result = sameSequence(
      { ...newRecording(), webhooks: [webhook('txn_abc', 1)] },
      { ...newRecording(), webhooks: [webhook('txn_xyz', 1)] },
    )
    expect(result.differences).toEqual([])
  })

  it('names webhooks that differ between the drivers', () => {
    const result = sameSequence(
      { ...newRecording(), webhooks: [webhook('txn_abc', 1)] },
      { ...newRecording(), webhooks: [webhook('txn_abc', 2)] },
    )
    expect(result.differences).toEqual([expect.stringMatching(/^webhooks: sequences diverge at #0/)])
  })
})

import { describe, expect, it } from 'vitest'
import { createSandboxCore } from '#http/sandbox-core.ts'
import { actionMessage, journalFrameMessage } from './frame-journal.ts'

describe('journalFrameMessage', () => {
  it('journals a customer action with what the customer typed as its payload', () => {
    const tenant = createSandboxCore().tenants.get('journal_action', 'test')
    journalFrameMessage(
      { tenant, frame: 'challenge', channelId: 'channel-c', session: { id: 'ses_1' } },
      'action',
      actionMessage({ type: 'enterCvv', cvv: '123' } as { type: string }),
    )
    journalFrameMessage(
      { tenant, frame: 'challenge', channelId: 'channel-c', session: { id: 'ses_1' } },
      'action',
      actionMessage({ type: 'completeChallenge' }),
    )
    expect(tenant.journal.list()).toEqual([
      expect.objectContaining({
        kind: 'frame',
        frame: 'challenge',
        direction: 'action',
        event: 'enterCvv',
        payload: { cvv: '123' },
        session: 'ses_1',
      }),
      expect.not.objectContaining({ payload: expect.anything() }),
    ])
  })

  it('gives a handshake the parameters as the frame URL carried them: channelId aside, a custom theme as its JSON text', () => {
    const tenant = createSandboxCore().tenants.get('journal_params', 'test')
    const params = {
      channelId: 'channel-b',
      clientToken: 'ct_x',
      quote: 'eyJ',
      customTheme: { borderRadius: 4 },
      theme: undefined,
    }
    journalFrameMessage({ tenant, frame: 'buy-button', channelId: 'channel-b', params }, 'out', { kind: 'handshake' })
    journalFrameMessage({ tenant, frame: 'buy-button', channelId: 'channel-b', params }, 'out', { kind: 'ready' })
    const [handshake, ready] = tenant.journal.list()
    expect(handshake).toMatchObject({
      params: { clientToken: 'ct_x', quote: 'eyJ', customTheme: '{"borderRadius":4}' },
    })
    expect(Object.keys((handshake as { params: object }).params)).toEqual(['clientToken', 'quote', 'customTheme'])
    expect(ready).not.toHaveProperty('params')
  })
})

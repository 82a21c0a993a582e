import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { envelopeOf, eventTypesOf, readWebhookBody, WEBHOOK_CATALOGUE, webhookBody } from './webhook-catalogue.ts'

const at = '2026-01-01T00:00:00.000Z'

describe('the webhook catalogue', () => {
  it('names widget events in snake_case and platform events dotted, as the reference does', () => {
    expect(eventTypesOf('widget').every((type) => /^[a-z]+(_[a-z]+)+$/.test(type))).toBe(true)
    expect(eventTypesOf('platform').every((type) => /^[a-z]+\.[a-z_]+$/.test(type))).toBe(true)
    expect(eventTypesOf('widget').length + eventTypesOf('platform').length).toBe(Object.keys(WEBHOOK_CATALOGUE).length)
  })

  it('makes a widget body {type, data} and a platform body {id, type, timestamp, data}', () => {
    expect(webhookBody('transaction_created', { eventId: 'evt_1', at }, { id: 'txn_1' })).toEqual({
      type: 'transaction_created',
      data: { id: 'txn_1' },
    })
    expect(webhookBody('transaction.updated', { eventId: 'evt_1', at }, { id: 'txn_1' })).toEqual({
      id: 'evt_1',
      type: 'transaction.updated',
      timestamp: at,
      data: { id: 'txn_1' },
    })
  })

  it('repeats data.externalCustomerId at the top of a widget body when the entry says so (null when data has none)', () => {
    const entry = {
      family: 'widget',
      subject: 'identity-check',
      data: z.object({}),
      topLevelExternalCustomerId: true,
    } as const
    expect(
      envelopeOf(entry, 'identity_check_updated', { eventId: 'evt_1', at }, { id: 'chk_1', externalCustomerId: 'u1' }),
    ).toEqual({
      type: 'identity_check_updated',
      data: { id: 'chk_1', externalCustomerId: 'u1' },
      externalCustomerId: 'u1',
    })
    expect(envelopeOf(entry, 'identity_check_updated', { eventId: 'evt_1', at }, { id: 'chk_1' })).toEqual({
      type: 'identity_check_updated',
      data: { id: 'chk_1' },
      externalCustomerId: null,
    })
  })

  it('reads either body back, the platform one with its id, and nothing else', () => {
    expect(readWebhookBody('{"type":"transaction_created","data":{"id":"txn_1"}}')).toEqual({
      type: 'transaction_created',
      data: { id: 'txn_1' },
      id: undefined,
    })
    expect(
      readWebhookBody(JSON.stringify({ id: 'evt_1', type: 'transaction.updated', timestamp: at, data: {} })),
    ).toEqual({ type: 'transaction.updated', data: {}, id: 'evt_1' })
    expect(readWebhookBody('{"type":"transaction_created"}')).toBeUndefined()
    expect(readWebhookBody('not json')).toBeUndefined()
  })
})

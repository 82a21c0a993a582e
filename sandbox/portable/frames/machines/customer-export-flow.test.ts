import { describe, expect, it } from 'vitest'
import { CustomerExport, FrameOutbound, dataOf } from '#contract/index.ts'
import { createSandboxCore, type SandboxCore } from '#http/sandbox-core.ts'
import { magic, platformAccount } from '#http/routes/platform-test-kit.ts'
import { conforms, send } from '#http/test-request.ts'
import { openInProcessFrame } from '#frames/server/in-process-frame.ts'
import { customerExportMachine, type CustomerExportAction } from './customer-export.ts'

/** A customer-export frame for `who`, acked, and the account's secret-key headers. */
async function openFrame(core: SandboxCore, who: { email: string; phoneNumber: string } = magic.usNy) {
  const account = platformAccount(core)
  const { connection } = await account.connect(who)
  const frame = await openInProcessFrame(core, customerExportMachine, {
    channelId: 'channel-1',
    clientToken: connection.credentials.clientToken,
  })
  frame.runtime.receive({ kind: 'ack' })
  await frame.runtime.idle()
  return { frame, headers: account.headers, customerId: connection.customer?.id ?? null }
}

async function act(frame: Awaited<ReturnType<typeof openFrame>>['frame'], action: CustomerExportAction) {
  frame.runtime.act(action)
  await frame.runtime.idle()
}

describe('customer-export frame, in process', () => {
  it('issues a consent token that exports the customer once with the secret key', async () => {
    const core = createSandboxCore()
    const { frame, headers, customerId } = await openFrame(core)
    await act(frame, { type: 'consent' })
    expect(frame.events.map((e) => e.kind)).toEqual(['handshake', 'complete'])
    const complete = FrameOutbound.parse(frame.events[1])
    const { consentToken, expiresAt } = (complete as { payload: { consentToken: string; expiresAt: string } }).payload
    expect(expiresAt).toBe('2026-01-01T00:15:00.000Z')
    const exported = await send(core, `POST /platform/v1/customers/${customerId}/export`, {
      headers,
      body: { consentToken },
    })
    expect(exported.status).toBe(200)
    expect(conforms(dataOf(CustomerExport), exported.body).data.customer.id).toBe(customerId)
    const again = await send(core, `POST /platform/v1/customers/${customerId}/export`, {
      headers,
      body: { consentToken },
    })
    expect(again.status).toBe(403)
  })

  it('posts error consent_declined and issues nothing when the customer declines', async () => {
    const core = createSandboxCore()
    const { frame } = await openFrame(core)
    await act(frame, { type: 'decline' })
    expect(frame.events).toEqual([
      { kind: 'handshake' },
      { kind: 'error', payload: { code: 'consent_declined', message: 'the customer declined to export their data' } },
    ])
    expect(
      frame.context.tenant.journal
        .list({ kind: 'state' })
        .some((e) => e.kind === 'state' && e.event === 'consent:issued'),
    ).toBe(false)
  })

  it('posts error invalid_token when the clientToken is not a connected customer’s', async () => {
    const { frame } = await openFrame(createSandboxCore(), magic.stranger)
    await act(frame, { type: 'consent' })
    expect(frame.events.at(-1)).toEqual({
      kind: 'error',
      payload: {
        code: 'invalid_token',
        message: 'the customer-export frame needs the clientToken of a connected customer (full scope)',
      },
    })
  })
})

import { describe, expect, it } from 'vitest'
import { WebhookDelivery, WebhookEndpoint, dataOf } from '#contract/index.ts'
import { createSandboxCore, type SandboxCore } from '#http/sandbox-core.ts'
import { conforms, send } from '#http/test-request.ts'
import type { WebhookTransport } from '#kernel/webhook-transport.ts'

const headers = { 'x-api-key': 'sk_test_hosts' }

/** A transport that answers 200 and keeps every URL it was asked to post to. */
function recordingTransport() {
  const posted: string[] = []
  const transport: WebhookTransport = {
    post: ({ url }) => (posted.push(url), Promise.resolve({ status: 200, durationMs: 0 })),
  }
  return { posted, transport }
}

/**
 * A state saved by a sandbox that allowed `partner.example` (`--webhook-allow-host`), with an endpoint there, restored
 * into one that allows `allowHosts`: what a state file carried to a stricter process does.
 */
async function restoredUnder(allowHosts: string[]) {
  const { posted, transport } = recordingTransport()
  const before = createSandboxCore({ webhookAllowHosts: ['partner.example'], webhookTransport: transport })
  expect(
    (
      await send(before, 'POST /__sandbox/webhooks/endpoints', {
        headers,
        body: { url: 'https://partner.example/hooks' },
      })
    ).status,
  ).toBe(201)
  const warnings: string[] = []
  const after = createSandboxCore({
    webhookAllowHosts: allowHosts,
    webhookTransport: transport,
    warn: (message) => warnings.push(message),
  })
  await after.restore(await before.snapshot())
  return { core: after, tenant: after.tenants.get('hosts', 'test'), posted, warnings }
}

const deliveries = async (core: SandboxCore) =>
  conforms(dataOf(WebhookDelivery.array()), (await send(core, 'GET /__sandbox/webhooks/deliveries', { headers })).body)
    .data
const stateEvents = async (core: SandboxCore) =>
  (
    (await send(core, 'GET /__sandbox/journal?kind=state', { headers })).body as {
      data: Array<{ event: string; detail: Record<string, unknown> }>
    }
  ).data

describe('the webhook host allowlist after a restore', () => {
  it('fails an attempt to a host this sandbox does not allow, journaled and retried on the clock, with nothing sent', async () => {
    const { core, tenant, posted } = await restoredUnder([])
    expect(
      (await send(core, 'POST /__sandbox/webhooks/trigger', { headers, body: { type: 'transaction_updated' } })).status,
    ).toBe(201)
    await tenant.background.settled()
    const [delivery] = await deliveries(core)
    expect(delivery).toMatchObject({
      status: 'pending',
      attempts: [
        {
          status: null,
          error: expect.stringMatching(
            /^not sent: this sandbox does not allow webhooks to partner\.example \(.*--webhook-allow-host partner\.example/,
          ),
        },
      ],
    })
    expect(delivery!.nextAttemptAt).not.toBeNull()
    expect(posted).toEqual([])
    const attempted = (await stateEvents(core)).filter((entry) => entry.event === 'webhook:attempted')
    expect(attempted).toEqual([
      expect.objectContaining({
        detail: expect.objectContaining({ deliveryId: delivery!.id, error: delivery!.attempts[0]!.error }),
      }),
    ])
  })

  it('keeps the endpoint as it was, and warns the operator and the journal naming it and the flag', async () => {
    const { core, warnings } = await restoredUnder([])
    const [endpoint] = conforms(
      dataOf(WebhookEndpoint.array()),
      (await send(core, 'GET /__sandbox/webhooks/endpoints', { headers })).body,
    ).data
    expect(endpoint).toMatchObject({ url: 'https://partner.example/hooks', enabled: true })
    expect(warnings).toEqual([expect.stringContaining(`webhook endpoint ${endpoint!.id} sends to partner.example`)])
    expect(warnings[0]).toContain('--webhook-allow-host partner.example')
    expect((await stateEvents(core)).filter((entry) => entry.event === 'webhook-endpoint:host-not-allowed')).toEqual([
      expect.objectContaining({ detail: { endpointId: endpoint!.id, url: 'https://partner.example/hooks' } }),
    ])
  })

  it('sends to a restored endpoint whose host this sandbox allows too, without a warning', async () => {
    const { core, tenant, posted, warnings } = await restoredUnder(['partner.example'])
    expect(
      (await send(core, 'POST /__sandbox/webhooks/trigger', { headers, body: { type: 'transaction_updated' } })).status,
    ).toBe(201)
    await tenant.background.settled()
    expect(posted).toEqual(['https://partner.example/hooks'])
    expect(warnings).toEqual([])
  })
})

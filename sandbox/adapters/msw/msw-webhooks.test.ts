import { http, HttpResponse, type HttpHandler } from 'msw'
import { setupServer } from 'msw/node'
import { afterEach, describe, expect, it } from 'vitest'
import { WebhookEndpointWithSecret, dataOf } from '#contract/index.ts'
import { conforms, send } from '#http/test-request.ts'
import { readyCustomer } from '#http/routes/customer-test-kit.ts'
import { verifyWebhook } from '#kernel/webhook-signature.ts'
import { createSandbox, type MswSandbox } from './create-sandbox.ts'

const BASE = 'http://ramp.test'
/** The partner's webhook URL: loopback, another port than the sandbox's. */
const HOOK_URL = 'http://127.0.0.1:3999/webhooks'

const servers: Array<ReturnType<typeof setupServer>> = []
afterEach(() => {
  for (const server of servers.splice(0)) server.close()
})

/** A customer ready for KYC with an endpoint at the partner's URL; `verify` submits it through the mounted handlers. */
async function kycWithEndpoint(sandbox: MswSandbox) {
  const { headers, id, tenant } = await readyCustomer(sandbox.core, 'mswhooks')
  const created = await send(sandbox.core, 'POST /__sandbox/webhooks/endpoints', {
    headers,
    body: { url: HOOK_URL, events: ['customer.identity_status_updated'] },
  })
  const { secret } = conforms(dataOf(WebhookEndpointWithSecret), created.body).data
  const verify = () => fetch(`${BASE}/platform/v1/customers/${id}/verify`, { method: 'POST', headers })
  return { secret, verify, settled: () => tenant.background.settled() }
}

/** What a partner's receiver does: verify against the wall clock, keep the event type and KYC status. */
async function verified(request: Request, secret: string) {
  const body = await request.text()
  verifyWebhook(body, request.headers, secret)
  const envelope = JSON.parse(body) as { type: string; data: { kyc: { status: string } } }
  return { type: envelope.type, kyc: envelope.data.kyc.status }
}

/** A receiver's state: the endpoint's secret once known, and each arrival, verified. */
function partnerReceiver() {
  const state = { secret: '', received: [] as Array<Promise<unknown>> }
  return { state, handle: (request: Request) => void state.received.push(verified(request, state.secret)) }
}

/** Mounts the sandbox (and `extra` handlers), submits a ready customer for KYC, waits for the attempts: what arrived. */
async function kycWebhooks(
  sandbox: MswSandbox,
  state: ReturnType<typeof partnerReceiver>['state'],
  extra: HttpHandler[] = [],
) {
  const server = setupServer(...sandbox.handlers, ...extra)
  servers.push(server)
  server.listen({ onUnhandledRequest: 'error' })
  const kyc = await kycWithEndpoint(sandbox)
  state.secret = kyc.secret
  expect((await kyc.verify()).status).toBe(200)
  await kyc.settled()
  return Promise.all(state.received)
}

describe('createSandbox, webhooks', () => {
  it('sends webhooks through the global fetch by default, so the partner’s own msw handler for its URL receives them, signed', async () => {
    const { state, handle } = partnerReceiver()
    const hook = http.post(HOOK_URL, ({ request }) => (handle(request), new HttpResponse(null, { status: 204 })))
    expect(await kycWebhooks(createSandbox({ baseUrl: BASE }), state, [hook])).toEqual([
      { type: 'customer.identity_status_updated', kyc: 'pending' },
    ])
  })

  it('hands webhooks to a function in process when one is given', async () => {
    const { state, handle } = partnerReceiver()
    expect(await kycWebhooks(createSandbox({ baseUrl: BASE, webhooks: handle }), state)).toEqual([
      { type: 'customer.identity_status_updated', kyc: 'pending' },
    ])
  })
})

import { describe, expect, it } from 'vitest'
import { IdentityCheck, TriggeredWebhook, dataOf } from '#contract/index.ts'
import { readyCustomer } from '#http/routes/customer-test-kit.ts'
import { createSandboxCore, type SandboxCore } from '#http/sandbox-core.ts'
import { conforms, send } from '#http/test-request.ts'
import { handlerTransport } from '#kernel/webhook-transport.ts'

/** A ready customer (last name `lastName`) of a fresh account whose endpoint wants `identity_check_updated`, and what it receives. */
async function watched(lastName?: string) {
  const bodies: Array<Promise<string>> = []
  const core = createSandboxCore({
    seed: 1,
    webhookTransport: handlerTransport((request) => void bodies.push(request.text())),
  })
  const customer = await readyCustomer(core, 'idcheck', lastName)
  const { headers, id, tenant } = customer
  expect(
    (
      await send(core, 'POST /__sandbox/webhooks/endpoints', {
        headers,
        body: { url: 'http://127.0.0.1:9/hooks', events: ['identity_check_updated'] },
      })
    ).status,
  ).toBe(201)
  let seen = 0
  return {
    core,
    ...customer,
    /** The identity check events received since the last call, each with the check as the control GET shows it now. */
    async since() {
      await tenant.background.settled()
      const events = (await Promise.all(bodies.slice(seen))).map(
        (text) => JSON.parse(text) as { type: string; data: unknown; externalCustomerId?: unknown },
      )
      seen = bodies.length
      return { events, now: await readCheck(core, id, headers) }
    },
  }
}

async function readCheck(core: SandboxCore, id: string, headers: Record<string, string>): Promise<IdentityCheck> {
  const response = await send(core, `GET /__sandbox/customers/${id}/identity_check`, { headers })
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return conforms(dataOf(IdentityCheck.strict()), response.body).data
}

const advance = (core: SandboxCore, headers: Record<string, string>) =>
  send(core, 'POST /__sandbox/clock/advance', { headers, body: { by: '60s' } })

describe('identity_check_updated', () => {
  it('is sent pending when the customer is submitted and completed clear when approved, each with the check as it is then', async () => {
    const flow = await watched()
    expect(
      (await send(flow.core, `POST /platform/v1/customers/${flow.id}/verify`, { headers: flow.headers })).status,
    ).toBe(200)
    const submitted = await flow.since()
    expect(submitted.events.map((event) => [event.type, event.data])).toEqual([
      ['identity_check_updated', submitted.now],
    ])
    expect(submitted.now).toMatchObject({
      customerId: flow.id,
      status: 'pending',
      result: null,
      rejectType: null,
      rejectLabels: null,
      rejections: 0,
      level: 2,
    })
    expect((await advance(flow.core, flow.headers)).status).toBe(200)
    const approved = await flow.since()
    expect(approved.events.map((event) => event.data)).toEqual([approved.now])
    expect(approved.now).toMatchObject({
      id: submitted.now.id,
      status: 'completed',
      result: 'clear',
      rejectType: null,
      rejectLabels: [],
      rejections: 0,
      createdAt: submitted.now.createdAt,
    })
    expect(approved.now.updatedAt > submitted.now.updatedAt).toBe(true)
  })

  it('is sent completed rejected for a rejected customer, counting the rejections across resubmissions', async () => {
    const flow = await watched('Rejected')
    await send(flow.core, `POST /platform/v1/customers/${flow.id}/verify`, { headers: flow.headers })
    await advance(flow.core, flow.headers)
    const first = await flow.since()
    expect(first.events.map((event) => event.data)).toEqual([expect.objectContaining({ status: 'pending' }), first.now])
    expect(first.now).toMatchObject({
      status: 'completed',
      result: 'rejected',
      rejectType: 'retry',
      rejectLabels: ['Other'],
      rejections: 1,
      resultDescription: expect.stringMatching(/Rejected/),
    })
    expect(
      (await send(flow.core, `POST /platform/v1/customers/${flow.id}/verify`, { headers: flow.headers })).status,
    ).toBe(200)
    await advance(flow.core, flow.headers)
    const second = await flow.since()
    expect(second.events.at(-1)!.data).toEqual(second.now)
    expect(second.now.rejections).toBe(2)
  })

  it("carries the customer's externalCustomerId", async () => {
    const core = createSandboxCore({ seed: 1 })
    const { headers, id, tenant } = await readyCustomer(core, 'idcheckext')
    ;(await tenant.store()).externalCustomers.link(id, 'partner-user-7')
    expect((await readCheck(core, id, headers)).externalCustomerId).toBe('partner-user-7')
  })

  it("is sent in the widget body {type, data, externalCustomerId}, repeating the check's externalCustomerId at its top", async () => {
    const flow = await watched()
    ;(await flow.tenant.store()).externalCustomers.link(flow.id, 'partner-user-8')
    expect(
      (await send(flow.core, `POST /platform/v1/customers/${flow.id}/verify`, { headers: flow.headers })).status,
    ).toBe(200)
    const { events, now } = await flow.since()
    expect(events).toEqual([{ type: 'identity_check_updated', data: now, externalCustomerId: 'partner-user-8' }])
  })

  it('can be triggered from the control API for a named customer, and the GET answers 404 for an unknown one', async () => {
    const flow = await watched()
    const response = await send(flow.core, 'POST /__sandbox/webhooks/trigger', {
      headers: flow.headers,
      body: {
        type: 'identity_check_updated',
        customerId: flow.id,
        data: { status: 'completed', result: 'rejected', rejectType: 'final' },
      },
    })
    expect(response.status, JSON.stringify(response.body)).toBe(201)
    conforms(dataOf(TriggeredWebhook), response.body)
    const { events, now } = await flow.since()
    expect(events.map((event) => event.data)).toEqual([
      { ...now, status: 'completed', result: 'rejected', rejectType: 'final' },
    ])
    expect(
      (await send(flow.core, 'GET /__sandbox/customers/cus_nope/identity_check', { headers: flow.headers })).status,
    ).toBe(404)
  })
})

import { describe, expect, it } from 'vitest'
import { WebhookDeliverySummary, dataOf } from '#contract/index.ts'
import { emitWebhook } from '#domain/webhook-deliveries.ts'
import { handlerTransport } from '#kernel/webhook-transport.ts'
import { createSandboxCore } from '../sandbox-core.ts'
import { conforms, send } from '../test-request.ts'

const SK = { headers: { 'x-api-key': 'sk_test_settle' } }

/** A core whose receiver answers `statuses` in turn (then 200), each only once `release` is called for it. */
function heldReceiver(statuses: number[] = []) {
  const waiting: Array<() => void> = []
  let arrived = 0
  const core = createSandboxCore({
    webhookTransport: handlerTransport(async () => {
      arrived++
      await new Promise<void>((resolve) => waiting.push(resolve))
      return new Response(null, { status: statuses.shift() ?? 200 })
    }),
  })
  return { core, arrived: () => arrived, release: () => void waiting.splice(0).map((resolve) => resolve()) }
}

async function emitOne(core: ReturnType<typeof createSandboxCore>) {
  expect(
    (await send(core, 'POST /__sandbox/webhooks/endpoints', { ...SK, body: { url: 'http://127.0.0.1:9/hooks' } }))
      .status,
  ).toBe(201)
  const tenant = core.tenants.get('settle', 'test')
  await emitWebhook(tenant, await tenant.store(), 'transaction_created', {} as never)
}

describe('POST /__sandbox/webhooks/settle', () => {
  it('answers once the attempt under way has ended, with the delivery counted as delivered', async () => {
    const { core, arrived, release } = heldReceiver()
    await emitOne(core)
    let answered = false
    const settling = send(core, 'POST /__sandbox/webhooks/settle', SK).then((reply) => ((answered = true), reply))
    while (arrived() === 0) await new Promise((resolve) => setImmediate(resolve))
    expect(answered).toBe(false)
    release()
    const reply = await settling
    expect(reply.status).toBe(200)
    expect(conforms(dataOf(WebhookDeliverySummary), reply.body).data).toEqual({
      deliveries: 1,
      pending: 0,
      delivered: 1,
      failed: 0,
    })
  })

  it('counts a delivery whose retry the clock has not reached as pending', async () => {
    const { core, arrived, release } = heldReceiver([500])
    await emitOne(core)
    while (arrived() === 0) await new Promise((resolve) => setImmediate(resolve))
    release()
    const reply = await send(core, 'POST /__sandbox/webhooks/settle', SK)
    expect(conforms(dataOf(WebhookDeliverySummary), reply.body).data).toEqual({
      deliveries: 1,
      pending: 1,
      delivered: 0,
      failed: 0,
    })
  })

  it('answers at once, all zero, for an account without deliveries', async () => {
    const reply = await send(createSandboxCore(), 'POST /__sandbox/webhooks/settle', SK)
    expect(reply.body).toEqual({ data: { deliveries: 0, pending: 0, delivered: 0, failed: 0 } })
  })
})

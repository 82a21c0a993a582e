import { afterEach, describe, expect, it } from 'vitest'
import { httpWebhookTransport } from './http-webhook-transport.ts'
import { answeringReceiver, silentReceiver, until, type CountingReceiver } from './receiver-test-kit.ts'

const receivers: CountingReceiver[] = []
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()))
})

async function kept(receiver: Promise<CountingReceiver>): Promise<CountingReceiver> {
  receivers.push(await receiver)
  return receivers.at(-1)!
}

const post = (url: string, timeoutMs = 5_000) =>
  httpWebhookTransport.post({ url, headers: { 'x-webhook-signature': 't=1,s=ab' }, body: '{"id":"evt_1"}', timeoutMs })

describe('httpWebhookTransport', () => {
  it('posts the body as JSON with the headers, answers the status, and asks for the connection to be closed', async () => {
    let seen: { method?: string; headers?: Record<string, unknown>; body?: string } = {}
    const receiver = await kept(
      answeringReceiver((request, response, body) => {
        seen = { method: request.method, headers: request.headers, body }
        response.writeHead(202).end('accepted')
      }),
    )
    expect(await post(receiver.url)).toMatchObject({ status: 202 })
    expect(seen).toMatchObject({
      method: 'POST',
      body: '{"id":"evt_1"}',
      headers: { 'content-type': 'application/json', 'x-webhook-signature': 't=1,s=ab', connection: 'close' },
    })
  })

  it('opens a connection for each attempt and keeps none once it is answered', async () => {
    const receiver = await kept(answeringReceiver())
    await post(receiver.url)
    await post(receiver.url)
    expect(receiver.total()).toBe(2)
    // Closed as the answer comes (a pooled socket would idle on for seconds): the bound is a thousand times that.
    await until(() => receiver.open() === 0, 'both connections closed', 1_000)
  })

  it('gives up on a receiver that never answers after the timeout, leaving it no connection, not even a new idle one', async () => {
    const receiver = await kept(silentReceiver())
    expect(await post(receiver.url, 100)).toMatchObject({ error: 'no answer within 100 ms' })
    await until(() => receiver.open() === 0, 'the connection closed')
    // Another attempt, answered, marks the point by which a spare connection would have been opened.
    const answering = await kept(answeringReceiver())
    await post(answering.url)
    expect(receiver.total()).toBe(1)
  })

  it('does not follow a redirect: its status is the answer', async () => {
    const receiver = await kept(
      answeringReceiver(
        (_, response) => void response.writeHead(302, { location: 'http://127.0.0.1:9/elsewhere' }).end(),
      ),
    )
    expect(await post(receiver.url)).toMatchObject({ status: 302 })
    expect(receiver.total()).toBe(1)
  })

  it('counts a refused connection as a failed connection, naming the code', async () => {
    const receiver = await silentReceiver()
    await receiver.close()
    expect(await post(receiver.url)).toMatchObject({ error: 'connection failed (ECONNREFUSED)' })
  })

  it('stamps signatures with the wall clock', () => {
    expect(Math.abs(httpWebhookTransport.nowSeconds!() - Date.now() / 1000)).toBeLessThan(2)
  })
})

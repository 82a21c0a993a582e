import { describe, expect, it } from 'vitest'
import { webhookReceivers } from './webhook-receivers.ts'
import type { WebhookTransport } from './webhook-transport.ts'

const post = (url: string) => ({ url, headers: { 'x-test': '1' }, body: '{"type":"t"}', timeoutMs: 1000 })

describe('webhookReceivers', () => {
  it('takes a delivery to a handler’s URL in process, and hands any other to the inner transport', async () => {
    const outside: string[] = []
    const inner: WebhookTransport = {
      post: async ({ url }) => (outside.push(url), { status: 204, durationMs: 0 }),
      nowSeconds: () => 42,
    }
    const receivers = webhookReceivers()
    const bodies: unknown[] = []
    const url = receivers.url(async (request) => void bodies.push(await request.json()))
    const other = receivers.url(() => new Response(null, { status: 500 }))
    expect(url).not.toBe(other)
    const transport = receivers.transport(inner)
    expect(await transport.post(post(url))).toMatchObject({ status: 200 })
    expect(await transport.post(post(other))).toMatchObject({ status: 500 })
    expect(await transport.post(post('http://127.0.0.1:3000/hooks'))).toMatchObject({ status: 204 })
    expect(bodies).toEqual([{ type: 't' }])
    expect(outside).toEqual(['http://127.0.0.1:3000/hooks'])
    expect(transport.nowSeconds?.()).toBe(42)
  })
})

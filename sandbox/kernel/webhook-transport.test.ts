import { describe, expect, it } from 'vitest'
import { handlerTransport } from './webhook-transport.ts'

const post = {
  url: 'http://127.0.0.1/hooks',
  headers: { 'x-webhook-signature': 't=1,s=ab' },
  body: '{"id":"evt_1"}',
  timeoutMs: 1_000,
}

describe('handlerTransport', () => {
  it('hands the handler a POST request with the headers and the body', async () => {
    let seen: { method: string; url: string; signature: string | null; type: string | null; body: string } | undefined
    await handlerTransport(async (request) => {
      seen = {
        method: request.method,
        url: request.url,
        signature: request.headers.get('x-webhook-signature'),
        type: request.headers.get('content-type'),
        body: await request.text(),
      }
    }).post(post)
    expect(seen).toEqual({
      method: 'POST',
      url: 'http://127.0.0.1/hooks',
      signature: 't=1,s=ab',
      type: 'application/json',
      body: '{"id":"evt_1"}',
    })
  })

  it('answers the status of the response the handler returns', async () => {
    expect(await handlerTransport(() => new Response(null, { status: 503 })).post(post)).toMatchObject({ status: 503 })
  })

  it('counts a handler that returns nothing as 200', async () => {
    expect(await handlerTransport(() => undefined).post(post)).toMatchObject({ status: 200 })
  })

  it('counts a handler that throws as a failed connection, naming the error', async () => {
    const answer = await handlerTransport(() => {
      throw new Error('database down')
    }).post(post)
    expect(answer).toMatchObject({ error: 'the handler threw (database down)' })
  })

  it('counts a handler that answers Response.error() as a failed connection, with no status', async () => {
    expect(await handlerTransport(() => Response.error()).post(post)).toEqual({
      error: 'connection failed (the handler answered Response.error(), a network error)',
      durationMs: expect.any(Number),
    })
  })

  it.each([
    ['a string', 'OK', 'a string ("OK")'],
    ['a plain object with a status', { status: 204 }, 'an object'],
    ['null', null, 'null'],
  ])(
    'counts a handler that answers %s, not a Response, as a failed attempt naming what it answered',
    async (_, answer, named) => {
      const handler = (() => answer) as unknown as () => Response
      expect(await handlerTransport(handler).post(post)).toEqual({
        error: `the handler answered ${named}, not a Response (or nothing, which counts as 200)`,
        durationMs: expect.any(Number),
      })
    },
  )

  it('gives up on a handler that never answers after the timeout', async () => {
    const answer = await handlerTransport(() => new Promise<Response>(() => undefined)).post({ ...post, timeoutMs: 20 })
    expect(answer).toMatchObject({ error: 'no answer within 20 ms' })
  })

  it('stamps with the clock it is given', () => {
    expect(handlerTransport(() => undefined, { nowSeconds: () => 42 }).nowSeconds?.()).toBe(42)
    expect(handlerTransport(() => undefined).nowSeconds).toBeUndefined()
  })
})

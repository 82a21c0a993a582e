import { describe, expect, it } from 'vitest'
import { createSandboxCore } from '#http/sandbox-core.ts'
import { parseQueryString, type PlainReply, type PlainResponse } from '#http/plain-http.ts'
import { send } from '#http/test-request.ts'
import { magic, platformAccount } from '#http/routes/platform-test-kit.ts'
import { framesHandler } from './frames-test-kit.ts'

const core = createSandboxCore({ origins: { api: 'http://127.0.0.1:4010', frames: 'http://127.0.0.1:4011' } })
const frames = framesHandler(core)

function answer(target: string): Promise<PlainResponse> {
  const [path, search = ''] = target.split('?') as [string, string?]
  return frames({ method: 'GET', path, query: parseQueryString(search), headers: {} })
}

/** A fresh account that lets only https://partner.example embed its frames, and a connected customer of it. */
async function partnerAccount() {
  const account = platformAccount(core)
  await send(core, 'PUT /__sandbox/settings', {
    headers: account.headers,
    body: { allowedOrigins: ['https://partner.example'] },
  })
  const { sessionToken, connection } = await account.connect(magic.usNy)
  return {
    ...account,
    apiKey: `pk_test_${account.account}`,
    sessionToken,
    clientToken: connection.credentials.clientToken,
  }
}

const PARTNER_AND_SANDBOX =
  /^frame-ancestors https:\/\/partner\.example http:\/\/127\.0\.0\.1:4010 http:\/\/127\.0\.0\.1:4011;/
const SANDBOX_ONLY = /^frame-ancestors http:\/\/127\.0\.0\.1:4010 http:\/\/127\.0\.0\.1:4011;/
/** The token with one character of its signature changed. */
const tampered = (token: string) => `${token.slice(0, -5)}${token.at(-5) === 'A' ? 'B' : 'A'}${token.slice(-4)}`

async function get(target: string): Promise<PlainReply> {
  const response = await answer(target)
  if (response.kind !== 'reply') throw new Error(`${target} dropped the connection`)
  return response
}

async function post(path: string, body: string): Promise<PlainReply> {
  const response = await frames({ method: 'POST', path, query: {}, headers: {}, body })
  if (response.kind !== 'reply') throw new Error(`${path} dropped the connection`)
  return response
}

const fault = (account: string, body: Record<string, unknown>) =>
  send(core, 'POST /__sandbox/faults', { headers: { 'x-api-key': `sk_test_${account}` }, body })

const configOf = (reply: PlainReply) =>
  JSON.parse(/<script type="application\/json" id="frame-config">(.*?)<\/script>/s.exec(String(reply.body))![1]!)

describe('frames handler', () => {
  it('redirects /v2/{frame} to /platform/v1/{frame} with 308, keeping the query', async () => {
    const reply = await get('/v2/connect?channelId=channel-1&theme=dark')
    expect(reply.status).toBe(308)
    expect(reply.headers.location).toBe('/platform/v1/connect?channelId=channel-1&theme=dark')
  })

  it("lets the tenant's allowed origins embed a frame authorized by its apiKey", async () => {
    await send(core, 'PUT /__sandbox/settings', {
      headers: { 'x-api-key': 'sk_test_csp' },
      body: { allowedOrigins: ['https://partner.example'] },
    })
    const reply = await get('/platform/v1/reset?channelId=channel-1&apiKey=pk_test_csp')
    expect(reply.headers['content-security-policy']).toMatch(
      /^frame-ancestors https:\/\/partner\.example http:\/\/127\.0\.0\.1:4010 http:\/\/127\.0\.0\.1:4011;/,
    )
  })

  it("lets only the sandbox's own origins embed a frame without a valid key or token", async () => {
    const reply = await get('/platform/v1/reset?channelId=channel-1')
    expect(reply.headers['content-security-policy']).toMatch(
      /^frame-ancestors http:\/\/127\.0\.0\.1:4010 http:\/\/127\.0\.0\.1:4011;/,
    )
  })

  describe('a frame whose token fails', () => {
    it("loads on the tenant's allowed origins with a valid apiKey and a tampered clientToken, and posts invalid_token", async () => {
      const partner = await partnerAccount()
      const reply = await get(
        `/platform/v1/reset?channelId=channel-1&apiKey=${partner.apiKey}&clientToken=${tampered(partner.clientToken)}`,
      )
      expect(reply.headers['content-security-policy']).toMatch(PARTNER_AND_SANDBOX)
      expect(configOf(reply)).toMatchObject({
        allowedOrigins: expect.arrayContaining(['https://partner.example']),
        error: { code: 'invalid_token' },
      })
    })

    it("loads on the tenant's allowed origins with a valid apiKey and an expired sessionToken", async () => {
      const partner = await partnerAccount()
      await send(core, 'POST /__sandbox/clock/advance', { headers: partner.headers, body: { by: '25h' } })
      const reply = await get(
        `/platform/v1/check?channelId=channel-1&apiKey=${partner.apiKey}&sessionToken=${partner.sessionToken}&publicKey=${'a'.repeat(64)}`,
      )
      expect(reply.headers['content-security-policy']).toMatch(PARTNER_AND_SANDBOX)
      expect(configOf(reply).error).toMatchObject({ code: 'invalid_token', message: 'sessionToken has expired' })
    })

    it("loads on the tenant's allowed origins with a valid apiKey and a bad challengeToken", async () => {
      const partner = await partnerAccount()
      const reply = await get(
        `/platform/v1/challenge?channelId=channel-1&apiKey=${partner.apiKey}&challengeToken=cg_nothing.bad`,
      )
      expect(reply.headers['content-security-policy']).toMatch(PARTNER_AND_SANDBOX)
      expect(configOf(reply).error.code).toBe('invalid_token')
    })

    it("loads on the tenant's allowed origins with a revoked clientToken the tenant signed, without an apiKey", async () => {
      const partner = await partnerAccount()
      await send(core, 'DELETE /platform/v1/sessions', {
        headers: partner.headers,
        body: { sessionToken: partner.sessionToken },
      })
      const reply = await get(`/platform/v1/reset?channelId=channel-1&clientToken=${partner.clientToken}`)
      expect(reply.headers['content-security-policy']).toMatch(PARTNER_AND_SANDBOX)
      expect(configOf(reply).error).toMatchObject({
        code: 'invalid_token',
        message: 'clientToken belongs to a session that was revoked',
      })
    })

    it("loads only on the sandbox's own origins with a tampered clientToken and no apiKey", async () => {
      const partner = await partnerAccount()
      const reply = await get(`/platform/v1/reset?channelId=channel-1&clientToken=${tampered(partner.clientToken)}`)
      expect(reply.headers['content-security-policy']).toMatch(SANDBOX_ONLY)
    })

    it("loads only on the sandbox's own origins with a secret key as apiKey and a tampered clientToken", async () => {
      const partner = await partnerAccount()
      const reply = await get(
        `/platform/v1/reset?channelId=channel-1&apiKey=sk_test_${partner.account}&clientToken=${tampered(partner.clientToken)}`,
      )
      expect(reply.headers['content-security-policy']).toMatch(SANDBOX_ONLY)
    })
  })

  it('answers bad parameters with a page that says what is wrong and an invalid_parameters error to post', async () => {
    const reply = await get(
      '/platform/v1/connect?channelId=channel-1&apiKey=pk_test_x&theme=purple&sessionToken=x&publicKey=abc',
    )
    expect(reply.status).toBe(200)
    expect(String(reply.body)).toContain('This frame cannot start')
    expect(String(reply.body)).toContain('theme must be dark or light')
    expect(configOf(reply).error).toMatchObject({
      code: 'invalid_parameters',
      fields: expect.arrayContaining([{ field: 'theme', message: expect.any(String) }]),
    })
  })

  it('addresses the host on a channelId of one character', async () => {
    expect(configOf(await get('/platform/v1/reset?channelId=a&apiKey=pk_test_x')).channelId).toBe('a')
  })

  it('addresses no host on a channelId of 129 characters, and says why', async () => {
    const config = configOf(await get(`/platform/v1/reset?channelId=${'c'.repeat(129)}&apiKey=pk_test_x`))
    expect(config.channelId).toBeNull()
    expect(config.error.fields).toEqual([
      { field: 'channelId', message: 'channelId must be 1–128 characters of A-Z a-z 0-9 _ -' },
    ])
  })

  it('requires channelId', async () => {
    const config = configOf(await get('/platform/v1/reset?apiKey=pk_test_x'))
    expect(config.error.fields).toEqual([{ field: 'channelId', message: 'channelId is required' }])
  })

  it('answers an invalid token with an invalid_token error to post', async () => {
    const config = configOf(await get('/platform/v1/reset?channelId=channel-1&clientToken=ct_abc.def'))
    expect(config.error.code).toBe('invalid_token')
  })

  it('answers 404 for an unknown frame', async () => {
    expect((await get('/platform/v1/nothing?channelId=channel-1')).status).toBe(404)
  })

  it('refuses an effect with a ticket it did not sign', async () => {
    const reply = await post(
      '/__frames/effects/auth.reset',
      JSON.stringify({ ticket: 'abc.def', effect: { type: 'auth.reset' } }),
    )
    expect(reply.status).toBe(401)
  })

  it('refuses an effect body that is not JSON', async () => {
    const reply = await post('/__frames/effects/auth.reset', '{')
    expect(reply).toMatchObject({ status: 400, body: { code: 'invalid_request', message: 'body must be valid JSON' } })
  })

  it('refuses a journal body of the wrong shape with a 400 naming the field and the rule, in the platform error shape', async () => {
    const reply = await post('/__frames/event', JSON.stringify({ ticket: 7, direction: 'out', message: {} }))
    expect(reply).toMatchObject({ status: 400 })
    expect(reply.body).toEqual({
      code: 'invalid_request',
      message: 'ticket must be a string',
      errors: [{ field: 'ticket', message: 'ticket must be a string' }],
    })
  })

  it('refuses a body over the limit with 413, coded invalid_request as on the platform API', async () => {
    const reply = await post('/__frames/event', 'x'.repeat(1_000_001))
    expect(reply).toMatchObject({
      status: 413,
      body: { code: 'invalid_request', message: 'body must be at most 1000000 bytes' },
    })
  })

  it("answers an unexpected error with the mapper's 500 in the platform error shape, its stack sent to the core's logger", async () => {
    const logged: Array<[string, unknown]> = []
    const logging = framesHandler(createSandboxCore({ logger: (message, error) => logged.push([message, error]) }))
    const boom = new Error('boom')
    // A query that throws when read: a fault of the sandbox, not of the request.
    const query = Object.defineProperty({}, 'channelId', {
      enumerable: true,
      get: () => {
        throw boom
      },
    })
    const reply = await logging({ method: 'GET', path: '/v2/reset', query, headers: {} })
    expect(reply).toMatchObject({
      kind: 'reply',
      status: 500,
      body: {
        code: 'internal_error',
        message: 'The sandbox failed unexpectedly; the error was logged by the sandbox process.',
      },
    })
    expect(logged).toEqual([['unexpected error while handling a request', boom]])
  })

  it("answers a frame page with the status of the tenant's matching fault, and a page without the frame's script", async () => {
    await fault('pagefault', { method: 'GET', path: '/platform/v1/google-pay', status: 503 })
    const reply = await get('/platform/v1/google-pay?channelId=channel-1&apiKey=pk_test_pagefault&quote=x')
    expect(reply.status).toBe(503)
    expect(String(reply.body)).toContain('Injected fault')
    expect(String(reply.body)).not.toContain('frame-config')
    expect(reply.headers['content-security-policy']).toContain('frame-ancestors http://localhost:*')
  })

  it('serves the page again once the fault is used up', async () => {
    await fault('pagefault_once', { method: 'GET', path: '/platform/v1/apple-pay', status: 500, times: 1 })
    expect((await get('/platform/v1/apple-pay?channelId=channel-1&apiKey=pk_test_pagefault_once&quote=x')).status).toBe(
      500,
    )
    expect((await get('/platform/v1/apple-pay?channelId=channel-1&apiKey=pk_test_pagefault_once&quote=x')).status).toBe(
      200,
    )
  })

  it('drops the connection of a frame page whose fault is a network error', async () => {
    await fault('pagefault_drop', { path: '/platform/v1/*', networkError: true })
    expect(await answer('/platform/v1/reset?channelId=channel-1&apiKey=pk_test_pagefault_drop')).toEqual({
      kind: 'network-error',
    })
  })

  it("leaves another tenant's frame pages alone", async () => {
    await fault('pagefault_mine', { path: '/platform/v1/reset', status: 503 })
    expect((await get('/platform/v1/reset?channelId=channel-1&apiKey=pk_test_pagefault_theirs')).status).toBe(200)
  })
})

import { describe, expect, it } from 'vitest'
import { PlatformError } from '#contract/index.ts'
import { requireJsonContentType } from './require-json-content-type.ts'
import { magic, platformAccount } from './routes/platform-test-kit.ts'
import { createSandboxCore } from './sandbox-core.ts'
import { send } from './test-request.ts'

const core = createSandboxCore({ seed: 1 })
const sk = { 'x-api-key': 'sk_test_contenttype' }
const SESSION = JSON.stringify({ externalCustomerId: 'u1', deviceIp: '203.0.113.7' })

const createSession = (contentType: string | undefined, body = SESSION) =>
  send(core, 'POST /platform/v1/sessions', {
    headers: contentType === undefined ? sk : { ...sk, 'content-type': contentType },
    body,
  })

/** The JSON body `send` would otherwise label application/json, with no Content-Type at all. */
const withoutContentType = (line: string, body: string, headers: Record<string, string>) => {
  const [method, path] = line.split(' ') as [string, string]
  return core.handle({ method, path, query: {}, headers, body })
}

describe('the JSON content-type rule', () => {
  it('refuses text/plain on a JSON route with 415 naming the header and the rule', async () => {
    const response = await createSession('text/plain;charset=UTF-8')
    expect(response.status).toBe(415)
    const body = PlatformError.parse(response.body)
    expect(body.message).toBe(
      'Content-Type text/plain is not JSON: send application/json (or application/<name>+json), charset utf-8 if any',
    )
    expect(body.errors).toEqual([{ field: 'Content-Type', message: 'Content-Type must be application/json' }])
  })

  it('refuses a body without a Content-Type with 415', async () => {
    const response = await withoutContentType('POST /platform/v1/sessions', SESSION, sk)
    expect(response.kind === 'reply' && response.status).toBe(415)
    expect(response.kind === 'reply' && (response.body as { message: string }).message).toBe(
      'Content-Type is required with a body: send application/json (or application/<name>+json), charset utf-8 if any',
    )
  })

  it('refuses a form body, as curl -d sends it, with 415', async () => {
    expect((await createSession('application/x-www-form-urlencoded')).status).toBe(415)
  })

  it('refuses a charset other than UTF-8 with 415', async () => {
    const response = await createSession('application/json; charset=iso-8859-1')
    expect(response.status).toBe(415)
    expect(PlatformError.parse(response.body).message).toBe(
      'Content-Type charset iso-8859-1 is not supported: JSON is UTF-8',
    )
  })

  it('accepts application/json with charset utf-8, in any letter case', async () => {
    expect((await createSession('Application/JSON; Charset="UTF-8"')).status).toBe(201)
  })

  it('accepts a structured-syntax JSON type such as application/merge-patch+json', async () => {
    expect((await createSession('application/merge-patch+json')).status).toBe(201)
  })

  it('checks the control API too', async () => {
    const response = await send(core, 'POST /__sandbox/clock/advance', {
      headers: { ...sk, 'content-type': 'text/plain' },
      body: '{"by":"1s"}',
    })
    expect(response.status).toBe(415)
    expect(core.tenants.get('contenttype', 'test').clock.advanced).toBe(0)
  })

  it('checks Bearer client calls too', async () => {
    const { connection } = await platformAccount(core).connect(magic.usNy)
    const authorization = `Bearer ${connection.credentials.accessToken}`
    const quote = JSON.stringify({
      source: { asset: { code: 'usd' }, amount: 100 },
      destination: { asset: { code: 'eth' } },
    })
    expect(
      (
        await send(core, 'POST /platform/v1/quotes/buy', {
          headers: { authorization, 'content-type': 'text/plain' },
          body: quote,
        })
      ).status,
    ).toBe(415)
    expect((await send(core, 'POST /platform/v1/quotes/buy', { headers: { authorization }, body: quote })).status).toBe(
      200,
    )
  })

  it('lets a request without a body through whatever its Content-Type says', async () => {
    const other = { 'x-api-key': 'sk_test_contenttype2' }
    expect(
      (await send(core, 'POST /__sandbox/reset', { headers: { ...other, 'content-type': 'text/plain' } })).status,
    ).toBe(200)
    expect(
      (
        await send(core, 'POST /platform/v1/sessions', {
          headers: other,
          body: { externalCustomerId: 'u2', deviceIp: '203.0.113.7' },
        })
      ).status,
    ).toBe(201)
    const { status } = await send(core, 'DELETE /platform/v1/sessions?externalCustomerId=u2', {
      headers: { ...other, 'content-type': 'text/plain' },
    })
    expect(status).toBe(204)
  })

  it('leaves routes without a JSON body alone (uploads send the file type)', () => {
    expect(() => requireJsonContentType({ method: 'PUT', path: '/x', query: {}, headers: {}, body: '' })).not.toThrow()
    expect(() =>
      requireJsonContentType({
        method: 'PUT',
        path: '/x',
        query: {},
        headers: { 'content-type': 'application/vnd.api+json' },
        body: '{}',
      }),
    ).not.toThrow()
    expect(() =>
      requireJsonContentType({
        method: 'PUT',
        path: '/x',
        query: {},
        headers: { 'content-type': 'application/jsonp' },
        body: '{}',
      }),
    ).toThrow(/is not JSON/)
  })
})

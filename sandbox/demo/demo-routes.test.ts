import { describe, expect, it } from 'vitest'
import { createSandboxCore } from '#http/index.ts'
import type { PlainReply, PlainRequest } from '#http/plain-http.ts'
import { demoRoutes } from './demo-routes.ts'

const core = createSandboxCore({ origins: { api: 'http://127.0.0.1:4010', frames: 'http://127.0.0.1:4011' } })
const demo = demoRoutes(core, { api: 'http://127.0.0.1:4010', frames: 'http://127.0.0.1:4011' })

/** A call as the demo page makes it: POSTs send JSON with its Content-Type (unless `headers` say otherwise). */
async function send(
  method: string,
  path: string,
  body?: unknown,
  query: Record<string, string> = {},
  headers: Record<string, string> = method === 'POST' ? { 'content-type': 'application/json' } : {},
): Promise<PlainReply> {
  const request: PlainRequest = {
    method,
    path,
    query,
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  }
  const response = await demo(request)
  if (response?.kind !== 'reply') throw new Error(`no reply for ${method} ${path}`)
  return response
}

describe('the demo partner server', () => {
  it('answers 404 for a demo path it has no route for', async () => {
    expect((await send('GET', '/demo/nowhere')).status).toBe(404)
  })

  it('creates a session with the secret key server-side', async () => {
    const reply = await send('POST', '/demo/api/session', {
      email: 'active.us-ny@sandbox.test',
      phoneNumber: '+12125550101',
    })
    expect(reply.status).toBe(201)
    expect((reply.body as { data: { sessionToken: string } }).data.sessionToken).toMatch(/^st_/)
  })

  it("names the server's own secret-key call in a header, and keeps the platform's status and body", async () => {
    const reply = await send('POST', '/demo/api/session', {
      email: 'active.gb@sandbox.test',
      phoneNumber: '+447700900104',
    })
    expect(reply.headers['x-demo-upstream-call']).toBe('POST /platform/v1/sessions')
    expect(reply.status).toBe(201)
    expect(Object.keys(reply.body as object)).toEqual(['data'])
  })

  it("answers the journal's head, and records only what came after the seq it is given", async () => {
    await send('POST', '/demo/api/session', { email: 'active.us-wa@sandbox.test', phoneNumber: '+12065550102' })
    const head = await send('GET', '/demo/api/control/journal-head', undefined, { mode: 'test' })
    const seq = (head.body as { data: { seq: number } }).data.seq
    expect(seq).toBeGreaterThan(0)
    await send('POST', '/demo/api/session', { email: 'active.eea@sandbox.test', phoneNumber: '+4930555010300' })
    const recorded = String(
      (await send('GET', '/demo/api/record', undefined, { mode: 'test', since: String(seq) })).body,
    )
    expect(recorded).toContain('active.eea@sandbox.test')
    expect(recorded).not.toContain('active.us-wa@sandbox.test')
    expect(String((await send('GET', '/demo/api/record', undefined, { mode: 'test' })).body)).toContain(
      'active.us-wa@sandbox.test',
    )
  }, 30_000)

  it('answers 400 for a record since that is not a seq', async () => {
    expect((await send('GET', '/demo/api/record', undefined, { since: '-1' })).status).toBe(400)
  })

  it.each([
    ['not JSON', '{', 'The body must be JSON.'],
    ['no email', { phoneNumber: '+12125550101' }, 'email'],
    ['an unknown field', { email: 'a@b.c', phoneNumber: '+1', apiKey: 'x' }, 'apiKey'],
    ['a bad termsAcceptedAt', { email: 'a@b.c', phoneNumber: '+1', termsAcceptedAt: 'yesterday' }, 'termsAcceptedAt'],
    ['a bad mode', { mode: 'prod', email: 'a@b.c', phoneNumber: '+1' }, 'mode'],
  ])('answers 400 with a clear message for %s', async (_name, body, words) => {
    const reply = await send('POST', '/demo/api/session', body)
    expect(reply.status).toBe(400)
    expect(reply.body as { code: string; message: string }).toMatchObject({
      code: 'invalid_body',
      message: expect.stringContaining(words),
    })
  })

  it('refuses a POST that is not application/json with 415, so a page on another origin cannot send one without a preflight', async () => {
    const tenant = core.tenants.get('demo', 'test')
    const before = tenant.faults.list(tenant.clock.now()).length
    for (const headers of [{ 'content-type': 'text/plain' }, {}] as Record<string, string>[]) {
      const reply = await send('POST', '/demo/api/control/faults', JSON.stringify({ status: 503 }), {}, headers)
      expect(reply.status).toBe(415)
      expect(reply.body).toEqual({
        code: 'invalid_body',
        message: 'Content-Type must be application/json: the demo API takes JSON only.',
      })
    }
    expect((await send('POST', '/demo/api/control/reset', undefined, {}, {})).status).toBe(415)
    expect(tenant.faults.list(tenant.clock.now())).toHaveLength(before)
  })

  it('answers 400 for a bad clock duration', async () => {
    expect((await send('POST', '/demo/api/control/clock/advance', { by: 'soon' })).status).toBe(400)
  })

  it('never serves the secret key: not in the page, the script or the fixtures', async () => {
    const page = await send('GET', '/demo')
    const script = await send('GET', '/demo/app.js')
    const fixtures = await send('GET', '/demo/api/control/fixtures')
    expect(fixtures.status).toBe(200)
    expect((fixtures.body as { data: { keys: unknown } }).data.keys).toEqual({ publishable: 'pk_test_demo' })
    // The script goes as bytes (compressed when asked: none here); read as text, it is the whole bundle.
    const scriptText = new TextDecoder().decode(script.raw)
    expect(scriptText).toContain('/demo/api/session')
    for (const text of [String(page.body), scriptText, JSON.stringify(fixtures.body)]) {
      expect(text).not.toMatch(/sk_(test|live)_demo/)
    }
    expect(String(page.body)).toContain('<script type="module" src="/demo/app.js">')
  }, 30_000)

  it('answers 404 for an unknown demo path', async () => {
    expect((await send('GET', '/demo/nope')).status).toBe(404)
  })
})

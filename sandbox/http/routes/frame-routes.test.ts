import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningSandbox } from '#adapters/node-http/start-server.ts'
import { framesClient, framesHandler } from '#frames/server/frames-test-kit.ts'
import { openInProcessFrame } from '#frames/server/in-process-frame.ts'
import { resetMachine } from '#portable/frames/machines/reset.ts'
import { createSandboxCore } from '../sandbox-core.ts'
import { send } from '../test-request.ts'
import { magic, platformAccount } from './platform-test-kit.ts'

const core = createSandboxCore({ origins: { api: 'http://127.0.0.1:4010', frames: 'http://127.0.0.1:4011' } })
const { call, ticketOf } = framesClient(framesHandler(core))

const secret = (account: string) => ({ 'x-api-key': `sk_test_${account}` })
const fault = (account: string, body: Record<string, unknown>) =>
  send(core, 'POST /__sandbox/faults', { headers: secret(account), body })
const apiCalls = (account: string) =>
  core.tenants.get(account, 'test').journal.list({ kind: 'api' }) as Array<Record<string, unknown>>

/** A reset frame of `account` opened in process with its apiKey, acked and settled: its events. */
async function resetInProcess(account: string, channelId: string) {
  const frame = await openInProcessFrame(core, resetMachine, { channelId, apiKey: `pk_test_${account}` })
  frame.runtime.receive({ kind: 'ack' })
  await frame.runtime.idle()
  return frame.events
}

describe('the frames origin on the one pipeline', () => {
  it('journals a frame effect as the same kind of entry as an API call: method, path, status, body without the ticket', async () => {
    const ticket = await ticketOf('reset', { apiKey: 'pk_test_fr_journal' })
    expect((await send(core, 'GET /v3/currencies?apiKey=pk_test_fr_journal')).status).toBe(200)
    expect(
      (await call('POST', '/__frames/effects/auth.reset', { ticket, effect: { type: 'auth.reset' } })).status,
    ).toBe(200)
    const [api, effect] = apiCalls('fr_journal')
    expect(api).toMatchObject({ kind: 'api', method: 'GET', path: '/v3/currencies', status: 200 })
    expect(effect).toMatchObject({
      kind: 'api',
      method: 'POST',
      path: '/__frames/effects/auth.reset',
      status: 200,
      requestBody: { effect: { type: 'auth.reset' } },
    })
    expect(Object.keys(effect!).sort()).toEqual(Object.keys(api!).sort())
    expect(JSON.stringify(effect)).not.toContain(ticket.split('.')[1]!)
  })

  it('journals the effects of a frame run in process as calls too', async () => {
    await resetInProcess('fr_inproc', 'fr-1')
    expect(apiCalls('fr_inproc')).toEqual([
      expect.objectContaining({ kind: 'api', method: 'POST', path: '/__frames/effects/auth.reset', status: 200 }),
    ])
  })

  it('lets a fault matcher fail exactly one effect in process: the frame posts error with the fault, and other paths run', async () => {
    await fault('fr_fault', { method: 'POST', path: '/__frames/effects/auth.reset', status: 503, times: 1 })
    const failed = await resetInProcess('fr_fault', 'fr-2')
    expect(failed).toEqual([
      { kind: 'handshake' },
      { kind: 'error', payload: { code: 'internal_error', message: expect.stringContaining('Injected fault') } },
    ])
    expect(apiCalls('fr_fault').at(-1)).toMatchObject({
      path: '/__frames/effects/auth.reset',
      status: 503,
      answeredByFault: true,
    })
    expect(await resetInProcess('fr_fault', 'fr-3')).toEqual([{ kind: 'handshake' }, { kind: 'complete', payload: {} }])
  })

  it('posts error on a dropped connection in process, as the page does', async () => {
    await fault('fr_drop', { method: 'POST', path: '/__frames/effects/*', networkError: true, times: 1 })
    expect((await resetInProcess('fr_drop', 'fr-4'))[1]).toEqual({
      kind: 'error',
      payload: { code: 'network_error', message: 'auth.reset: the connection to the frames origin was dropped' },
    })
  })

  it('counts an effect in a verification, as it counts an API call', async () => {
    await resetInProcess('fr_verify', 'fr-5')
    await resetInProcess('fr_verify', 'fr-6')
    const counted = await send(
      core,
      `GET /__sandbox/requests/count?method=POST&path=${encodeURIComponent('/__frames/effects/auth.reset')}`,
      { headers: secret('fr_verify') },
    )
    expect(counted.body).toMatchObject({ data: { count: 2 } })
  })

  it('refuses a bad ticket with 401, a bad body and an unknown effect type with 400 naming the field', async () => {
    const ticket = await ticketOf('reset', { apiKey: 'pk_test_fr_bad' })
    expect(await call('POST', '/__frames/effects/auth.reset', { ticket: 'abc.def', effect: {} })).toMatchObject({
      status: 401,
      body: { code: 'unauthorized' },
    })
    expect(await call('POST', '/__frames/effects/auth.reset', { ticket, effect: 7 })).toMatchObject({
      status: 400,
      body: { code: 'invalid_request', errors: [{ field: 'effect' }] },
    })
    expect(await call('POST', '/__frames/effects/auth.teleport', { ticket, effect: {} })).toMatchObject({
      status: 400,
      body: { code: 'invalid_request', message: expect.stringMatching(/^type must be one of auth\.reset, /) },
    })
    expect(await call('POST', '/__frames/effects/auth.reset', { ticket, effect: { type: 'card.add' } })).toMatchObject({
      status: 400,
      body: { errors: [{ field: 'effect.type' }] },
    })
    // A body that does not parse is refused before its ticket names a tenant (as a call without a key): not journaled.
    expect(apiCalls('fr_bad').map((entry) => entry.status)).toEqual([400, 400])
  })

  it('keeps the origins apart: a frames path on the API origin and an API path on the frames origin are 404', async () => {
    const ticket = await ticketOf('reset', { apiKey: 'pk_test_fr_apart' })
    expect((await send(core, 'POST /__frames/effects/auth.reset', { body: { ticket, effect: {} } })).status).toBe(404)
    expect((await send(core, 'GET /platform/v1/reset?channelId=c&apiKey=pk_test_fr_apart')).status).toBe(404)
    expect(await call('GET', '/v3/currencies?apiKey=pk_test_fr_apart')).toMatchObject({
      status: 404,
      body: { code: 'not_found', message: expect.stringContaining('frames live at /platform/v1/{frame}') },
    })
    expect((await call('GET', '/openapi.json')).status).toBe(404)
  })

  it('leaves the frames origin out of /openapi.json', async () => {
    const { paths } = (await send(core, 'GET /openapi.json')).body as { paths: Record<string, unknown> }
    expect(
      Object.keys(paths).filter(
        (path) => path.startsWith('/__frames') || path === '/platform/v1/{frame}' || path.startsWith('/v2/'),
      ),
    ).toEqual([])
  })
})

describe('a frame effect over HTTP on the frames origin', () => {
  let sandbox: RunningSandbox
  beforeAll(async () => {
    sandbox = await startServer({ port: 0, framesPort: 0, host: '127.0.0.1', logger: () => undefined })
  })
  afterAll(() => sandbox?.close())

  it('takes the fault a matcher names for that effect alone, and is journaled with it', async () => {
    const account = platformAccount(sandbox.core)
    const { connection } = await account.connect(magic.usNy)
    const headers = { 'x-api-key': `sk_test_${account.account}`, 'content-type': 'application/json' }
    const armed = await fetch(`${sandbox.apiUrl}/__sandbox/faults`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ method: 'POST', path: '/__frames/effects/credentials.encrypt', status: 503 }),
    })
    expect(armed.status).toBe(201)
    const page = await (
      await fetch(
        `${sandbox.framesUrl}/platform/v1/reset?channelId=c1&clientToken=${connection.credentials.clientToken}`,
      )
    ).text()
    const ticket = JSON.parse(/id="frame-config">(.*?)<\/script>/s.exec(page)![1]!).ticket as string
    const post = (type: string) =>
      fetch(`${sandbox.framesUrl}/__frames/effects/${type}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ticket, effect: { type } }),
      })
    const faulted = await post('credentials.encrypt')
    expect(faulted.status).toBe(503)
    expect(await faulted.json()).toMatchObject({
      code: 'internal_error',
      message: expect.stringContaining('Injected fault'),
    })
    expect((await post('auth.reset')).status).toBe(200)
    const found = await fetch(
      `${sandbox.apiUrl}/__sandbox/requests/find?method=POST&path=${encodeURIComponent('/__frames/effects/**')}`,
      { headers },
    )
    const { data } = (await found.json()) as { data: { requests: Array<{ path: string; status: number }> } }
    expect(data.requests.map(({ path, status }) => [path, status])).toEqual([
      ['/__frames/effects/credentials.encrypt', 503],
      ['/__frames/effects/auth.reset', 200],
    ])
  })
})

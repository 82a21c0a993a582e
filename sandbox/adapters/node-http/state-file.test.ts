import { spawnSync } from 'node:child_process'
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { magicContacts } from '#fixtures/magic-customers.ts'
import { handlerTransport } from '#kernel/webhook-transport.ts'
import { readStateFile, StateFileError } from './state-file.ts'
import { startServer, type RunningSandbox } from './start-server.ts'

const SK = { 'x-api-key': 'sk_test_statefile', 'content-type': 'application/json' }
const FAST = { quietMs: 10, maxDelayMs: 50 }

let dir: string
let path: string
const running: RunningSandbox[] = []

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ramp-state-'))
  path = join(dir, 'state.json')
})
afterEach(async () => {
  await Promise.all(running.splice(0).map((sandbox) => sandbox.close()))
  await rm(dir, { recursive: true, force: true, maxRetries: 20, retryDelay: 10 })
})

async function start(options: Parameters<typeof startServer>[0] = {}): Promise<RunningSandbox> {
  const sandbox = await startServer({ port: 0, framesPort: 0, saveTiming: FAST, logger: () => undefined, ...options })
  running.push(sandbox)
  return sandbox
}

async function stop(sandbox: RunningSandbox): Promise<void> {
  running.splice(running.indexOf(sandbox), 1)
  await sandbox.close()
}

/** A connected customer's access token, made through the API. */
async function accessToken(sandbox: RunningSandbox): Promise<string> {
  const session = await fetch(`${sandbox.apiUrl}/platform/v1/sessions`, {
    method: 'POST',
    headers: SK,
    body: JSON.stringify({ externalCustomerId: 'u1', deviceIp: '203.0.113.7', ...magicContacts.usNy }),
  })
  const { sessionToken } = ((await session.json()) as { data: { sessionToken: string } }).data
  const connection = await fetch(`${sandbox.apiUrl}/__sandbox/connections`, {
    method: 'POST',
    headers: SK,
    body: JSON.stringify({ sessionToken }),
  })
  return ((await connection.json()) as { data: { credentials: { accessToken: string } } }).data.credentials.accessToken
}

const transactions = (sandbox: RunningSandbox, token: string) =>
  fetch(`${sandbox.apiUrl}/platform/v1/transactions`, { headers: { authorization: `Bearer ${token}` } })

describe('--state-file', () => {
  it('restarts with a saved fault whose pattern the linear-time matcher refuses left out, warned about and journaled', async () => {
    const first = await start({ stateFile: path })
    for (const fault of [
      { path: '/v3/currencies', status: 503 },
      { path: '/v3/ip_address', status: 500 },
    ]) {
      expect(
        (await fetch(`${first.apiUrl}/__sandbox/faults`, { method: 'POST', headers: SK, body: JSON.stringify(fault) }))
          .status,
      ).toBe(201)
    }
    await stop(first)
    // As a file from before decision 0080 holds it: a lookahead was checked only to compile in JavaScript.
    // (Written whole, as a version 1 file holds it, which is still read.)
    const saved = (await readStateFile(path))!
    saved.tenants[0]!.faults.armed[0]!.query = { foo: { matches: '^(?=u)' } }
    await writeFile(path, JSON.stringify(saved))
    const warnings: string[] = []
    const second = await start({ stateFile: path, warn: (message) => warnings.push(message) })
    expect(warnings).toEqual([
      expect.stringMatching(
        /^ramp-sandbox: fault_1 of account statefile:test in the state file .* is left out: query\.foo\.matches uses a lookahead/,
      ),
    ])
    const listed = (await (await fetch(`${second.apiUrl}/__sandbox/faults`, { headers: SK })).json()) as {
      data: Array<{ id: string }>
    }
    expect(listed.data.map((fault) => fault.id)).toEqual(['fault_2'])
    const journal = (await (await fetch(`${second.apiUrl}/__sandbox/journal?kind=state`, { headers: SK })).json()) as {
      data: Array<{ event: string; detail: unknown }>
    }
    expect(journal.data.at(-1)).toMatchObject({ event: 'fault:dropped', detail: { id: 'fault_1' } })
  })

  it('keeps a token working across a restart, with its data', async () => {
    const first = await start({ stateFile: path })
    const token = await accessToken(first)
    const before = await (await transactions(first, token)).json()
    await stop(first)
    const second = await start({ stateFile: path })
    expect(second.state?.restoredTenants).toBe(1)
    const after = await transactions(second, token)
    expect(after.status).toBe(200)
    expect(await after.json()).toEqual(before)
  })

  it('says a token is from before a restart that kept no state, even with the same --secret', async () => {
    const secret = 'cd'.repeat(32)
    const first = await start({ secret })
    const token = await accessToken(first)
    await stop(first)
    const second = await start({ secret })
    const response = await transactions(second, token)
    expect(response.status).toBe(401)
    expect(((await response.json()) as { message: string }).message).toBe(
      'Authorization Bearer token names an unknown session (the sandbox restarted without --state-file)',
    )
  })

  it('saves shortly after a change, without waiting for shutdown', async () => {
    const sandbox = await start({ stateFile: path })
    await fetch(`${sandbox.apiUrl}/__sandbox/clock/advance`, {
      method: 'POST',
      headers: SK,
      body: JSON.stringify({ by: '5m' }),
    })
    // readStateFile leaves the temp files of a live writer alone (this process's): polling it never pulls the saver's write from under it.
    const saved = async () =>
      (await readStateFile(path))?.tenants.map((tenant) => [tenant.account, tenant.clock.advancedMs])
    await expect.poll(saved, { timeout: 20_000, interval: 20 }).toEqual([['statefile', 300_000]])
  })

  it('writes a header line and then one line an account, and reads a version 1 file (the whole state on one line) as before', async () => {
    const first = await start({ stateFile: path })
    const token = await accessToken(first)
    await fetch(`${first.apiUrl}/__sandbox/clock/advance`, {
      method: 'POST',
      headers: { ...SK, 'x-api-key': 'sk_test_other' },
      body: JSON.stringify({ by: '1m' }),
    })
    await stop(first)
    const lines = (await readFile(path, 'utf8')).trimEnd().split('\n')
    expect(lines.map((line) => Object.keys(JSON.parse(line) as object).slice(0, 2))).toEqual([
      ['format', 'version'],
      ['account', 'mode'],
      ['account', 'mode'],
    ])
    const snapshot = (await readStateFile(path))!
    await writeFile(path, JSON.stringify(snapshot))
    const second = await start({ stateFile: path })
    expect(second.state?.restoredTenants).toBe(2)
    expect((await transactions(second, token)).status).toBe(200)
    expect((await readFile(path, 'utf8')).split('\n')[0]).toMatch(/^\{"format":"ramp-sandbox-state","version":2,/)
  })

  it('does not write the file again for a request that changed nothing', async () => {
    const sandbox = await start({ stateFile: path })
    const written = (await stat(path)).mtimeMs
    expect((await fetch(`${sandbox.apiUrl}/openapi.json`)).status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 300))
    await sandbox.state!.saver.flush()
    expect((await stat(path)).mtimeMs).toBe(written)
  })

  it('writes the file at start, so the signing secret is kept before the first token', async () => {
    await start({ stateFile: path })
    expect((await readStateFile(path))?.tenants).toEqual([])
  })

  it('refuses a file that is not a state, saying what is wrong', async () => {
    await writeFile(path, JSON.stringify({ format: 'ramp-sandbox-state', version: 3 }))
    const error = await start({ stateFile: path }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(StateFileError)
    expect((error as Error).message).toMatch(/^the state file .*state\.json is not a ramp-sandbox state: version /)
  })

  it('refuses a clock out of the range of dates at load, naming the field, instead of answering 500 later', async () => {
    const sandbox = await start({ stateFile: path })
    await fetch(`${sandbox.apiUrl}/__sandbox/clock/advance`, {
      method: 'POST',
      headers: SK,
      body: JSON.stringify({ by: '1m' }),
    })
    await stop(sandbox)
    const [header, line] = (await readFile(path, 'utf8')).split('\n') as [string, string]
    const account = JSON.parse(line) as { clock: { startedAt: number; advancedMs: number } }
    const rule = (message: string) =>
      new RegExp(`state\\.json line 2 is not a ramp-sandbox state: tenants\\.0\\.clock\\.${message}`)
    for (const [field, value] of [
      ['advancedMs', 1e308],
      ['startedAt', 8.64e15 + 1],
    ] as const) {
      await writeFile(
        path,
        `${header}\n${JSON.stringify({ ...account, clock: { ...account.clock, [field]: value } })}\n`,
      )
      await expect(start({ stateFile: path })).rejects.toThrow(rule(`${field} must be at most`))
    }
    const beyond = { ...account.clock, advancedMs: Date.parse('9999-06-01T00:00:00Z') - account.clock.startedAt }
    await writeFile(path, `${header}\n${JSON.stringify({ ...account, clock: beyond })}\n`)
    await expect(start({ stateFile: path })).rejects.toThrow(
      rule('advancedMs startedAt \\+ advancedMs must be at most 9999-01-01'),
    )
  })

  it('says a field of the wrong type has the wrong type, not that it is missing', async () => {
    await stop(await start({ stateFile: path }))
    const [header, ...rest] = (await readFile(path, 'utf8')).split('\n')
    const saved = JSON.parse(header!) as Record<string, unknown>
    await writeFile(path, [JSON.stringify({ ...saved, seed: '1' }), ...rest].join('\n'))
    await expect(readStateFile(path)).rejects.toThrow(/: seed must be a number$/)
    await writeFile(path, [JSON.stringify({ ...saved, secret: 'abc' }), ...rest].join('\n'))
    await expect(readStateFile(path)).rejects.toThrow(/: secret must match the pattern/)
  })

  it('refuses a file saved with another seed or another --secret', async () => {
    await stop(await start({ stateFile: path }))
    await expect(start({ stateFile: path, seed: 2 })).rejects.toThrow(/was saved with seed 1, not 2/)
    await expect(start({ stateFile: path, secret: 'ef'.repeat(32) })).rejects.toThrow(
      /was saved with another signing secret/,
    )
  })

  it('removes temp files a killed writer left, and keeps the state and the temp files of a writer still running', async () => {
    await stop(await start({ stateFile: path }))
    // A writer that is gone: a process that has exited.
    const gone = spawnSync(process.execPath, ['-e', '']).pid
    await writeFile(join(dir, `state.json.tmp-${gone}-1`), '{"half": ')
    // A writer still at work (this process): its temp file is left alone.
    await writeFile(join(dir, `state.json.tmp-${process.pid}-999`), '{"half": ')
    const sandbox = await start({ stateFile: path })
    expect(sandbox.state?.path).toBe(path)
    expect((await readdir(dir)).sort()).toEqual(['state.json', `state.json.tmp-${process.pid}-999`])
    expect(JSON.parse((await readFile(path, 'utf8')).split('\n')[0]!).format).toBe('ramp-sandbox-state')
  })

  it('says on GET /__sandbox/health that saves fail, until one succeeds again', async () => {
    const warnings: string[] = []
    const sandbox = await start({ stateFile: path, warn: (message) => warnings.push(message) })
    const health = async () =>
      (await (await fetch(`${sandbox.apiUrl}/__sandbox/health`)).json()) as {
        status: string
        stateFile: { saving: { state: string; failedSaves?: number } }
      }
    expect(await health()).toMatchObject({ status: 'ok', stateFile: { path, saving: { state: 'ok' } } })
    // A save may be writing its temp file meanwhile (it writes account by account): retried until the folder is gone.
    await rm(dir, { recursive: true, force: true, maxRetries: 20, retryDelay: 10 })
    await fetch(`${sandbox.apiUrl}/__sandbox/clock/advance`, {
      method: 'POST',
      headers: SK,
      body: JSON.stringify({ by: '1m' }),
    })
    await expect.poll(health, { timeout: 30_000, interval: 20 }).toMatchObject({
      status: 'degraded',
      stateFile: { saving: { state: 'failing', failedSaves: expect.any(Number) } },
    })
    await mkdir(dir)
    await fetch(`${sandbox.apiUrl}/__sandbox/clock/advance`, {
      method: 'POST',
      headers: SK,
      body: JSON.stringify({ by: '1m' }),
    })
    await expect
      .poll(health, { timeout: 30_000, interval: 20 })
      .toMatchObject({ status: 'ok', stateFile: { saving: { state: 'ok' } } })
    expect(warnings.some((warning) => warning.includes('could not save the state file'))).toBe(true)
  }, 60_000)

  it('answers GET /__sandbox/health without a state file: ok, stateFile null', async () => {
    const sandbox = await start()
    const reply = await fetch(`${sandbox.apiUrl}/__sandbox/health`)
    expect(reply.status).toBe(200)
    expect(await reply.json()).toMatchObject({ status: 'ok', stateFile: null })
  })

  it('attempts again after a restart a webhook whose first attempt was in flight when the file was written', async () => {
    const hanging = { post: () => new Promise<never>(() => undefined) }
    const first = await start({ stateFile: path, webhookTransport: hanging })
    await fetch(`${first.apiUrl}/__sandbox/webhooks/endpoints`, {
      method: 'POST',
      headers: SK,
      body: JSON.stringify({ url: 'http://127.0.0.1:9/hooks' }),
    })
    const triggered = await fetch(`${first.apiUrl}/__sandbox/webhooks/trigger`, {
      method: 'POST',
      headers: SK,
      body: JSON.stringify({ type: 'transaction_updated' }),
    })
    const {
      deliveries: [inFlight],
    } = ((await triggered.json()) as { data: { deliveries: Array<{ id: string; body: string }> } }).data
    await stop(first)
    const received: string[] = []
    const second = await start({
      stateFile: path,
      webhookTransport: handlerTransport(async (request) => void received.push(await request.text())),
    })
    await second.core.tenants.get('statefile', 'test').background.settled()
    expect(received).toEqual([inFlight!.body])
  })

  it('warns at a restart of each restored webhook endpoint whose host the new --webhook-allow-host list lacks', async () => {
    const first = await start({ stateFile: path, webhookAllowHosts: ['partner.example'] })
    const created = await fetch(`${first.apiUrl}/__sandbox/webhooks/endpoints`, {
      method: 'POST',
      headers: SK,
      body: JSON.stringify({ url: 'https://partner.example/hooks' }),
    })
    expect(created.status).toBe(201)
    await stop(first)
    const warnings: string[] = []
    await start({ stateFile: path, warn: (message) => warnings.push(message) })
    expect(warnings).toEqual([
      expect.stringMatching(
        /^ramp-sandbox: account statefile \(test\): webhook endpoint we_\w+ sends to partner\.example, .*--webhook-allow-host partner\.example$/,
      ),
    ])
  })
})

import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningSandbox } from '#adapters/node-http/index.ts'
import { StateEventName } from '#contract/index.ts'
import { decryptCredentials, generateHostKeyPair } from '#portable/frames/credentials.ts'
import { openInProcessFrame } from '#frames/server/in-process-frame.ts'
import { frameMachines } from '#portable/frames/machines/index.ts'
import { encodeQuote } from '#portable/frames/machines/purchase-flow.ts'
import { challengeParams } from '#frames/testing/frame-script.ts'
import { recordFromServer } from '#record/record-from-server.ts'
import cvvChallenge from '#scenarios/challenges/cvv-challenge.scenario.ts'
import { runInBrowser, startBrowserEnv } from '../drivers/browser-driver.ts'
import { runScenariosCommand } from './scenarios-command.ts'

const repo = join(dirname(fileURLToPath(import.meta.url)), '../..')
let sandbox: RunningSandbox
let app: string

beforeAll(async () => {
  // A real server, clocks frozen at the price epoch (the default from code), as `ramp-sandbox serve --frozen-clock` runs.
  sandbox = await startServer({ port: 0, framesPort: 0, seed: 1 })
  app = mkdtempSync(join(tmpdir(), 'ramp-recorded-'))
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'partner-app', type: 'module', private: true }))
  mkdirSync(join(app, 'node_modules'))
  symlinkSync(repo, join(app, 'node_modules', 'ramp-sandbox'), 'dir')
}, 30_000)
afterAll(async () => {
  await sandbox?.close()
  rmSync(app, { recursive: true, force: true })
})

/**
 * A partner's card buy of 49 against the server, as its app runs it: its server creates the session (HTTP), its page
 * resolves the connection in a check frame and decrypts the credentials, its client lists payment methods and asks for
 * a quote (HTTP), the customer taps and confirms in the buy button and enters the CVV in the challenge frame (the
 * frames run in process on the server's core, with channel ids of their own, as a page's client makes them).
 */
async function partnerBuysWithCvv(account: string): Promise<void> {
  const http = async (line: string, headers: Record<string, string>, body?: unknown) => {
    const [method, path] = line.split(' ') as [string, string]
    const response = await fetch(`${sandbox.apiUrl}${path}`, {
      method,
      headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    })
    return (await response.json()) as { data: any }
  }
  const channel = () => `ch_${account}_${Math.random().toString(36).slice(2, 10)}`
  const frame = async (name: keyof typeof frameMachines, params: Record<string, string>) => {
    const opened = await openInProcessFrame(sandbox.core, frameMachines[name]!, { channelId: channel(), ...params })
    opened.runtime.receive({ kind: 'ack' })
    await opened.runtime.idle()
    return opened
  }
  const until = (opened: Awaited<ReturnType<typeof frame>>, kind: string) =>
    expect
      .poll(() => opened.events.map((e) => e.kind), {
        timeout: 15_000,
        message: `the ${opened.runtime.frame} frame's ${kind} event`,
      })
      .toContain(kind)
  const session = await http(
    'POST /platform/v1/sessions',
    { 'x-api-key': `sk_test_${account}` },
    {
      externalCustomerId: 'buyer-7',
      deviceIp: '203.0.113.7',
      email: 'active.us-ny@sandbox.test',
      phoneNumber: '+12125550101',
    },
  )
  const keys = await generateHostKeyPair()
  const check = await frame('check', { sessionToken: session.data.sessionToken, publicKey: keys.publicKeyHex })
  const complete = check.events.find((e) => e.kind === 'complete') as { payload: { credentials: string } }
  const { accessToken, clientToken } = await decryptCredentials(complete.payload.credentials, keys.privateKey)
  const bearer = { authorization: `Bearer ${accessToken}` }
  const methods = await http('GET /platform/v1/payment-methods', bearer)
  const quote = await http('POST /platform/v1/quotes/buy', bearer, {
    source: { asset: { code: 'usd' }, amount: 49 },
    destination: { asset: { code: 'eth' } },
    wallet: { address: '0x52908400098527886E0F7030069857D2E4169EE7' },
    paymentMethod: { type: 'card', id: methods.data.paymentMethods[0].id },
  })
  const buy = await frame('buy-button', { clientToken, quote: encodeQuote(quote.data) })
  buy.runtime.act({ type: 'tapPay' })
  buy.runtime.act({ type: 'confirmSheet' })
  await until(buy, 'challenge')
  const challenge = await frame('challenge', challengeParams({ 'buy-button': buy.events }, { clientToken }))
  challenge.runtime.act({ type: 'enterCvv', cvv: '123' } as { type: string })
  await until(buy, 'complete')
  await http('GET /platform/v1/transactions?limit=1', bearer)
}

const record = (account: string, api = sandbox.apiUrl) =>
  recordFromServer({ api, key: `sk_test_${account}`, title: 'a card buy of 49 asks for the CVV and completes' })

/** Writes a recorded scenario into the partner's app and runs it (under both drivers unless told): the exit code and the output. */
async function replay(
  name: string,
  source: string,
  driver: 'both' | 'node' = 'both',
): Promise<{ code: number; output: string }> {
  const file = join(app, `scenarios/recorded/${name}.scenario.ts`)
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, source)
  let output = ''
  const code = await runScenariosCommand([file, '--driver', driver], {
    cwd: app,
    stdout: (text) => void (output += text),
    stderr: (text) => void (output += text),
  })
  return { code, output }
}

/** A partner's webhook receiver on a loopback port: answers every delivery 204. */
async function receiver(): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    request.resume()
    request.once('end', () => response.writeHead(204).end())
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as { port: number }
  return { url: `http://127.0.0.1:${port}/hooks`, close: () => new Promise((done) => server.close(() => done())) }
}

/** The state events of an account's journal, by name (one GET: the flow's journal holds far fewer than its 1000 entries). */
async function journaledStateEvents(account: string): Promise<Set<string>> {
  const response = await fetch(`${sandbox.apiUrl}/__sandbox/journal?kind=state&limit=1000`, {
    headers: { 'x-api-key': `sk_test_${account}` },
  })
  return new Set(((await response.json()) as { data: Array<{ event: string }> }).data.map((entry) => entry.event))
}

describe('ramp-sandbox record, replayed', () => {
  it('reads a journal holding every state event the contract names (a webhook endpoint registered among them), and its scenario passes under both drivers', async () => {
    const account = 'recorder_every_kind'
    const hooks = await receiver()
    try {
      const registered = await fetch(`${sandbox.apiUrl}/__sandbox/webhooks/endpoints`, {
        method: 'POST',
        headers: { 'x-api-key': `sk_test_${account}`, 'content-type': 'application/json' },
        body: JSON.stringify({ url: hooks.url, family: 'widget' }),
      })
      expect(registered.status).toBe(201)
      await partnerBuysWithCvv(account)
      const control = (line: string, body: unknown) => {
        const [method, path] = line.split(' ') as [string, string]
        return fetch(`${sandbox.apiUrl}${path}`, {
          method,
          headers: { 'x-api-key': `sk_test_${account}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      }
      expect((await control('PUT /__sandbox/settings', { googlePayAvailable: true })).status).toBe(200)
      expect((await control('POST /__sandbox/clock/advance', { by: '1h' })).status).toBe(200)
      await expect
        .poll(async () => (await journaledStateEvents(account)).has('webhook:attempted'), { timeout: 15_000 })
        .toBe(true)
      // The flow journals the endpoint, session, connection, challenge, transaction, settings, clock and webhook-attempt
      // events; the names it does not reach (faults, KYC, files, cards, sells, swaps, an export, a restore under another
      // allow-list …) are journaled as the tenant journals any, by its record(), each once: the journal then holds every
      // name of the enum, however many the enum gains.
      const reached = await journaledStateEvents(account)
      const tenant = sandbox.core.tenants.get(account, 'test')
      for (const event of StateEventName.options)
        if (!reached.has(event)) tenant.record(event, { recordedByTest: true })
      expect([...(await journaledStateEvents(account))].sort()).toEqual([...StateEventName.options].sort())
      expect([...reached]).toEqual(
        expect.arrayContaining([
          'webhook-endpoint:created',
          'session:created',
          'challenge:created',
          'challenge:completed',
          'transaction:created',
          'settings:updated',
          'clock:advanced',
          'webhook:attempted',
        ]),
      )

      const { source } = await record(account)
      expect(source).toContain("{ webhooks: 'listen', as: 'hooks', family: 'widget' },")
      expect(source).toContain("{ customer: 'enterCvv', channel: 'challenge', fields: { cvv: '123' } },")
      expect(source).toMatch(/webhooks: \{\n\s*mode: 'exact',\n\s*events: \[\n\s*\{ type: 'transaction_created' \},/)
      const { code, output } = await replay('every-state-event', source)
      expect(output).toContain('1 scenario (both drivers): 1 passed, 0 failed')
      expect(code, output).toBe(0)
    } finally {
      await hooks.close()
    }
  }, 180_000)

  it('writes a scenario of a real flow that passes under both drivers', async () => {
    await partnerBuysWithCvv('recorder_replay')
    const { source } = await record('recorder_replay')
    expect(source).toMatch(/^import \{ defineScenario, ref \} from 'ramp-sandbox\/harness'\n/)
    expect(source).toContain("{ customer: 'enterCvv', channel: 'challenge', fields: { cvv: '123' } },")
    const { code, output } = await replay('cvv-buy', source)
    expect(output).toContain('1 scenario (both drivers): 1 passed, 0 failed')
    expect(code, output).toBe(0)
  }, 120_000)

  it('writes a scenario of a flow run in Chromium (frames journaled by their pages) that passes under both drivers', async () => {
    const env = await startBrowserEnv()
    try {
      await runInBrowser(env, { ...cvvChallenge, account: 'recorder_chromium' })
      const { source } = await record('recorder_chromium', (await env.site(1)).sandbox.apiUrl)
      expect(source).toContain(
        "{ openChallenge: 'challenge', from: 'buy-button', params: { clientToken: ref('conn.credentials.clientToken') } },",
      )
      const { code, output } = await replay('cvv-buy-chromium', source)
      expect(code, output).toBe(0)
    } finally {
      await env.close()
    }
  }, 180_000)

  it('writes a scenario whose replay fails when a recorded call answers with other stable fields (here: the amounts of another seed)', async () => {
    await partnerBuysWithCvv('recorder_other_seed')
    const { source } = await record('recorder_other_seed')
    expect(source).toContain('  seed: 1,\n')
    const { code, output } = await replay('cvv-buy-other-seed', source.replace('  seed: 1,\n', '  seed: 2,\n'), 'node')
    expect(output).toMatch(/response quote: body .* does not contain /)
    expect(code).not.toBe(0)
  }, 120_000)

  it('writes the same file for the same flow on another account, with other ids, tokens and channel ids', async () => {
    await partnerBuysWithCvv('recorder_one')
    await partnerBuysWithCvv('recorder_two')
    const [one, two] = [(await record('recorder_one')).source, (await record('recorder_two')).source]
    expect(one).toContain('channels: {\n      check: {')
    expect(two).toBe(one)
  }, 60_000)
})

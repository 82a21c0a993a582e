import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { closeSync, constants, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startServer } from '#adapters/node-http/index.ts'
import { createSandboxCore } from '#http/sandbox-core.ts'

const children: ChildProcess[] = []
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL')
})

function cli(...args: string[]): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/cli.ts', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  return child
}

/** Runs the command to its end: exit code and both streams. */
async function run(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/cli.ts', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  })
  children.push(child)
  let stdout = ''
  let stderr = ''
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const [code] = await once(child, 'exit')
  return { code: code as number, stdout, stderr }
}

function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString()
      if (text.includes('\n')) resolve(text.split('\n')[0]!)
    })
    child.once('exit', (code) => reject(new Error(`exited ${code} before ready`)))
  })
}

describe('ramp-sandbox serve', () => {
  it('prints one ready line with the URLs and keys, serves, and stops cleanly on SIGTERM', async () => {
    const child = cli('serve', '--port', '0', '--frames-port', '0', '--seed', '7')
    const line = await firstLine(child)
    expect(line).toMatch(
      /^ramp-sandbox ready: api http:\/\/127\.0\.0\.1:\d+ · frames http:\/\/127\.0\.0\.1:\d+ · keys pk_test_sandbox \/ sk_test_sandbox · seed 7 · clock wall time$/,
    )
    const api = /api (\S+)/.exec(line)![1]
    const response = await fetch(
      `${api}/v3/currencies/eth/sell_quote?apiKey=pk_test_sandbox&quoteCurrencyCode=usd&baseCurrencyAmount=0.5`,
    )
    expect(response.status).toBe(200)
    child.kill('SIGTERM')
    const [code] = await once(child, 'exit')
    expect(code).toBe(0)
  }, 60_000)

  it('takes the port from the environment', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/cli.ts', 'serve'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, RAMP_SANDBOX_PORT: '0', RAMP_SANDBOX_FRAMES_PORT: '0', RAMP_SANDBOX_SEED: '3' },
    })
    children.push(child)
    const line = await firstLine(child)
    expect(line).not.toContain(':4010')
    expect(line).toMatch(/seed 3 · /)
  }, 60_000)

  it('refuses a bad flag with exit code 2 and says which', async () => {
    const { code, stderr } = await run(['serve', '--port', 'seventy'])
    expect(code).toBe(2)
    expect(stderr).toContain('--port')
  }, 60_000)
})

describe('ramp-sandbox serve --max-accounts', () => {
  it('keeps that many accounts: one more, while all are active, gets 429 naming the flag', async () => {
    const api = await ready('--max-accounts', '2', '--active-minutes', '10')
    for (const account of ['maxone', 'maxtwo'])
      expect((await fetch(`${api}/__sandbox/clock`, { headers: { 'x-api-key': `sk_test_${account}` } })).status).toBe(
        200,
      )
    const refused = await fetch(`${api}/__sandbox/clock`, { headers: { 'x-api-key': 'sk_test_maxthree' } })
    expect(refused.status).toBe(429)
    expect(((await refused.json()) as { message: string }).message).toContain(
      'all 2 accounts this sandbox keeps at once were used in the last 10 minutes',
    )
  }, 60_000)

  it('refuses a --max-accounts that is not a positive whole number, with exit code 2', async () => {
    const { code, stderr } = await run(['serve', '--max-accounts', '0'])
    expect(code).toBe(2)
    expect(stderr).toContain('--max-accounts')
  }, 60_000)

  it('refuses a --webhook-allow-host that is not a host name, with exit code 2 and the rule', async () => {
    const { code, stderr } = await run(['serve', '--webhook-allow-host', 'partner.example,https://evil.example/x'])
    expect(code).toBe(2)
    expect(stderr).toContain(
      '--webhook-allow-host: must be host names such as partner.example (no scheme, port or path)',
    )
  }, 60_000)
})

const SK = { 'x-api-key': 'sk_test_clockcli', 'content-type': 'application/json' }

async function ready(...args: string[]): Promise<string> {
  return /api (\S+)/.exec(await firstLine(cli('serve', '--port', '0', '--frames-port', '0', ...args)))![1]!
}

async function clockNow(api: string): Promise<number> {
  const { data } = (await (await fetch(`${api}/__sandbox/clock`, { headers: SK })).json()) as { data: { now: string } }
  return Date.parse(data.now)
}

describe('ramp-sandbox serve: tenant clocks on wall time (the default)', () => {
  let api: string
  let server: ChildProcess
  beforeAll(async () => {
    server = cli('serve', '--port', '0', '--frames-port', '0')
    children.pop() // lives for the whole describe, not one test
    api = /api (\S+)/.exec(await firstLine(server))![1]!
  }, 60_000)
  afterAll(() => {
    server.kill('SIGKILL')
  })

  it("hands out a sell quote that is live by the partner's own clock", async () => {
    const quote = (await (
      await fetch(
        `${api}/v3/currencies/eth/sell_quote?apiKey=pk_test_clockcli&quoteCurrencyCode=usd&baseCurrencyAmount=0.5`,
      )
    ).json()) as { expiresAt: string }
    expect(new Date(quote.expiresAt) > new Date()).toBe(true)
  }, 60_000)

  it("hands out a session that is live by the partner's own clock and takes termsAcceptedAt captured now", async () => {
    const body = {
      externalCustomerId: 'u1',
      deviceIp: '203.0.113.7',
      email: 'terms@sandbox.test',
      phoneNumber: '+12125550105',
      termsAcceptedAt: new Date().toISOString(),
    }
    const response = await fetch(`${api}/platform/v1/sessions`, {
      method: 'POST',
      headers: SK,
      body: JSON.stringify(body),
    })
    expect(response.status).toBe(201)
    const { data } = (await response.json()) as { data: { expiresAt: string } }
    expect(new Date(data.expiresAt) > new Date()).toBe(true)
  }, 60_000)

  it('starts at the wall time, runs in real time, and still jumps ahead when advanced', async () => {
    const first = await clockNow(api)
    expect(Math.abs(first - Date.now())).toBeLessThan(5_000)
    await new Promise((resolve) => setTimeout(resolve, 1_100))
    expect((await clockNow(api)) - first).toBeGreaterThanOrEqual(1_000)
    await fetch(`${api}/__sandbox/clock/advance`, { method: 'POST', headers: SK, body: JSON.stringify({ by: '1h' }) })
    expect((await clockNow(api)) - Date.now()).toBeGreaterThan(3_590_000)
  }, 60_000)
})

describe('ramp-sandbox serve --frozen-clock', () => {
  it('freezes clocks at the harness epoch with --frozen-clock', async () => {
    const api = await ready('--frozen-clock')
    expect(new Date(await clockNow(api)).toISOString()).toBe('2026-01-01T00:00:00.000Z')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(new Date(await clockNow(api)).toISOString()).toBe('2026-01-01T00:00:00.000Z')
  }, 60_000)

  it('freezes clocks at the instant given to --frozen-clock', async () => {
    const api = await ready('--frozen-clock', '2027-03-01T12:00:00Z')
    expect(new Date(await clockNow(api)).toISOString()).toBe('2027-03-01T12:00:00.000Z')
  }, 60_000)

  it('refuses a --frozen-clock that is not an instant, with exit code 2', async () => {
    const { code, stderr } = await run(['serve', '--frozen-clock', 'yesterday'])
    expect(code).toBe(2)
    expect(stderr).toContain('--frozen-clock: must be an ISO 8601 instant')
  }, 60_000)
})

describe('ramp-sandbox --help and start-up failures', () => {
  it('says that no command means serve', async () => {
    const { code, stdout } = await run(['--help'])
    expect(code).toBe(0)
    expect(stdout).toContain('Usage: ramp-sandbox [command] [options]')
    expect(stdout).toContain('Commands (no command means serve):')
  }, 60_000)

  it('prints a port in use as its cause in one line, not the usage text', async () => {
    const taken = await startServer({ port: 0, framesPort: 0 })
    try {
      const port = new URL(taken.apiUrl).port
      const { code, stderr } = await run(['--port', port, '--frames-port', '0'])
      expect(code).toBe(2)
      expect(stderr).toMatch(
        /^ramp-sandbox: port in use \(listen EADDRINUSE[^\n]*\); pick another with --port \/ --frames-port\n$/,
      )
    } finally {
      await taken.close()
    }
  }, 60_000)
})

describe('ramp-sandbox record', () => {
  it("writes the tenant's journal to --out as a scenario with its calls as steps and the package import", async () => {
    const sandbox = await startServer({ port: 0, framesPort: 0 })
    const dir = mkdtempSync(join(tmpdir(), 'ramp-record-'))
    try {
      const body = {
        externalCustomerId: 'u1',
        deviceIp: '203.0.113.7',
        email: 'active.us-ny@sandbox.test',
        phoneNumber: '+12125550101',
      }
      await fetch(`${sandbox.apiUrl}/platform/v1/sessions`, {
        method: 'POST',
        headers: { 'x-api-key': 'sk_test_recordcli', 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      const out = join(dir, 'recorded/session.scenario.ts')
      const { code, stderr } = await run([
        'record',
        '--key',
        'sk_test_recordcli',
        '--api',
        sandbox.apiUrl,
        '--title',
        'a session',
        '--out',
        out,
      ])
      expect(code, stderr).toBe(0)
      const source = readFileSync(out, 'utf8')
      expect(source).toContain("import { defineScenario } from 'ramp-sandbox/harness'")
      expect(source).toContain(
        "{ server: 'createSession', as: 'session', body: { externalCustomerId: 'u1', deviceIp: '203.0.113.7', email: 'active.us-ny@sandbox.test', phoneNumber: '+12125550101' } },",
      )
      expect(stderr).toContain(`run it with: npx ramp-sandbox scenarios ${out}`)
    } finally {
      rmSync(dir, { recursive: true, force: true })
      await sandbox.close()
    }
  }, 60_000)

  it('exits 2 naming the URL when no sandbox answers there, in one line', async () => {
    const { code, stderr } = await run(['record', '--key', 'sk_test_x', '--api', 'http://127.0.0.1:9'])
    expect(code).toBe(2)
    expect(stderr).toBe('ramp-sandbox: no sandbox answers at http://127.0.0.1:9 (start one with: ramp-sandbox serve)\n')
  }, 60_000)

  it('says so when the journal is empty, instead of writing a scenario with no steps', async () => {
    const sandbox = await startServer({ port: 0, framesPort: 0 })
    try {
      const { code, stdout, stderr } = await run(['record', '--key', 'sk_test_nothingyet', '--api', sandbox.apiUrl])
      expect(code).toBe(2)
      expect(stdout).toBe('')
      expect(stderr).toBe(
        `ramp-sandbox: the journal of account nothingyet (test mode) is empty: nothing to record. Run the flow against ${sandbox.apiUrl} with this account's keys first (each account and mode has its own journal)\n`,
      )
    } finally {
      await sandbox.close()
    }
  }, 60_000)

  it('exits 2 when --key is not a secret key', async () => {
    const { code, stderr } = await run(['record', '--key', 'pk_test_x'])
    expect(code).toBe(2)
    expect(stderr).toContain('--key must be the secret key of the tenant to record')
  }, 60_000)
})

describe('ramp-sandbox serve --secret', () => {
  const QUOTE = '/v3/currencies/eth/sell_quote?apiKey=pk_test_secretcli&quoteCurrencyCode=usd&baseCurrencyAmount=0.5'

  it('signs with the secret it is given: a sell quote carries the signature an in-process core with that secret gives', async () => {
    const secret = `${'c0ffee'.repeat(10)}beef`
    const api = await ready('--frozen-clock', '--secret', secret)
    const served = (await (await fetch(`${api}${QUOTE}`)).json()) as { signature: string }
    const { createSandboxCore } = await import('#http/sandbox-core.ts')
    const { send } = await import('#http/test-request.ts')
    const local = (await send(createSandboxCore({ secret }), `GET ${QUOTE}`)).body as { signature: string }
    expect(served.signature).toBe(local.signature)
  }, 60_000)

  it('refuses a RAMP_SANDBOX_SECRET that is not hex, with exit code 2, without echoing it', async () => {
    const { code, stderr } = await run(['serve'], { ...process.env, RAMP_SANDBOX_SECRET: 'hunter2-not-hex' })
    expect(code).toBe(2)
    expect(stderr).toContain('--secret: must be 32 to 128 hex digits')
    expect(stderr).not.toContain('hunter2')
  }, 60_000)
})

/** The stdout lines a child prints from now on. */
function lines(child: ChildProcess): string[] {
  const seen: string[] = []
  let rest = ''
  child.stdout!.on('data', (chunk: Buffer) => {
    const parts = (rest + chunk.toString()).split('\n')
    rest = parts.pop()!
    seen.push(...parts)
  })
  return seen
}

async function until<T>(probe: () => T | undefined, ms = 10_000): Promise<T> {
  for (
    const deadline = Date.now() + ms;
    Date.now() < deadline;
    await new Promise((resolve) => setTimeout(resolve, 20))
  ) {
    const found = probe()
    if (found !== undefined) return found
  }
  throw new Error('timed out')
}

describe('ramp-sandbox serve --log', () => {
  const QUOTE = '/v3/currencies/eth/sell_quote?apiKey=pk_test_logcli&quoteCurrencyCode=usd&baseCurrencyAmount=0.5'

  it('prints one line per request: method, path without the query, status, tenant and milliseconds', async () => {
    const child = cli('serve', '--port', '0', '--frames-port', '0', '--log')
    const api = /api (\S+)/.exec(await firstLine(child))![1]!
    const seen = lines(child)
    await fetch(`${api}${QUOTE}`)
    await fetch(`${api}/openapi.json`)
    expect(await until(() => seen.find((line) => line.startsWith('GET /v3/')))).toMatch(
      /^GET \/v3\/currencies\/eth\/sell_quote 200 logcli:test \d+(\.\d+)?ms$/,
    )
    expect(await until(() => seen.find((line) => line.startsWith('GET /openapi.json')))).toMatch(
      /^GET \/openapi\.json 200 - \d+(\.\d+)?ms$/,
    )
  }, 60_000)

  it('prints a JSON line per request with --log json', async () => {
    const child = cli('serve', '--port', '0', '--frames-port', '0', '--log', 'json')
    const api = /api (\S+)/.exec(await firstLine(child))![1]!
    const seen = lines(child)
    await fetch(`${api}/platform/v1/sessions`, {
      method: 'POST',
      headers: { 'x-api-key': 'sk_live_logjson', 'content-type': 'application/json' },
      body: '{}',
    })
    const entry = JSON.parse(await until(() => seen.find((line) => line.includes('/platform/v1/sessions'))))
    expect(entry).toEqual({
      method: 'POST',
      path: '/platform/v1/sessions',
      status: 400,
      tenant: 'logjson:live',
      ms: expect.any(Number),
    })
  }, 60_000)

  it('refuses a --log format other than text or json, with exit code 2', async () => {
    const { code, stderr } = await run(['serve', '--log=yaml'])
    expect(code).toBe(2)
    expect(stderr).toContain('--log: must be text or json')
  }, 60_000)
})

describe('ramp-sandbox and a closed stdout', () => {
  it('ends quietly with exit code 0 when its reader goes away (fixtures | head -c 100)', async () => {
    // The group's exit status, and anything node says on stderr, come back on stderr; stdout goes to head.
    const child = spawn(
      'sh',
      [
        '-c',
        `{ "${process.execPath}" --import tsx sandbox/cli.ts fixtures; echo "exit=$?" >&2; } | head -c 100 > /dev/null`,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    )
    children.push(child)
    let stderr = ''
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    await once(child, 'exit')
    expect(stderr).toBe('exit=0\n')
  }, 60_000)
})

describe('ramp-sandbox serve --state-file', () => {
  let dir: string
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'ramp-cli-state-'))
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('keeps the state across a SIGTERM and a new start: the ready line says so, and a session token still works', async () => {
    const path = join(dir, 'state.json')
    const first = cli('serve', '--port', '0', '--frames-port', '0', '--state-file', path)
    const firstReady = await firstLine(first)
    expect(firstReady).toMatch(new RegExp(`· state ${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(new\\)$`))
    const api = /api (\S+)/.exec(firstReady)![1]
    const headers = { 'x-api-key': 'sk_test_clistate', 'content-type': 'application/json' }
    const created = await fetch(`${api}/platform/v1/sessions`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ externalCustomerId: 'u1', deviceIp: '203.0.113.7' }),
    })
    const { sessionToken } = ((await created.json()) as { data: { sessionToken: string } }).data
    first.kill('SIGTERM')
    expect((await once(first, 'exit'))[0]).toBe(0)

    const second = cli('serve', '--port', '0', '--frames-port', '0', '--state-file', path)
    const secondReady = await firstLine(second)
    expect(secondReady).toMatch(/ \(restored 1 account\)$/)
    const again = /api (\S+)/.exec(secondReady)![1]
    const revoked = await fetch(`${again}/platform/v1/sessions`, {
      method: 'DELETE',
      headers,
      body: JSON.stringify({ sessionToken }),
    })
    expect(revoked.status).toBe(204)
  }, 60_000)

  it('refuses a file that is not a state with exit code 2 and the reason', async () => {
    const path = join(dir, 'broken.json')
    writeFileSync(path, '{"format": "something else"}')
    const { code, stderr } = await run(['serve', '--port', '0', '--frames-port', '0', '--state-file', path])
    expect(code).toBe(2)
    expect(stderr).toContain(`ramp-sandbox: the state file ${path} is not a ramp-sandbox state: format`)
    // A start-up failure is its cause, in one line: not the usage text.
    expect(stderr.trimEnd().split('\n')).toHaveLength(1)
  }, 60_000)
})

/** A process's state letter from /proc (`Z` for a zombie); undefined once it is reaped. */
function processState(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0]
  } catch {
    return undefined
  }
}

/**
 * `reaper → npm → sh → the CLI`, as `npm start` has it, with npm_command set. The reaper execs `sleep`, which never
 * reaps a child: a killed npm stays a zombie, as under a busy parent or a late-reaping PID 1. Its output is the
 * CLI's, after a line `npm <pid>` and one `sh <pid>`.
 */
function runByNpm(cliArgs: string[]) {
  const cliCommand = `${[process.execPath, '--import', 'tsx', 'sandbox/cli.ts', 'serve', '--port', '0', '--frames-port', '0', ...cliArgs].map((word) => JSON.stringify(word)).join(' ')}; true`
  const npm = `const sh = require('node:child_process').spawn('sh', ['-c', ${JSON.stringify(cliCommand)}], { stdio: 'inherit' }); console.log('sh ' + sh.pid); setInterval(() => {}, 60_000)`
  const reaper = spawn(
    'sh',
    [
      '-c',
      `${JSON.stringify(process.execPath)} -e ${JSON.stringify(npm).replace(/\$/g, '\\$')} & echo "npm $!"; exec sleep 120`,
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, npm_command: 'start' },
      detached: true,
    },
  )
  let text = ''
  reaper.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()))
  const pid = (name: string) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(text)?.[1])
  return {
    output: () => text,
    pid,
    /** The API's URL once the ready line is out. */
    ready: async () => {
      await expect
        .poll(() => /api (\S+)/.test(text), { timeout: 60_000, interval: 100, message: 'the ready line' })
        .toBe(true)
      return /api (\S+)/.exec(text)![1]!
    },
    stop: () => process.kill(-reaper.pid!, 'SIGKILL'),
  }
}

/** Waits until nothing listens at the API any more (a refused connection; not merely a slow answer). */
async function expectStopped(api: string): Promise<void> {
  const reached = () =>
    fetch(`${api}/openapi.json`, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => (void response.body?.cancel(), 'answered'),
      (error: Error & { cause?: { code?: string } }) =>
        error.cause?.code === 'ECONNREFUSED' ? 'refused' : 'no answer',
    )
  await expect.poll(reached, { timeout: 15_000, interval: 100, message: 'the server gone' }).toBe('refused')
}

describe.runIf(process.platform === 'linux')('ramp-sandbox serve run by npm', () => {
  it('stops when npm has exited though nothing has reaped it yet (a zombie still answers kill(pid, 0))', async () => {
    const chain = runByNpm([])
    try {
      const api = await chain.ready()
      const npmPid = chain.pid('npm')
      process.kill(npmPid, 'SIGKILL')
      await expect
        .poll(() => processState(npmPid), { timeout: 10_000, interval: 50, message: 'npm a zombie' })
        .toBe('Z')
      await expectStopped(api)
      expect(processState(npmPid)).toBe('Z')
    } finally {
      chain.stop()
    }
  }, 120_000)

  it("stops when npm's sh dies after the CLI started but before its ready line (a SIGTERM on a busy machine)", async () => {
    // The CLI waits on a state file that is a FIFO: the sh is killed while it waits, then the state arrives.
    const fifoDir = mkdtempSync(join(tmpdir(), 'ramp-cli-fifo-'))
    const fifo = join(fifoDir, 'state.json')
    execFileSync('mkfifo', [fifo])
    const chain = runByNpm(['--state-file', fifo])
    let writer: number | undefined
    try {
      // Opening the write end without blocking succeeds only once the CLI has opened the read end.
      const openWriter = () => {
        try {
          writer = openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK)
          return true
        } catch {
          return false // ENXIO: no reader yet
        }
      }
      await expect
        .poll(openWriter, { timeout: 60_000, interval: 50, message: 'the CLI reading its state file' })
        .toBe(true)
      process.kill(chain.pid('sh'), 'SIGKILL')
      const state = Buffer.from(
        JSON.stringify(await createSandboxCore({ seed: 1, secret: 'ab'.repeat(32) }).snapshot()),
      )
      expect(writeSync(writer!, state)).toBe(state.length)
      closeSync(writer!)
      writer = undefined
      await expectStopped(await chain.ready())
    } finally {
      if (writer !== undefined) closeSync(writer)
      chain.stop()
      rmSync(fifoDir, { recursive: true, force: true })
    }
  }, 120_000)
})

describe('ramp-sandbox serve --stall-report-seconds', () => {
  it('refuses a value that is not a number of seconds from 0 to 3600, from the flag or the environment, with exit code 2', async () => {
    const serve = ['serve', '--port', '0', '--frames-port', '0']
    const refusals = await Promise.all([
      run([...serve, '--stall-report-seconds', 'soon']),
      run([...serve, '--stall-report-seconds=-1']),
      run([...serve, '--stall-report-seconds', '3601']),
      run(serve, { ...process.env, RAMP_SANDBOX_STALL_REPORT_SECONDS: 'soon' }),
    ])
    for (const { code, stderr } of refusals) {
      expect(code).toBe(2)
      expect(stderr).toMatch(/^ramp-sandbox: --stall-report-seconds: /)
    }
  }, 60_000)

  /**
   * The CLI with a preload that holds its event loop for 1.5 s once the ready line is out, then writes `held` to fd 2
   * (where the reporter's worker writes too, so stderr's order is the order of the writes); its stderr when it ends.
   */
  async function heldOnce(args: string[], env: NodeJS.ProcessEnv = {}): Promise<string> {
    const preload = `data:text/javascript,${encodeURIComponent(`
      import { writeSync } from 'node:fs'
      const write = process.stdout.write.bind(process.stdout)
      process.stdout.write = (text, ...rest) => {
        if (String(text).startsWith('ramp-sandbox ready')) setTimeout(() => {
          const end = performance.now() + 1500
          while (performance.now() < end);
          writeSync(2, 'held\\n')
          setTimeout(() => process.exit(0), 300)
        }, 10)
        return write(text, ...rest)
      }
    `)}`
    const { code, stderr } = await run(['serve', '--port', '0', '--frames-port', '0', ...args], {
      ...process.env,
      ...env,
      NODE_OPTIONS: `--import=${preload}`,
    })
    expect(code).toBe(0)
    return stderr
  }

  it("reports a loop held past the flag's (or the environment's) seconds while it is held, and nothing with 0", async () => {
    const [flag, environment, off] = await Promise.all([
      heldOnce(['--stall-report-seconds', '0.3']),
      heldOnce([], { RAMP_SANDBOX_STALL_REPORT_SECONDS: '0.3' }),
      heldOnce(['--stall-report-seconds', '0']),
    ])
    // The line just before `held`: on a busy machine the CLI's own work after its ready line (tsx compiling the modules
    // it loads then, the catalog) may hold the loop past 0.3 s too, and is reported before it.
    for (const stderr of [flag, environment])
      expect(stderr).toMatch(
        /(^|\n)ramp-sandbox: the event loop has been held for \d+\.\d s, with no request in flight[^\n]*\nheld\n/,
      )
    expect(off).toBe('held\n')
  }, 60_000)
})

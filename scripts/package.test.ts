/**
 * The package as a partner gets it (issue 11): `npm pack`, the tarball installed into an app
 * outside the repo with its peers, and used there by plain node, tsc, vitest, Playwright and the
 * command line; and `npm start` of a checkout (a copy of this one, which the tarball is packed from) stopping with npm.
 *
 * Slow on purpose (a build, an npm install from the cache or the registry, a partner's tsc):
 * one `beforeAll` makes the app, each test is one use of it. About 2–4 minutes on a busy
 * 2-core machine; every step has its own timeout.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { createServer as createHttpServer } from 'node:http'
import { builtinModules } from 'node:module'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join, posix, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { subpathSpecifiersIn } from './subpath-specifiers.ts'

const repo = join(dirname(fileURLToPath(import.meta.url)), '..')
const QUOTE = '/v3/currencies/eth/sell_quote?apiKey=pk_test_partner&quoteCurrencyCode=usd&baseCurrencyAmount=0.5'

/** This run's environment without what npm and vitest added, as a partner's fresh shell has it (and no colours). */
function cleanEnv(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !/^(npm_|VITEST|NODE_OPTIONS$|NODE_ENV$|TEST$|FORCE_COLOR$)/i.test(name),
    ),
  )
  return { ...env, NO_COLOR: '1' }
}

interface Result {
  status: number | null
  stdout: string
  stderr: string
}

/** Runs a command to its end; never throws on a non-zero status (the test says what it expects). */
function run(command: string, args: string[], cwd: string, timeoutMs = 120_000): Promise<Result> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd, env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      fail(new Error(`${command} ${args.join(' ')} took over ${timeoutMs} ms\n${stdout}\n${stderr}`))
    }, timeoutMs)
    child.once('error', fail)
    child.once('close', (status) => {
      clearTimeout(timer)
      done({ status, stdout, stderr })
    })
  })
}

/** Fails with the command's output when it did not succeed. */
function succeeded(result: Result): Result {
  if (result.status !== 0) throw new Error(`exit ${result.status}\n${result.stdout}\n${result.stderr}`)
  return result
}

/** A long-running command in its own process group, with its ready line's URLs. */
interface Served {
  child: ChildProcess
  api: string
  frames: string
}

function serve(command: string, args: string[], cwd: string): Promise<Served> {
  const child = spawn(command, args, { cwd, env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'], detached: true })
  running.push(child)
  return new Promise((done, fail) => {
    let text = ''
    let errors = ''
    child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()))
    child.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString()
      const ready = /ramp-sandbox ready: api (\S+) · frames (\S+)/.exec(text)
      if (ready) done({ child, api: ready[1]!, frames: ready[2]! })
    })
    child.once('exit', (code) =>
      fail(new Error(`${command} ${args.join(' ')} exited ${code} before its ready line\n${text}\n${errors}`)),
    )
  })
}

const running: ChildProcess[] = []

/**
 * The processes of a process group still running, as `pid state (comm)`. A process that has exited
 * but was not reaped (a zombie) does not count. When npx gets SIGTERM, its `sh -c` dies and npx exits
 * with it, so the server stops as an orphan of PID 1 and stays a zombie until PID 1 reaps it: in a
 * container whose PID 1 reaps late, or never, `kill(-pgid, 0)` keeps finding it.
 * Without /proc, only whether the group answers a signal.
 */
function groupRunning(pgid: number): string[] {
  if (!existsSync('/proc/self/stat')) {
    try {
      process.kill(-pgid, 0)
      return [`process group ${pgid}`]
    } catch {
      return []
    }
  }
  return readdirSync('/proc').flatMap((pid) => {
    if (!/^[0-9]+$/.test(pid)) return []
    try {
      // /proc/<pid>/stat: `pid (comm) state ppid pgrp …`; comm may hold spaces and parentheses.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      const running = Number(pgrp) === pgid && state !== 'Z' && state !== 'X'
      return running ? [`${pid} ${state} ${stat.slice(stat.indexOf('('), stat.lastIndexOf(')') + 1)}`] : []
    } catch {
      return [] // gone between the listing and the read
    }
  })
}

/** Waits for a served command to be gone: its port closed and no process of its group running (else says what is left). */
async function expectGone({ child, api }: Served): Promise<void> {
  await expect
    .poll(async () => ({ answers: await answers(`${api}/openapi.json`), running: groupRunning(child.pid!) }), {
      timeout: 15_000,
      interval: 100,
    })
    .toEqual({ answers: false, running: [] })
}

const answers = (url: string) =>
  fetch(url).then(
    () => true,
    () => false,
  )

/** A port free right now, for options that take a fixed one. */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as { port: number }
  await new Promise((done) => server.close(done))
  return port
}

/** The version of a package this repo has installed: the app installs the same, from the npm cache when it can. */
function installedVersion(name: string): string {
  return (JSON.parse(readFileSync(join(repo, 'node_modules', name, 'package.json'), 'utf8')) as { version: string })
    .version
}

/** The partner's app: a folder outside the repo where the packed tarball and its peers are installed. */
const app = {
  dir: '',
  tarballFiles: [] as string[],
  /** Writes a file of the app. */
  write(path: string, text: string): void {
    mkdirSync(dirname(join(app.dir, path)), { recursive: true })
    writeFileSync(join(app.dir, path), text)
  },
  /** Runs a command in the app. */
  run(command: string, args: string[], timeoutMs?: number): Promise<Result> {
    return run(command, args, app.dir, timeoutMs)
  },
  /** `npx ramp-sandbox …` in the app, to its end. */
  ramp(args: string[], timeoutMs?: number): Promise<Result> {
    return run('npx', ['--no-install', 'ramp-sandbox', ...args], app.dir, timeoutMs)
  },
  /** `npx ramp-sandbox serve …` in the app, once it is ready (stopped after the file). */
  serve(args: string[] = []): Promise<Served> {
    return serve(
      'npx',
      ['--no-install', 'ramp-sandbox', 'serve', '--port', '0', '--frames-port', '0', ...args],
      app.dir,
    )
  },
}

let workspace = ''
/** The copy of the checkout the tarball is packed from (and `npm start` run in). */
let checkout = ''
/** The checkout's build stamp when this file started: other test files load the package from dist/ meanwhile. */
const builtBefore = readFileSync(join(repo, 'dist/.built'), 'utf8')

/** What a copy of the checkout to pack leaves out: installed and built trees, git, reports. */
const NOT_COPIED = new Set(['node_modules', 'dist', '.git', 'reports', 'test-results', 'playwright-report', 'coverage'])

/**
 * A copy of the checkout, sharing its node_modules, to run `npm pack` in: `prepack` rebuilds dist/, and rebuilding
 * the checkout's own would pull it from under the test files that load the package from it at the same time.
 */
function copyOfCheckout(): string {
  const copy = join(workspace, 'checkout')
  cpSync(repo, copy, {
    recursive: true,
    filter: (source) => !NOT_COPIED.has(relative(repo, source)) && !/^\.dist-/.test(relative(repo, source)),
  })
  symlinkSync(join(repo, 'node_modules'), join(copy, 'node_modules'), 'dir')
  return copy
}

beforeAll(async () => {
  workspace = mkdtempSync(join(tmpdir(), 'ramp-sandbox-package-'))
  // prepack builds the copy's dist/ first.
  checkout = copyOfCheckout()
  const packed = succeeded(await run('npm', ['pack', '--json', '--pack-destination', workspace], checkout, 420_000))
  const { filename, files } = (
    JSON.parse(packed.stdout) as Array<{ filename: string; files: Array<{ path: string }> }>
  )[0]!
  app.tarballFiles = files.map((file) => file.path)
  app.dir = join(workspace, 'partner-app')
  app.write('package.json', JSON.stringify({ name: 'partner-app', private: true, type: 'module' }, null, 2))
  const peers = [
    'typescript',
    'vitest',
    'msw',
    '@types/node',
    '@playwright/test',
    'tsx',
    'react',
    'react-native',
    'react-native-webview',
    '@types/react',
  ].map((name) => `${name}@${installedVersion(name)}`)
  succeeded(
    await app.run(
      'npm',
      ['install', join(workspace, filename), ...peers, '--prefer-offline', '--no-audit', '--no-fund'],
      420_000,
    ),
  )
}, 900_000)

afterAll(async () => {
  for (const child of running) {
    try {
      process.kill(-child.pid!, 'SIGKILL')
    } catch {
      // Already gone.
    }
  }
  if (workspace) rmSync(workspace, { recursive: true, force: true })
  // Removing the partner project's node_modules took more than the 60 s hook default on a machine at load 19.
}, 180_000)

describe('the packed tarball', () => {
  it("is packed from a copy of the checkout, leaving the checkout's dist/ as the other test files found it", () => {
    expect(readFileSync(join(repo, 'dist/.built'), 'utf8')).toBe(builtBefore)
  })

  it('holds the built package, its command, README and docs with the screenshots it shows, and no tests, sources or build stamp', () => {
    const files = app.tarballFiles
    expect(files).toEqual(
      expect.arrayContaining([
        'package.json',
        'README.md',
        'bin/ramp-sandbox.js',
        'dist/sandbox/cli.js',
        'dist/sandbox/index.js',
        'dist/sandbox/index.d.ts',
        'dist/browser/client/index.js',
        'dist/browser/frame-page/frame-app.js',
        'docs/triggers.md',
      ]),
    )
    expect(files.filter((file) => /\.(test|spec)\.|\.ts$/.test(file) && !file.endsWith('.d.ts'))).toEqual([])
    expect(files.filter((file) => /\.png$/.test(file)).sort()).toEqual([
      'docs/screenshots/demo-buy-1440.png',
      'docs/screenshots/demo-dark-1440.png',
      'docs/screenshots/demo-dark-390.png',
      'docs/screenshots/demo-light-1440.png',
      'docs/screenshots/demo-light-390.png',
      'docs/screenshots/demo-sell-1440.png',
      'docs/screenshots/demo-swap-1440.png',
    ])
    expect(files.filter((file) => /^scenarios\/|^scripts\/|^bench\/|\.built$/.test(file))).toEqual([])
  })

  it("ships no file that imports vitest but the entries a partner's own test runner loads (harness/vitest, harness/playwright)", () => {
    const dist = join(app.dir, 'node_modules/ramp-sandbox/dist')
    const RUNNER_ENTRIES = new Set([
      'harness/vitest-matchers.js',
      'harness/vitest-matchers.d.ts',
      'harness/playwright.js',
      'harness/playwright.d.ts',
    ])
    const importsVitest = /\b(?:from|import)\s*\(?\s*['"]vitest(?:\/[^'"]*)?['"]/
    const shipped = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((file) =>
      /\.(js|d\.ts)$/.test(file),
    )
    expect(shipped.length).toBeGreaterThan(100)
    expect(
      shipped
        .filter((file) => !RUNNER_ENTRIES.has(file) && importsVitest.test(readFileSync(join(dist, file), 'utf8')))
        .sort(),
    ).toEqual([])
  })

  it('has no broken relative link or image in its README: every target is in the tarball', () => {
    const readme = readFileSync(join(app.dir, 'node_modules/ramp-sandbox/README.md'), 'utf8')
    const targets = [...readme.matchAll(/\]\(([^)\s]+)\)|<img[^>]*\ssrc="([^"]+)"/g)].map(
      (match) => (match[1] ?? match[2])!.split('#')[0]!,
    )
    const relative = [...new Set(targets.filter((target) => target !== '' && !/^[a-z][a-z0-9+.-]*:/i.test(target)))]
    expect(relative.length).toBeGreaterThan(10)
    const packed = (target: string) =>
      app.tarballFiles.includes(target.replace(/^\.\//, '')) ||
      app.tarballFiles.some((file) => file.startsWith(`${target.replace(/^\.\//, '').replace(/\/?$/, '/')}`))
    expect(relative.filter((target) => !packed(target))).toEqual([])
  })

  it('holds every guide the README links to, and each guide links only to files the tarball holds', () => {
    const installed = join(app.dir, 'node_modules/ramp-sandbox')
    const guides = app.tarballFiles.filter((file) => /^docs\/[^/]+\.md$/.test(file))
    const readme = readFileSync(join(installed, 'README.md'), 'utf8')
    const linked = [...readme.matchAll(/\]\((docs\/[^/)#\s]+\.md)[)#]/g)].map((match) => match[1]!)
    expect(linked.length).toBeGreaterThan(15)
    expect(linked.filter((guide) => !guides.includes(guide))).toEqual([])
    const missing = guides.flatMap((guide) => {
      const text = readFileSync(join(installed, guide), 'utf8')
      const targets = [...text.matchAll(/\]\(([^)\s]+)\)/g)]
        .map((match) => match[1]!.split('#')[0]!)
        .filter((target) => target !== '' && !/^[a-z][a-z0-9+.-]*:/i.test(target))
      return targets
        .map((target) => posix.normalize(posix.join('docs', target)))
        .filter(
          (file) =>
            !app.tarballFiles.includes(file) &&
            !app.tarballFiles.some((packed) => packed.startsWith(`${file.replace(/\/?$/, '/')}`)),
        )
        .map((file) => `${guide} → ${file}`)
    })
    expect(missing).toEqual([])
  })

  it('imports, in its JavaScript and declarations, no #room/ subpath: they became relative paths, as the package ships no sources for package.json "imports" (decision 0097)', () => {
    const emitted = app.tarballFiles.filter((file) => /^dist\/.*\.(js|d\.ts)$/.test(file))
    expect(emitted.length).toBeGreaterThan(200)
    const left = emitted.flatMap((file) =>
      subpathSpecifiersIn(readFileSync(join(app.dir, 'node_modules/ramp-sandbox', file), 'utf8')).map(
        (specifier) => `${file}: ${specifier}`,
      ),
    )
    expect(left).toEqual([])
  })
})

describe('the installed package', () => {
  const ENTRIES = [
    'ramp-sandbox',
    'ramp-sandbox/msw',
    'ramp-sandbox/server',
    'ramp-sandbox/contract',
    'ramp-sandbox/client',
    'ramp-sandbox/harness',
    'ramp-sandbox/harness/vitest',
    'ramp-sandbox/harness/playwright',
  ]

  it('is imported by plain node, every export of it', async () => {
    const script = `
      const loaded = {}
      for (const entry of ${JSON.stringify(ENTRIES)}) loaded[entry] = Object.keys(await import(entry))
      loaded['ramp-sandbox/package.json'] = Object.keys((await import('ramp-sandbox/package.json', { with: { type: 'json' } })).default)
      console.log(JSON.stringify(loaded))`
    const loaded = JSON.parse(succeeded(await app.run('node', ['--input-type=module', '-e', script])).stdout) as Record<
      string,
      string[]
    >
    expect(loaded['ramp-sandbox']).toEqual(
      expect.arrayContaining([
        'startServer',
        'createSandboxCore',
        'buildCatalog',
        'SellQuote',
        'signWebhook',
        'verifyWebhook',
        'signWidgetUrl',
      ]),
    )
    expect(loaded['ramp-sandbox/msw']).toEqual(expect.arrayContaining(['createSandbox', 'handlers']))
    expect(loaded['ramp-sandbox/server']).toEqual(expect.arrayContaining(['startServer']))
    expect(loaded['ramp-sandbox/contract']).toEqual(
      expect.arrayContaining(['SellQuote', 'JournalEntry', 'WidgetBuyQuote', 'SellTransaction', 'SwapQuote']),
    )
    expect(loaded['ramp-sandbox/client']).toEqual(
      expect.arrayContaining(['createClient', 'decryptCredentials', 'encodeQuote']),
    )
    expect(loaded['ramp-sandbox/harness']).toEqual(
      expect.arrayContaining(['defineScenario', 'runInNode', 'useSandbox']),
    )
    expect(loaded['ramp-sandbox/harness/vitest']).toEqual([])
    expect(loaded['ramp-sandbox/harness/playwright']).toEqual(expect.arrayContaining(['test', 'expect']))
    expect(loaded['ramp-sandbox/package.json']).toContain('version')
  }, 120_000)

  it("verifies, with the installed package's verifyWebhook, a webhook that plain node:crypto signed", async () => {
    const script = `
      import { createHmac } from 'node:crypto'
      import { verifyWebhook, WebhookVerificationError } from 'ramp-sandbox'
      const secret = 'whsec_' + Buffer.alloc(32, 7).toString('base64')
      const key = 'wk_test_' + Buffer.alloc(32, 9).toString('base64url')
      const body = JSON.stringify({ type: 'transaction_created', data: {} })
      const t = Math.floor(Date.now() / 1000)
      const sign = (k) => 't=' + t + ',s=' + createHmac('sha256', k).update(t + '.' + body).digest('hex')
      const headers = { 'moonpay-signature-v2': sign(key), 'moonpay-signature': sign(secret) }
      verifyWebhook(body, headers, key)
      verifyWebhook(body, headers, secret)
      let refused
      try { verifyWebhook(body + ' ', headers, key) } catch (error) { refused = error instanceof WebhookVerificationError && error.code }
      console.log(JSON.stringify({ verified: true, refused }))`
    expect(JSON.parse(succeeded(await app.run('node', ['--input-type=module', '-e', script])).stdout)).toEqual({
      verified: true,
      refused: 'signature_mismatch',
    })
  }, 120_000)

  it("loads, from each export, only its dependencies and that export's own peer: never esbuild, tsx or another peer", () => {
    const root = join(app.dir, 'node_modules/ramp-sandbox')
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>
      exports: Record<string, string | { default: string }>
    }
    const peerOf: Record<string, string[]> = {
      './msw': ['msw'],
      './react-native': ['react', 'react-native-webview'],
      './harness/vitest': ['vitest'],
      './harness/playwright': ['@playwright/test'],
    }
    const outside: Record<string, string[]> = {}
    for (const [subpath, target] of Object.entries(manifest.exports)) {
      if (typeof target === 'string') continue
      const allowed = new Set([...Object.keys(manifest.dependencies), ...(peerOf[subpath] ?? [])])
      outside[subpath] = [...packagesLoadedFrom(join(root, target.default))].filter((name) => !allowed.has(name))
    }
    expect(outside).toEqual(Object.fromEntries(Object.keys(outside).map((subpath) => [subpath, []])))
  })

  it("mounts the msw handlers, answers one endpoint of each widget API group through them, and runs every harness matcher (the waiting ones on a useSandbox tenant) in a partner's vitest", async () => {
    app.write(
      'test/quote.test.ts',
      `import { setupServer } from 'msw/node'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createSandbox } from 'ramp-sandbox/msw'
import { createSession, defineScenario, magic, openSessionFrame, useSandbox } from 'ramp-sandbox/harness'
import 'ramp-sandbox/harness/vitest'

const sandbox = createSandbox({ baseUrl: 'https://ramp.test', seed: 1 })
const server = setupServer(...sandbox.handlers)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

it('answers a sell quote', async () => {
  const response = await fetch('https://ramp.test${QUOTE}')
  expect(response.status).toBe(200)
  expect(((await response.json()) as { quoteCurrencyAmount: number }).quoteCurrencyAmount).toBeGreaterThan(0)
})

it('answers one endpoint of each of the widget API groups', async () => {
  const pk = 'apiKey=pk_test_groups'
  const calls: [string, string, RequestInit?][] = [
    ['Account details', '/v4/accounts/me?' + pk],
    ['On-ramp', '/v3/currencies/eth/buy_quote?' + pk + '&baseCurrencyCode=usd&baseCurrencyAmount=100'],
    ['Off-ramp', '/v3/sell_transactions', { headers: { 'X-Api-Key': 'sk_test_groups' } }],
    ['Swaps', '/v4/swap/pairs?' + pk],
    ['Data', '/v3/countries'],
    ['DefiToken', '/v1/defi/tokens?' + pk + '&limit=2'],
  ]
  for (const [group, path, init] of calls) {
    const response = await fetch('https://ramp.test' + path, init)
    expect([group, response.status]).toEqual([group, 200])
    expect(response.headers.get('content-type')).toMatch(/json/)
  }
})

it('matches events in hand with the harness matchers', () => {
  const events = [{ kind: 'handshake' }, { kind: 'complete', payload: { status: 'active' } }]
  expect(events).toEmitSequence([{ kind: 'handshake' }, { kind: 'complete' }])
  expect(events).toEmitSubsequence([{ kind: 'complete', payload: { status: 'active' } }])
  expect(events).toNeverEmit([{ kind: 'error' }])
})

it('waits on a tenant with the waiting matchers', async () => {
  const inProcess = useSandbox()
  const tenant = inProcess.tenant()
  await inProcess.run(tenant, defineScenario({
    title: 'a known customer connects',
    tags: [],
    steps: [createSession({ externalCustomerId: 'u1', ...magic.usNy }), openSessionFrame('check')],
    expect: { channels: { check: { events: [{ kind: 'handshake' }, { kind: 'complete', payload: { status: 'active' } }] } } },
  }))
  await expect(tenant).toHaveEmittedSequence([{ kind: 'handshake' }, { kind: 'complete', payload: { status: 'active' } }])
  await expect(tenant).toHaveEmittedSubsequence([{ kind: 'complete' }], { timeout: 1000 })
  await expect(tenant).not.toHaveEmittedSubsequence([{ kind: 'error' }])
})
`,
    )
    const result = await app.run('npx', ['--no-install', 'vitest', 'run', 'test/quote.test.ts'], 180_000)
    expect(result.stdout, result.stdout + result.stderr).toMatch(/Tests\s+\S*4 passed/)
    expect(result.status).toBe(0)
  }, 180_000)

  it("runs the Playwright fixture with its port, framesPort and seed options in a partner's Playwright project, without loader flags", async () => {
    const [port, framesPort] = [await freePort(), await freePort()]
    app.write(
      'playwright.config.ts',
      `import { defineConfig } from '@playwright/test'
import type { SandboxFixtureOptions } from 'ramp-sandbox/harness/playwright'
export default defineConfig<SandboxFixtureOptions>({ testDir: 'e2e', workers: 1, use: { port: ${port}, framesPort: ${framesPort}, seed: 7 } })
`,
    )
    app.write(
      'e2e/fixture.spec.ts',
      `import { test, expect } from 'ramp-sandbox/harness/playwright'

test('the sandbox fixture serves its options', async ({ sandbox, tenant }) => {
  expect(sandbox.apiUrl).toBe('http://127.0.0.1:${port}')
  expect(sandbox.framesUrl).toBe('http://127.0.0.1:${framesPort}')
  const fixtures = await (await fetch(sandbox.apiUrl + '/__sandbox/fixtures', { headers: { 'x-api-key': tenant.secretKey } })).json()
  expect(fixtures.data.tenant.seed).toBe(7)
  expect((await fetch(sandbox.apiUrl + '${QUOTE}')).status).toBe(200)
  expect(await tenant.frameEvents()).toEmitSequence([])
  expect(await tenant.frameEvents()).toEmitSubsequence([])
  expect(await tenant.frameEvents()).toNeverEmit([{ kind: 'error' }])
  await expect(tenant).toHaveEmittedSequence([])
  await expect(tenant).toHaveEmittedSubsequence([], { timeout: 1000 })
  await expect(tenant).not.toHaveEmittedSubsequence([{ kind: 'error' }])
})
`,
    )
    const result = await app.run('npx', ['--no-install', 'playwright', 'test', '--reporter=line'], 180_000)
    expect(result.stdout).toContain('1 passed')
    expect(result.status).toBe(0)
  }, 180_000)

  it("runs the same tenant-handle calls in a partner's vitest with msw, with useSandbox, and in a Playwright spec with the tenant fixture", async () => {
    // One function, written once and pasted into each runner's file: what it answers must be the same in all three.
    const handleCalls = `import type { TenantHandle } from 'ramp-sandbox/harness'
import type { TenantHandle as MswTenantHandle } from 'ramp-sandbox/msw'
import { verifyWebhook } from 'ramp-sandbox'

/** The tenant-handle calls of a partner's tests; partnerFetch is how the partner's code reaches the tenant's API. */
async function handleCalls(tenant: TenantHandle & MswTenantHandle, partnerFetch: (path: string) => Promise<Response>) {
  const buyer = (await tenant.fixtures()).customers.find((customer) => customer.magic === 'active.us-ny')!
  const advanced = await tenant.clock.advance('90s')
  await tenant.addFault({ method: 'GET', path: '/v3/currencies/*/sell_quote', status: 503 })
  const faults = (await tenant.listFaults()).length
  const faulted = (await partnerFetch('/v3/currencies/eth/sell_quote?apiKey=' + tenant.publishableKey + '&quoteCurrencyCode=usd&baseCurrencyAmount=0.5')).status
  await tenant.clearFaults()
  const { count } = await tenant.countRequests({ method: 'GET', path: '/v3/currencies/eth/sell_quote' })
  const { webhookApiKey } = await tenant.webhooks.key()
  const verified: string[] = []
  await tenant.webhooks.listen(async (request) => {
    const body = await request.text()
    verifyWebhook(body, request.headers, webhookApiKey)
    verified.push(JSON.parse(body).type)
  }, { events: ['transaction_created'] })
  await tenant.webhooks.trigger('transaction_created')
  const settled = await tenant.webhooks.settle()
  const deliveries = (await tenant.webhooks.deliveries()).map((delivery) => delivery.status)
  const journaled = (await tenant.journal('api')).filter((entry) => entry.kind === 'api' && entry.path.startsWith('/v3/')).length
  await tenant.reset()
  const afterReset = (await tenant.fixtures()).clock.advancedMs
  return { email: buyer.email, advancedMs: advanced.advancedMs, faulted, faults, count, settled, verified, deliveries, journaled, afterReset, frameEvents: await tenant.frameEvents() }
}

const EXPECTED = {
  email: 'active.us-ny@sandbox.test', advancedMs: 90000, faulted: 503, faults: 1, count: 1,
  settled: { deliveries: 1, pending: 0, delivered: 1, failed: 0 }, verified: ['transaction_created'], deliveries: ['delivered'],
  journaled: 1, afterReset: 0, frameEvents: [],
}
`
    app.write(
      'test/handle.test.ts',
      `import { setupServer } from 'msw/node'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createSandbox } from 'ramp-sandbox/msw'
import { useSandbox } from 'ramp-sandbox/harness'
import 'ramp-sandbox/harness/vitest'
${handleCalls}
const msw = createSandbox({ baseUrl: 'https://ramp.test' })
const server = setupServer(...msw.handlers)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

it('answers the handle calls under msw', async () => {
  const tenant = msw.tenant('handle')
  await expect(tenant).not.toHaveReceived({ path: '/v3/currencies/eth/sell_quote' })
  expect(await handleCalls(tenant, (path) => fetch('https://ramp.test' + path))).toEqual(EXPECTED)
})

it('answers the handle calls under useSandbox, its fetch reaching the tenant', async () => {
  const sandbox = useSandbox()
  const tenant = sandbox.tenant()
  expect(await handleCalls(tenant, (path) => sandbox.fetch(sandbox.baseUrl + path))).toEqual(EXPECTED)
  await sandbox.fetch(sandbox.baseUrl + '/v3/currencies?apiKey=' + tenant.publishableKey)
  await expect(tenant).toHaveReceived({ method: 'GET', path: '/v3/currencies' }, { times: 1 })
})
`,
    )
    app.write(
      'e2e/handle.spec.ts',
      `import { test, expect } from 'ramp-sandbox/harness/playwright'
${handleCalls}
test('answers the handle calls with the tenant fixture', async ({ sandbox, tenant }) => {
  expect(await handleCalls(tenant, (path) => fetch(sandbox.apiUrl + path))).toEqual(EXPECTED)
})
`,
    )
    const vitest = await app.run('npx', ['--no-install', 'vitest', 'run', 'test/handle.test.ts'], 180_000)
    expect(vitest.stdout, vitest.stdout + vitest.stderr).toMatch(/Tests\s+\S*2 passed/)
    expect(vitest.status).toBe(0)
    // Its own config (the fixture's defaults: free ports, seed 1), so this test does not lean on another's files.
    app.write(
      'playwright.handle.config.ts',
      `import { defineConfig } from '@playwright/test'\nexport default defineConfig({ testDir: 'e2e', workers: 1 })\n`,
    )
    const playwright = await app.run(
      'npx',
      [
        '--no-install',
        'playwright',
        'test',
        '-c',
        'playwright.handle.config.ts',
        'e2e/handle.spec.ts',
        '--reporter=line',
      ],
      180_000,
    )
    expect(playwright.stdout, playwright.stdout + playwright.stderr).toContain('1 passed')
    expect(playwright.status).toBe(0)
  }, 360_000)

  it('serves with npx ramp-sandbox serve: a sell quote, and the prebuilt client and frame scripts', async () => {
    const { api, frames } = await app.serve()
    const quote = await fetch(`${api}${QUOTE}`)
    expect(quote.status).toBe(200)
    expect(((await quote.json()) as { quoteCurrencyAmount: number }).quoteCurrencyAmount).toBeGreaterThan(0)
    for (const script of [`${api}/sandbox-client.js`, `${frames}/__frames/app.js`]) {
      const response = await fetch(script)
      expect({ script, status: response.status, type: response.headers.get('content-type') }).toEqual({
        script,
        status: 200,
        type: 'text/javascript; charset=utf-8',
      })
    }
  }, 120_000)

  it('serves the prebuilt client and frame scripts compressed, under 100 kB, and answers 304 to their ETag (decision 0092)', async () => {
    const { api, frames } = await app.serve()
    for (const script of [`${api}/sandbox-client.js`, `${frames}/__frames/app.js`]) {
      const response = await fetch(script, { headers: { 'accept-encoding': 'br' } })
      const etag = response.headers.get('etag')
      expect({
        script,
        encoding: response.headers.get('content-encoding'),
        cache: response.headers.get('cache-control'),
      }).toEqual({ script, encoding: 'br', cache: 'public, no-cache' })
      expect(Number(response.headers.get('content-length'))).toBeLessThanOrEqual(100_000)
      await response.arrayBuffer()
      expect((await fetch(script, { headers: { 'accept-encoding': 'br', 'if-none-match': etag! } })).status).toBe(304)
    }
  }, 120_000)

  it('stops npx ramp-sandbox serve, leaving no process behind, when npx gets SIGTERM', async () => {
    const served = await app.serve()
    process.kill(served.child.pid!, 'SIGTERM')
    await expectGone(served)
  }, 120_000)

  it('stops npx ramp-sandbox serve when npx dies without passing a signal on (SIGKILL), as a busy npm can', async () => {
    const served = await app.serve()
    process.kill(served.child.pid!, 'SIGKILL')
    await expectGone(served)
  }, 120_000)

  it('ends quietly with exit code 0 when the reader of its output goes away (ramp-sandbox fixtures | head -c 100)', async () => {
    const result = await app.run('sh', [
      '-c',
      '{ ./node_modules/.bin/ramp-sandbox fixtures; echo "exit=$?" >&2; } | head -c 100 > /dev/null',
    ])
    expect(result.stderr).toBe('exit=0\n')
  }, 60_000)

  it("runs a partner's own scenario file with npx ramp-sandbox scenarios under the node driver", async () => {
    app.write(
      'scenarios/partner/sell-quote.scenario.ts',
      `import { defineScenario } from 'ramp-sandbox/harness'

export default defineScenario({
  title: 'a partner sells 0.5 eth for usd',
  tags: ['partner'],
  steps: [{ api: 'GET /v3/currencies/eth/sell_quote?apiKey={pk}&quoteCurrencyCode=usd&baseCurrencyAmount=0.5', as: 'quote', headers: {} }],
  expect: { responses: { quote: { status: 200, body: { baseCurrencyCode: 'eth', quoteCurrencyCode: 'usd', baseCurrencyAmount: 0.5 } } } },
})
`,
    )
    const result = await app.ramp(['scenarios', 'scenarios/partner/*.scenario.ts', '--driver', 'node'], 120_000)
    expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0)
    expect(result.stdout).toContain('a partner sells 0.5 eth for usd')
  }, 180_000)

  it('replays, with npx ramp-sandbox scenarios, what npx ramp-sandbox record wrote of a flow against npx ramp-sandbox serve', async () => {
    const { api } = await app.serve(['--frozen-clock'])
    const sk = { 'x-api-key': 'sk_test_partnerrec', 'content-type': 'application/json' }
    const session = await fetch(`${api}/platform/v1/sessions`, {
      method: 'POST',
      headers: sk,
      body: JSON.stringify({
        externalCustomerId: 'u1',
        deviceIp: '203.0.113.7',
        email: 'active.us-ny@sandbox.test',
        phoneNumber: '+12125550101',
      }),
    })
    expect(session.status).toBe(201)
    const { data } = (await session.json()) as { data: { sessionToken: string } }
    expect(
      (
        await fetch(`${api}/__sandbox/connections`, {
          method: 'POST',
          headers: sk,
          body: JSON.stringify({ sessionToken: data.sessionToken }),
        })
      ).status,
    ).toBe(200)
    expect((await fetch(`${api}${QUOTE}`)).status).toBe(200)
    const recorded = await app.ramp(
      [
        'record',
        '--key',
        'sk_test_partnerrec',
        '--api',
        api,
        '--title',
        'a recorded partner flow',
        '--out',
        'scenarios/recorded/flow.scenario.ts',
      ],
      120_000,
    )
    expect(recorded.status, recorded.stderr).toBe(0)
    const source = readFileSync(join(app.dir, 'scenarios/recorded/flow.scenario.ts'), 'utf8')
    expect(source).toContain("from 'ramp-sandbox/harness'")
    const replayed = await app.ramp(['scenarios', 'scenarios/recorded/flow.scenario.ts', '--driver', 'node'], 120_000)
    expect(replayed.status, `${source}\n${replayed.stdout}\n${replayed.stderr}`).toBe(0)
  }, 240_000)

  it('records, with npx ramp-sandbox record, an account that registered a webhook endpoint, and replays it with npx ramp-sandbox scenarios', async () => {
    const { api } = await app.serve(['--frozen-clock'])
    // The partner's webhook receiver: answers every delivery 204.
    const receiver = createHttpServer(
      (request, response) => void request.resume().once('end', () => response.writeHead(204).end()),
    )
    await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done))
    try {
      const sk = { 'x-api-key': 'sk_test_partnerhooks', 'content-type': 'application/json' }
      const hooks = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hooks`
      expect(
        (
          await fetch(`${api}/__sandbox/webhooks/endpoints`, {
            method: 'POST',
            headers: sk,
            body: JSON.stringify({ url: hooks, family: 'widget' }),
          })
        ).status,
      ).toBe(201)
      const session = await fetch(`${api}/platform/v1/sessions`, {
        method: 'POST',
        headers: sk,
        body: JSON.stringify({
          externalCustomerId: 'u2',
          deviceIp: '203.0.113.7',
          email: 'active.us-ny@sandbox.test',
          phoneNumber: '+12125550101',
        }),
      })
      expect(session.status).toBe(201)
      const { data } = (await session.json()) as { data: { sessionToken: string } }
      expect(
        (
          await fetch(`${api}/__sandbox/connections`, {
            method: 'POST',
            headers: sk,
            body: JSON.stringify({ sessionToken: data.sessionToken }),
          })
        ).status,
      ).toBe(200)
      const recorded = await app.ramp(
        [
          'record',
          '--key',
          'sk_test_partnerhooks',
          '--api',
          api,
          '--title',
          'a recorded flow with a webhook endpoint',
          '--out',
          'scenarios/recorded/hooks.scenario.ts',
        ],
        120_000,
      )
      expect(recorded.status, recorded.stderr).toBe(0)
      const source = readFileSync(join(app.dir, 'scenarios/recorded/hooks.scenario.ts'), 'utf8')
      expect(source).toContain("{ webhooks: 'listen', as: 'hooks', family: 'widget' },")
      const replayed = await app.ramp(
        ['scenarios', 'scenarios/recorded/hooks.scenario.ts', '--driver', 'node'],
        120_000,
      )
      expect(replayed.status, `${source}\n${replayed.stdout}\n${replayed.stderr}`).toBe(0)
    } finally {
      await new Promise((done) => receiver.close(done))
    }
  }, 240_000)

  it("passes a partner's tsc (NodeNext, strict, no special flags) over one project: every export, its vitest tests with every matcher, its Playwright config and spec with the fixture, its scenarios (one recorded)", async () => {
    app.write(
      'tsconfig.json',
      JSON.stringify(
        {
          compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true },
          include: ['src', 'test', 'e2e', 'scenarios', 'playwright.config.ts'],
        },
        null,
        2,
      ),
    )
    app.write(
      'src/uses-every-export.ts',
      `import { startServer, buildCatalog, createSandboxCore, SellQuote, signWebhook, verifyWebhook, type RunningSandbox, type WebhookScheme } from 'ramp-sandbox'
import { createSandbox, handlers } from 'ramp-sandbox/msw'
import { startServer as startFromServer, type ServeOptions, type RequestLogEntry } from 'ramp-sandbox/server'
import { SellQuote as SellQuoteSchema, type JournalEntry } from 'ramp-sandbox/contract'
import { createClient, decryptCredentials, encodeQuote, type BuyQuote, type ClientConnection, type SandboxClient } from 'ramp-sandbox/client'
import { defineScenario, ref, runInNode, checkScenario, useSandbox, magic, type Scenario } from 'ramp-sandbox/harness'
import 'ramp-sandbox/harness/vitest'
import { test, expect, type SandboxFixtureOptions } from 'ramp-sandbox/harness/playwright'
import manifest from 'ramp-sandbox/package.json' with { type: 'json' }

const options: ServeOptions = { port: 0, framesPort: 0, requestLog: (entry: RequestLogEntry) => console.log(entry.path, entry.status) }
export const running: Promise<RunningSandbox> = startServer(options)
export const same: typeof startServer = startFromServer
export const catalog = buildCatalog(1).currencies
export const core = createSandboxCore({ seed: 1 }).seed
export const msw: number = createSandbox({ baseUrl: 'https://ramp.test' }).handlers.length + handlers.length
export const parsed: boolean = SellQuote.safeParse({}).success || SellQuoteSchema.safeParse({}).success
export const entries: JournalEntry[] = []
export const scenario: Scenario = defineScenario({ title: 'a sell quote', tags: ['quote'], steps: [{ api: 'GET /v3/currencies', as: 'list' }], expect: {} })
export const helpers = [ref, runInNode, checkScenario, useSandbox, magic.usNy]
export const fixtureOptions: SandboxFixtureOptions = { port: 0, framesPort: 0, seed: 7 }
export const fixture = [test, expect]
export const version: string = manifest.version
export const client: SandboxClient = createClient({ framesOrigin: 'http://127.0.0.1:4011', apiOrigin: 'http://127.0.0.1:4010', apiKey: 'pk_test_sandbox' })
export const connect = (sessionToken: string): Promise<ClientConnection> => client.getConnection(sessionToken)
export const encoded = (quote: BuyQuote): string => encodeQuote(quote)
export const decrypt: typeof decryptCredentials = decryptCredentials
const scheme: WebhookScheme = 'standard'
export const webhookHeaders: Record<string, string> = signWebhook('{}', 'whsec_' + 'A'.repeat(32), { timestamp: 1767225600, scheme, id: 'evt_1' })
export const verified: void = verifyWebhook('{}', webhookHeaders, 'whsec_' + 'A'.repeat(32), { scheme, now: 1767225600 })
export const mswWebhooks: number = createSandbox({ webhooks: (request: Request) => void request.headers.get('moonpay-signature-v2') }).handlers.length + createSandbox({ webhooks: 'fetch' }).handlers.length
export const listening: Scenario = defineScenario({ title: 'webhooks', tags: [], steps: [{ webhooks: 'listen', as: 'hooks', answers: [500] }], expect: { webhooks: { mode: 'subsequence', events: [{ type: 'transaction_failed', payload: { data: { status: 'failed' }, attempts: 2 } }] } } })
`,
    )
    // The files the tests above wrote and ran are in the same program: a matcher that passes at run time type-checks too.
    for (const file of [
      'test/quote.test.ts',
      'e2e/fixture.spec.ts',
      'playwright.config.ts',
      'scenarios/partner/sell-quote.scenario.ts',
      'scenarios/recorded/flow.scenario.ts',
    ])
      expect(existsSync(join(app.dir, file)), file).toBe(true)
    const result = await app.run('npx', ['--no-install', 'tsc', '-p', '.'], 300_000)
    expect(result.stdout + result.stderr.replace(/^npm warn.*\n/gm, '')).toBe('')
    expect(result.status).toBe(0)
  }, 300_000)
})

describe('the installed package in a React Native app', () => {
  it("passes a partner's tsc (NodeNext, strict, its own project without the DOM lib, as a React Native app is) over a file using every call and component of ramp-sandbox/react-native, on react-native-webview's types", async () => {
    // As a React Native app's tsconfig is (@react-native/typescript-config): no DOM lib (react-native's types declare
    // its globals), skipLibCheck; its own file is checked in full against react's and react-native-webview's types.
    app.write(
      'rn/tsconfig.json',
      JSON.stringify(
        {
          compilerOptions: {
            module: 'NodeNext',
            moduleResolution: 'NodeNext',
            strict: true,
            noEmit: true,
            lib: ['ES2022'],
            types: [],
            skipLibCheck: true,
          },
          include: ['.'],
        },
        null,
        2,
      ),
    )
    app.write(
      'rn/app.ts',
      `import { createElement, type ReactElement } from 'react'
import type { WebViewProps } from 'react-native-webview'
import {
  createReactNativeClient, RampFrame, BuyButton, ApplePayButton, GooglePayButton, describeFrame, inboundScript, frameUrl, frameWebViewProps, encodeQuote,
  reactNativeDeprecationWarning, REACT_NATIVE_SETUP_REPLACEMENTS, WalletSetupError, WALLET_SETUP_TIMEOUT_MS,
  type ReactNativeClient, type ReactNativeFrame, type ClientFrameEvent, type ClientConnection, type WalletSetupErrorCode, type WalletFrame, type FrameWebViewProps,
} from 'ramp-sandbox/react-native'

export const client = createReactNativeClient({ framesOrigin: 'http://10.0.2.2:4011', apiOrigin: 'http://10.0.2.2:4010', apiKey: 'pk_test_sandbox' })\nexport const any: ReactNativeClient = client
const onEvent = (event: ClientFrameEvent): void => console.log(event.kind, event.channelId)
const render = (frame: ReactNativeFrame): void => console.log(frame.uri)
export const frames: ReactNativeFrame[] = [
  client.setupFrame('widget', { onEvent }), client.setupBuy('ct_1', 'q', { onEvent }), client.buyButtonFrame('ct_1', 'q'), client.setupAddCard('ct_1'),
  client.setupCustomerExport('ct_1'), client.setupWidget(), client.setupChallenge('http://10.0.2.2:4011/platform/v1/challenge?challengeId=c'), client.resetConnection('ct_1'),
  client.setupBuyButton('ct_1', 'q', { onEvent }),
]
export const wallets: WalletFrame[] = [client.applePayFrame('ct_1', 'q', { timeoutMs: 5000 }), client.googlePayFrame('ct_1', 'q')]
export const connections: Array<Promise<ClientConnection>> = [client.getConnection('st_1', { render, skipKyc: true }), client.connect('st_1', { render }), client.setupAuth('ct_1', { render })]
export const setups: Array<Promise<ReactNativeFrame>> = [client.setupApplePay('ct_1', 'q', { render }), client.setupGooglePay('ct_1', 'q', { render, onEvent })]
export const replies = [client.getPaymentMethods('at'), client.deletePaymentMethod('at', 'pm'), client.getQuote('at', { source: { asset: { code: 'usd' }, amount: 100 }, destination: { asset: { code: 'eth' } }, wallet: { address: '0x52908400098527886E0F7030069857D2E4169EE7' }, paymentMethod: { type: 'apple_pay' } }), client.getTransaction('at', 't'), client.listTransactions('at', '?limit=1')]
const strict = createReactNativeClient({ framesOrigin: '', apiOrigin: '', strictDeprecations: true })
// @ts-expect-error gone under strictDeprecations
strict.setupApplePay
const style: WebViewProps['style'] = { width: '100%' }
const described = describeFrame({ framesOrigin: 'http://127.0.0.1:4011', frame: 'reset', params: {} })
const props: FrameWebViewProps = frameWebViewProps(described, { style, javaScriptEnabled: true })
const onSetupError = (error: WalletSetupError): WalletSetupErrorCode => error.code
export const elements: ReactElement[] = [
  createElement(RampFrame, { frame: described, theme: 'dark', style }),
  createElement(BuyButton, { client, clientToken: 'ct_1', quote: 'q', onEvent }),
  createElement(ApplePayButton, { client, clientToken: 'ct_1', quote: 'q', onReady: render, onSetupError }),
  createElement(GooglePayButton, { client, clientToken: 'ct_1', quote: 'q', onSetupError, timeoutMs: 5000, webViewProps: { javaScriptEnabled: true } }),
]
export const pure = [inboundScript('{}'), frameUrl('http://127.0.0.1:4011', 'reset', {}, 'ch_1'), props.source.uri, encodeQuote, reactNativeDeprecationWarning('setupBuyButton'), REACT_NATIVE_SETUP_REPLACEMENTS.setupApplePay, WALLET_SETUP_TIMEOUT_MS]
`,
    )
    const result = await app.run('npx', ['--no-install', 'tsc', '-p', 'rn'], 300_000)
    expect(result.stdout + result.stderr.replace(/^npm warn.*\n/gm, '')).toBe('')
    expect(result.status).toBe(0)
  }, 300_000)

  it("passes the same tsc with skipLibCheck off: the declarations of ramp-sandbox/react-native reach no server module (@msw/data's rettime needs the DOM's MessageEvent)", async () => {
    // The test above wrote rn/app.ts; this project checks it again with every declaration file it reaches checked too.
    expect(existsSync(join(app.dir, 'rn/app.ts'))).toBe(true)
    app.write(
      'rn/tsconfig.lib-check.json',
      JSON.stringify({ extends: './tsconfig.json', compilerOptions: { skipLibCheck: false } }, null, 2),
    )
    const result = await app.run('npx', ['--no-install', 'tsc', '-p', 'rn/tsconfig.lib-check.json'], 300_000)
    expect(result.stdout + result.stderr.replace(/^npm warn.*\n/gm, '')).toBe('')
    expect(result.status).toBe(0)
  }, 300_000)
})

describe('npm start in a checkout', () => {
  it('stops, leaving no process behind, when npm gets SIGTERM', async () => {
    // The copy's dist/ is fresh from the pack above, so npm start goes straight to serving.
    expect(existsSync(resolve(checkout, 'dist/.built'))).toBe(true)
    const served = await serve('npm', ['start', '--', '--port', '0', '--frames-port', '0'], checkout)
    expect(await answers(`${served.api}/openapi.json`)).toBe(true)
    process.kill(served.child.pid!, 'SIGTERM')
    await expectGone(served)
  }, 180_000)
})

/** The bare packages an installed module file loads, following its relative imports (static and literal dynamic ones). */
function packagesLoadedFrom(entry: string): Set<string> {
  const packages = new Set<string>()
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    // JSDoc examples show imports too: drop comments before reading the real ones. Static imports
    // start a line in emitted code; one inside a string (a generated scenario's source) does not.
    const code = readFileSync(file, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '')
    for (const [, , a, , b, , c] of code.matchAll(
      /^\s*(?:import|export)\b[^'";]*?\bfrom\s*(['"])([^'"]+)\1|^\s*import\s*(['"])([^'"]+)\3|\bimport\(\s*(['"])([^'"]+)\5\s*\)/gm,
    )) {
      const specifier = (a ?? b ?? c)!
      if (specifier.startsWith('.')) visit(resolve(dirname(file), specifier))
      else if (!specifier.startsWith('node:') && !builtinModules.includes(specifier))
        packages.add(
          specifier
            .split('/')
            .slice(0, specifier.startsWith('@') ? 2 : 1)
            .join('/'),
        )
    }
  }
  visit(entry)
  return packages
}

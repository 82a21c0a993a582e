import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createSandboxCore, secretFromBytes, type SandboxCore, type SandboxOptions } from '#http/index.ts'
import { SnapshotMismatchError } from '#kernel/sandbox-snapshot.ts'
import { answerClientError, answerConnect } from './answer-client-error.ts'
import { exposureWarning } from './exposure-warning.ts'
import { browserBundle } from '#bundles/browser-bundle.ts'
import { bundleReply } from '#http/bundle-reply.ts'
import { handleNodeRequest, writePlainResponse, type PlainHandler } from './handle-node-request.ts'
import { nodeHmacSha256 } from './node-hmac.ts'
import { requestTenant } from './request-tenant.ts'
import { readStateFile, StateFileError } from './state-file.ts'
import { healthReply } from './health-reply.ts'
import { allowedHosts, hostAllowed } from './host-check.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import { familyOf, toWireError } from '#http/to-wire-error.ts'
import { StateSaver, type SaveTiming } from './state-saver.ts'
import { startLoopStallReporter } from './loop-stall-reporter.ts'
import type { SandboxSnapshot } from '#contract/index.ts'
import { DEMO_PATH, demoRoutes } from '#demo/demo-routes.ts'
import { httpWebhookTransport } from './http-webhook-transport.ts'

/** Where and how to serve. Ports default to 4010 (API) and 4011 (frames); 0 picks free ports. */
export interface ServeOptions extends Omit<SandboxOptions, 'origins' | 'wall'> {
  /**
   * The interface to listen on (default 127.0.0.1). On every interface (`0.0.0.0`, `::`, as in the
   * container), the origins the sandbox gives out (`apiUrl`, `framesUrl`, frame CSPs, the demo) name
   * 127.0.0.1: a browser cannot use 0.0.0.0 as an origin.
   */
  host?: string
  port?: number
  framesPort?: number
  /**
   * Tenant clocks: `'frozen'` (default; they start at `clockStart` and move only by
   * `POST /__sandbox/clock/advance`: reproducible, for tests) or `'wall'` (they start
   * at the current wall time and run in real time; advancing still jumps ahead:
   * what `npm start` uses, so expiries compare right against a partner's own clock).
   */
  clock?: 'frozen' | 'wall'
  /** With a frozen clock: let it flow with wall time from `clockStart` too. */
  realtimeClock?: boolean
  /** How long a client may take to send its request: {@link SERVER_TIMEOUTS} unless given (tests shorten them). */
  timeouts?: Partial<ServerTimeouts>
  /**
   * Where warnings go: a non-loopback address, a state file save that failed, a saved fault left out, a restored
   * webhook endpoint whose host is not allowed (default: stderr).
   */
  warn?: (message: string) => void
  /**
   * The signing secret (hex, `--secret`): give one for tokens and signatures that are
   * the same run after run. Default: 32 random bytes drawn at start, so nothing it
   * signs can be forged from public inputs or replayed against another process.
   */
  secret?: string
  /** Called once per request on either origin when its response is done (the CLI's `--log`). */
  requestLog?: (entry: RequestLogEntry) => void
  /**
   * A file that keeps every tenant's state across restarts (`--state-file`, docs/decisions/0045): restored at
   * start when it exists (its seed must match; its signing secret and boot id are used), written atomically
   * shortly after changes and on `close()`.
   */
  stateFile?: string
  /** When the state file is written after changes ({@link SAVE_TIMING} unless given; tests shorten it). */
  saveTiming?: SaveTiming
  /**
   * Host names answered besides IP addresses, `localhost` and `--host` (`--allow-host`): any other `Host` header gets
   * 421, so a web page cannot reach the sandbox through a name rebound to loopback. `'.example.test'` allows it and
   * its subdomains; `'*'` allows every name.
   */
  allowHosts?: readonly string[]
  /**
   * Report on stderr an event loop held longer than this many milliseconds, naming the method and path of the
   * requests in flight (`--stall-report-seconds`; docs/decisions/0081). Default 3 000; 0 turns it off.
   */
  stallReportMs?: number
}

/** Time limits of both servers, in milliseconds. */
export interface ServerTimeouts {
  /** From a request's first byte to the end of its headers (slow-header clients, slowloris): then 408 and close. */
  headersMs: number
  /** From a request's first byte to the end of its body: then 408 and close. Not the time the sandbox takes to answer. */
  requestMs: number
  /** How long an idle keep-alive connection stays open between requests. */
  keepAliveMs: number
}

/**
 * The default limits: generous for any client on loopback (a 1 MB body takes milliseconds), short enough that
 * stalled connections do not pile up. Injected latency (`latencyMs`, at most 60 s) is answer time and is not limited.
 */
export const SERVER_TIMEOUTS: ServerTimeouts = { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000 }

/** A node server with the time limits: node checks them every `connectionsCheckingInterval`, so that is kept short. */
function createLimitedServer(
  timeouts: ServerTimeouts,
  listener: (request: IncomingMessage, response: ServerResponse) => void,
): Server {
  const server = createServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      keepAliveTimeout: timeouts.keepAliveMs,
      connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(timeouts.headersMs / 4))),
    },
    listener,
  )
  server.on('clientError', answerClientError)
  server.on('connect', answerConnect)
  return server
}

/** One answered request, for `requestLog`. */
export interface RequestLogEntry {
  method: string
  /** The path, without the query (which may carry keys and tokens). */
  path: string
  /** The status sent; `null` when the connection was dropped first (an injected network error, a client gone). */
  status: number | null
  /** The tenant id (`account:mode`) the request names by key or token, unverified; `null` when it names none. */
  tenant: string | null
  /** From the request's arrival to its response's end, in milliseconds. */
  ms: number
}

/** Logs a request when its response is done: closed, finished or not. */
function logWhenDone(request: IncomingMessage, response: ServerResponse, log: (entry: RequestLogEntry) => void): void {
  const start = performance.now()
  response.once('close', () => {
    const url = request.url ?? '/'
    const mark = url.indexOf('?')
    log({
      method: request.method ?? 'GET',
      path: mark === -1 ? url : url.slice(0, mark),
      status: response.writableFinished ? response.statusCode : null,
      tenant: requestTenant(url, request.headers) ?? null,
      ms: Math.round((performance.now() - start) * 100) / 100,
    })
  })
}

/** A running sandbox: its core, its two origins, and a way to stop it. */
export interface RunningSandbox {
  core: SandboxCore
  apiUrl: string
  framesUrl: string
  /** The state file, when one is kept: its path and how many tenants it restored at start. */
  state?: { path: string; restoredTenants: number; saver: StateSaver }
  /** Stops both servers and, with a state file, writes it a last time. */
  close(): Promise<void>
}

/** The state a state file holds, if any, checked against the options it must agree with. */
async function restoredState(options: ServeOptions): Promise<SandboxSnapshot | undefined> {
  if (options.stateFile === undefined) return undefined
  const snapshot = await readStateFile(options.stateFile)
  if (!snapshot) return undefined
  // The core takes the file's secret, so only a --secret given beside it can disagree; the seed is the core's to check.
  if (options.secret !== undefined && options.secret.toLowerCase() !== snapshot.secret) {
    throw new StateFileError(
      `the state file ${options.stateFile} was saved with another signing secret: leave --secret out (the file keeps its own) or use another state file`,
    )
  }
  return snapshot
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve((server.address() as AddressInfo).port)
    })
  })
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve())
    server.closeAllConnections()
  })
}

/** 421 in the path's family: the `Host` names neither loopback nor a host the operator allowed (docs/decisions/0083). */
function refuseHost(request: IncomingMessage, response: ServerResponse): void {
  const url = request.url ?? '/'
  const path = url.split('?', 1)[0]!
  const host = String(request.headers.host).slice(0, 255)
  const message = `Host ${host} is not a name this sandbox answers: use 127.0.0.1 or localhost, or start it with --allow-host ${hostNameOf(host)} (a page on a name rebound to loopback must not drive it)`
  const wire = toWireError(familyOf(path), new SandboxError('misdirected_request', message))
  // Nothing of the request is read: the connection is closed once the answer is out, with any body unread.
  wire.headers.connection = 'close'
  response.once('finish', () => request.socket.destroy())
  writePlainResponse(response, wire)
}

/** The name part of a `Host` value, for the hint (never more than a label list). */
const hostNameOf = (host: string) => host.replace(/:\d*$/, '').replace(/[^A-Za-z0-9.-]/g, '') || '<name>'

/** Resolves once the event loop has served what was waiting on it (I/O callbacks included). */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * Starts the sandbox: the API, control API and OpenAPI document on one origin,
 * and the frames origin beside it.
 *
 * @example
 * const sandbox = await startServer({ port: 0, framesPort: 0 })
 * await fetch(`${sandbox.apiUrl}/v3/currencies?apiKey=pk_test_sandbox`)
 * await sandbox.close()
 */
export async function startServer(options: ServeOptions = {}): Promise<RunningSandbox> {
  const host = options.host ?? '127.0.0.1'
  const origins = { api: '', frames: '' }
  const saved = await restoredState(options)
  const warn = options.warn ?? ((message: string) => process.stderr.write(`${message}\n`))
  const core = createSandboxCore({
    ...options,
    hmac: options.hmac ?? nodeHmacSha256,
    secret: saved?.secret ?? options.secret ?? secretFromBytes(randomBytes(32)),
    bootId: saved?.bootId ?? options.bootId ?? randomBytes(6).toString('hex'),
    origins,
    clockStart: options.clock === 'wall' ? 'wall' : options.clockStart,
    wall: options.clock === 'wall' || options.realtimeClock ? () => Date.now() : undefined,
    // How recently each account was used, so one in the middle of a flow is never evicted (docs/decisions/0049).
    activity: options.activity ?? (() => performance.now()),
    // Building a new account's store lets the requests waiting for the event loop through between its slices.
    pause: options.pause ?? yieldToEventLoop,
    // With a state file, an account evicted to make room keeps its state there and gets it back on its next use.
    keepEvicted: options.keepEvicted ?? options.stateFile !== undefined,
    logger: options.logger ?? ((message, error) => console.error(`ramp-sandbox: ${message}`, error)),
    // One connection per attempt, closed with it (decision 0082); signatures carry the wall time (decision 0059).
    webhookTransport: options.webhookTransport ?? httpWebhookTransport,
    warn,
  })
  const failed = (response: ServerResponse, error: unknown) => {
    core.options.logger?.('the node adapter failed', error)
    if (!response.headersSent)
      writePlainResponse(response, {
        kind: 'reply',
        status: 500,
        headers: {},
        body: { code: 'internal_error', message: 'The sandbox failed unexpectedly.' },
      })
  }
  if (saved) {
    const { droppedFaults } = await core.restore(saved).catch((error: unknown) => {
      throw error instanceof SnapshotMismatchError
        ? new StateFileError(`the state file ${options.stateFile} ${error.reason}`)
        : error
    })
    for (const { tenant, id, reason } of droppedFaults) {
      warn(
        `ramp-sandbox: ${id} of account ${tenant} in the state file ${options.stateFile} is left out: ${reason} (docs/decisions/0080; journaled as fault:dropped)`,
      )
    }
  }
  const saver =
    options.stateFile === undefined
      ? undefined
      : new StateSaver(options.stateFile, () => core.stateParts(), options.saveTiming, warn)
  const requestLog = options.requestLog
  const hosts = allowedHosts(host, options.allowHosts)
  // Started now, so that its thread starts while the servers do (not waited for: the ready line would come tens of
  // milliseconds later); stopped again if they cannot listen.
  const stallReportMs = options.stallReportMs ?? 3_000
  const stalls =
    stallReportMs > 0 ? startLoopStallReporter({ thresholdMs: stallReportMs, warn: options.warn }) : undefined
  const serve = (handle: PlainHandler) => (request: IncomingMessage, response: ServerResponse) => {
    stalls?.track(request, response)
    if (requestLog) logWhenDone(request, response, requestLog)
    if (!hostAllowed(request.headers.host, hosts)) return refuseHost(request, response)
    // Any request may change state (a wall-time clock fires due jobs on reads too): the saver debounces.
    if (saver) response.once('close', () => saver.changed())
    try {
      handleNodeRequest(handle, request, response)?.catch((error: unknown) => failed(response, error))
    } catch (error) {
      failed(response, error)
    }
  }
  const demo = demoRoutes(core, origins)
  const health = () => healthReply(saver, core.tenants.usage())
  // The browser client, for host pages: `<script type="module" src="{api}/sandbox-client.js">`.
  const timeouts = { ...SERVER_TIMEOUTS, ...options.timeouts }
  // The client bundle is public code, the same for everyone: any host page may load it as a module (decision 0040).
  const api = createLimitedServer(
    timeouts,
    serve((request) =>
      request.method === 'GET' && request.path === '/sandbox-client.js'
        ? browserBundle('client/index.ts').then((bundle) =>
            bundleReply(request, bundle, { 'access-control-allow-origin': '*' }),
          )
        : request.method === 'GET' && request.path === '/__sandbox/health'
          ? health()
          : request.path === DEMO_PATH || request.path.startsWith(`${DEMO_PATH}/`)
            ? demo(request)
            : core.handle(request),
    ),
  )
  const frames = createLimitedServer(
    timeouts,
    serve((request) => core.handleFrames(request)),
  )
  let apiPort: number
  let framesPort: number
  try {
    apiPort = await listen(api, options.port ?? 4010, host)
  } catch (error) {
    await stalls?.close()
    throw error
  }
  try {
    framesPort = await listen(frames, options.framesPort ?? 4011, host)
  } catch (error) {
    await Promise.all([closeServer(api), stalls?.close()])
    throw error
  }
  const warning = exposureWarning((api.address() as AddressInfo).address)
  if (warning) warn(warning)
  const advertised = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host
  const urlHost = advertised.includes(':') ? `[${advertised}]` : advertised
  origins.api = `http://${urlHost}:${apiPort}`
  origins.frames = `http://${urlHost}:${framesPort}`
  // Written at once, so the signing secret and boot id are kept before the first token is handed out.
  await saver?.save()
  return {
    core,
    apiUrl: origins.api,
    framesUrl: origins.frames,
    ...(saver ? { state: { path: saver.path, restoredTenants: saved?.tenants.length ?? 0, saver } } : {}),
    close: async () => {
      await Promise.all([closeServer(api), closeServer(frames), stalls?.close()])
      await saver?.close()
    },
  }
}

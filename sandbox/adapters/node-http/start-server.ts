import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { createFramesHandler } from '../../frames/server/frames-handler.ts'
import type { AddressInfo } from 'node:net'
import { createSandboxCore, type SandboxCore, type SandboxOptions } from '../../core/index.ts'
import { answerClientError } from './answer-client-error.ts'
import { browserBundle } from './browser-bundle.ts'
import { handleNodeRequest, writePlainResponse, type PlainHandler } from './handle-node-request.ts'
import { nodeHmacSha256 } from './node-hmac.ts'
import { requestTenant } from './request-tenant.ts'
import { demoRoutes } from '../../demo/demo-routes.ts'

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
  /** Called once per request on either origin when its response is done (the CLI's `--log`). */
  requestLog?: (entry: RequestLogEntry) => void
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
  close(): Promise<void>
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
  const core = createSandboxCore({
    ...options,
    hmac: options.hmac ?? nodeHmacSha256,
    origins,
    clockStart: options.clock === 'wall' ? 'wall' : options.clockStart,
    wall: options.clock === 'wall' || options.realtimeClock ? () => Date.now() : undefined,
    logger: options.logger ?? ((message, error) => console.error(`ramp-sandbox: ${message}`, error)),
  })
  const failed = (response: ServerResponse, error: unknown) => {
    core.options.logger?.('the node adapter failed', error)
    if (!response.headersSent) writePlainResponse(response, { kind: 'reply', status: 500, headers: {}, body: { code: 'internal_error', message: 'The sandbox failed unexpectedly.' } })
  }
  const requestLog = options.requestLog
  const serve = (handle: PlainHandler) => (request: IncomingMessage, response: ServerResponse) => {
    if (requestLog) logWhenDone(request, response, requestLog)
    try {
      handleNodeRequest(handle, request, response)?.catch((error: unknown) => failed(response, error))
    } catch (error) {
      failed(response, error)
    }
  }
  const demo = demoRoutes(core, origins)
  // The browser client, for host pages: `<script type="module" src="{api}/sandbox-client.js">`.
  const api = createServer(
    serve((request) =>
      request.method === 'GET' && request.path === '/sandbox-client.js'
        ? browserBundle('client/index.ts').then((text) => ({ kind: 'reply' as const, status: 200, headers: { 'content-type': 'text/javascript; charset=utf-8', 'access-control-allow-origin': '*' }, body: text }))
        : demo(request) ?? core.handle(request),
    ),
  )
  api.on('clientError', answerClientError)
  const frames = createServer(serve(createFramesHandler(core)))
  frames.on('clientError', answerClientError)
  const apiPort = await listen(api, options.port ?? 4010, host)
  let framesPort: number
  try {
    framesPort = await listen(frames, options.framesPort ?? 4011, host)
  } catch (error) {
    await closeServer(api)
    throw error
  }
  const advertised = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host
  const urlHost = advertised.includes(':') ? `[${advertised}]` : advertised
  origins.api = `http://${urlHost}:${apiPort}`
  origins.frames = `http://${urlHost}:${framesPort}`
  return {
    core,
    apiUrl: origins.api,
    framesUrl: origins.frames,
    close: async () => {
      await Promise.all([closeServer(api), closeServer(frames)])
    },
  }
}

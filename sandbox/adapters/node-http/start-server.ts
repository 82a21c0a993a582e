import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createSandboxCore, type SandboxCore, type SandboxOptions } from '../../core/index.ts'
import { answerClientError } from './answer-client-error.ts'
import { handleNodeRequest, writePlainResponse } from './handle-node-request.ts'
import { nodeHmacSha256 } from './node-hmac.ts'

/** Where and how to serve. Ports default to 4010 (API) and 4011 (frames); 0 picks free ports. */
export interface ServeOptions extends Omit<SandboxOptions, 'origins' | 'wall'> {
  host?: string
  port?: number
  framesPort?: number
  /** Let tenant clocks flow with wall time as well as by `POST /__sandbox/clock/advance`. */
  realtimeClock?: boolean
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

const FRAMES_PENDING_PAGE = `<!doctype html><meta charset="utf-8"><title>ramp-sandbox frames</title>
<p>This origin is reserved for the sandbox's frames. No frame is served here yet.</p>`

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
    wall: options.realtimeClock ? () => Date.now() : undefined,
    logger: options.logger ?? ((message, error) => console.error(`ramp-sandbox: ${message}`, error)),
  })
  const failed = (response: ServerResponse, error: unknown) => {
    core.options.logger?.('the node adapter failed', error)
    if (!response.headersSent) writePlainResponse(response, { kind: 'reply', status: 500, headers: {}, body: { code: 'internal_error', message: 'The sandbox failed unexpectedly.' } })
  }
  const api = createServer((request, response) => {
    try {
      handleNodeRequest(core, request, response)?.catch((error: unknown) => failed(response, error))
    } catch (error) {
      failed(response, error)
    }
  })
  api.on('clientError', answerClientError)
  const frames = createServer((_request, response) => {
    writePlainResponse(response, { kind: 'reply', status: 404, headers: { 'content-type': 'text/html; charset=utf-8' }, body: FRAMES_PENDING_PAGE })
  })
  const apiPort = await listen(api, options.port ?? 4010, host)
  let framesPort: number
  try {
    framesPort = await listen(frames, options.framesPort ?? 4011, host)
  } catch (error) {
    await closeServer(api)
    throw error
  }
  const urlHost = host.includes(':') ? `[${host}]` : host
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

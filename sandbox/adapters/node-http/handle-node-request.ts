import type { IncomingMessage, ServerResponse } from 'node:http'
import { hasBody, isTextReply, parseQueryString, type PlainRequest, type PlainResponse } from '#http/index.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import { familyOf, toWireError } from '#http/to-wire-error.ts'

/** What the adapter calls: the core's `handle`, or the frames handler. */
export type PlainHandler = (request: PlainRequest) => PlainResponse | Promise<PlainResponse>

const MAX_BODY_BYTES = 1_000_000

function requestHasBody(request: IncomingMessage): boolean {
  return request.headers['content-length'] !== undefined
    ? request.headers['content-length'] !== '0'
    : request.headers['transfer-encoding'] !== undefined
}

/**
 * Reads a body up to the limit. Past it, stops reading at once (the rest of the upload is never consumed) and
 * answers 'too-large'; a connection that breaks off mid-body (the client gave up, or a time limit closed it)
 * answers 'aborted': nobody is left to answer, and it is not the sandbox's failure.
 */
function readBody(request: IncomingMessage): Promise<Buffer | 'too-large' | 'aborted'> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let size = 0
    // Closures passed inline, not named: where tsx keeps names, a named one costs a defineProperty per request.
    request.on('data', (chunk: Buffer) => {
      if (size > MAX_BODY_BYTES) return
      size += chunk.length
      if (size <= MAX_BODY_BYTES) return void chunks.push(chunk)
      request.pause()
      resolve('too-large')
    })
    request.on('end', () => resolve(Buffer.concat(chunks)))
    request.on('error', () => resolve('aborted'))
  })
}

/** Whether Content-Length announces a body over the limit: refused before a byte of it is read. */
function announcedTooLarge(request: IncomingMessage): boolean {
  const length = request.headers['content-length']
  return length !== undefined && /^\d+$/.test(length) && Number(length) > MAX_BODY_BYTES
}

/**
 * 413 in the path's family, then the connection is closed: the client learns at once, and the sandbox does not
 * read (nor wait for) the rest of an upload it will never use.
 */
function refuseTooLarge(request: IncomingMessage, response: ServerResponse, path: string): void {
  const wire = toWireError(
    familyOf(path),
    new SandboxError('payload_too_large', `body must be at most ${MAX_BODY_BYTES} bytes`),
  )
  wire.headers.connection = 'close'
  response.once('finish', () => request.socket.destroy())
  writePlainResponse(response, wire)
}

/** Writes a plain response on a node response; a network error destroys the socket. */
export function writePlainResponse(response: ServerResponse, plain: PlainResponse, headOnly = false): void {
  if (plain.kind === 'network-error') {
    response.socket?.destroy()
    return
  }
  const headers = plain.headers
  let payload: string | Uint8Array | undefined
  if (hasBody(plain)) {
    if (plain.raw !== undefined) payload = plain.raw
    else if (isTextReply(plain)) payload = plain.body
    else {
      payload = plain.bytes ?? plain.json ?? JSON.stringify(plain.body)
      headers['content-type'] = 'application/json; charset=utf-8'
    }
    headers['content-length'] = String(typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length)
  }
  response.writeHead(plain.status, headers)
  response.end(headOnly ? undefined : payload)
}

/**
 * Translates a node request into the core's plain request and back, without
 * building Fetch `Request`/`Response` objects (DESIGN §2: they cost ~10x a bare reply).
 *
 * @example
 * http.createServer((req, res) => void handleNodeRequest(core.handle, req, res))
 */
export function handleNodeRequest(
  handle: PlainHandler,
  request: IncomingMessage,
  response: ServerResponse,
): void | Promise<void> {
  const url = request.url ?? '/'
  const mark = url.indexOf('?')
  const path = mark === -1 ? url : url.slice(0, mark)
  const query = mark === -1 ? {} : parseQueryString(url.slice(mark + 1))
  const search = mark === -1 ? '' : url.slice(mark)
  const method = request.method ?? 'GET'
  const remoteAddress = request.socket.remoteAddress
  // Requests without a body are answered synchronously: no promise on the hot path.
  if (!requestHasBody(request))
    return answer(handle, response, { method, path, query, search, headers: request.headers, remoteAddress })
  if (announcedTooLarge(request)) return refuseTooLarge(request, response, path)
  return readBody(request).then((read) => {
    if (read === 'aborted') return
    if (read === 'too-large') return refuseTooLarge(request, response, path)
    return answer(handle, response, {
      method,
      path,
      query,
      search,
      headers: request.headers,
      body: read.toString('utf8'),
      bytes: read,
      remoteAddress,
    })
  })
}

function answer(handle: PlainHandler, response: ServerResponse, request: PlainRequest): void | Promise<void> {
  const plain = handle(request)
  const headOnly = request.method === 'HEAD'
  if (plain instanceof Promise) return plain.then((resolved) => writePlainResponse(response, resolved, headOnly))
  writePlainResponse(response, plain, headOnly)
}

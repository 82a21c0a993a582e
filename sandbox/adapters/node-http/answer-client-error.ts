import type { Duplex } from 'node:stream'
import { familyOf, toWireError } from '#http/to-wire-error.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'

const REASONS = new Map<string, [number, string]>([
  ['HPE_HEADER_OVERFLOW', [431, 'The request line and headers must be at most 16 KB together']],
  ['HPE_URI_OVERFLOW', [414, 'The request URL is too long']],
  // Node's headersTimeout / requestTimeout (SERVER_TIMEOUTS): a client too slow to send its request.
  [
    'ERR_HTTP_REQUEST_TIMEOUT',
    [
      408,
      "The request took too long to arrive: headers must arrive within the server's headers timeout and the whole request within its request timeout",
    ],
  ],
])

const REASON_PHRASES = new Map([
  [405, 'Method Not Allowed'],
  [408, 'Request Timeout'],
  [414, 'URI Too Long'],
  [431, 'Request Header Fields Too Large'],
])

/** Ends a socket with a JSON error of the path's API family, and closes it. */
function endWithError(socket: Duplex, status: number, path: string, message: string, headers = ''): void {
  const wire = toWireError(familyOf(path), new SandboxError('invalid_request', message))
  const body = JSON.stringify(wire.body)
  socket.end(
    `HTTP/1.1 ${status} ${REASON_PHRASES.get(status) ?? 'Bad Request'}\r\n${headers}` +
      `content-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  )
}

/**
 * Answers a `CONNECT` (which node hands to its `connect` event, not to the request listener) with 405: the sandbox
 * is no proxy. Without it node closes the socket with no answer.
 *
 * @example
 * server.on('connect', answerConnect)
 */
export function answerConnect(_request: unknown, socket: Duplex): void {
  if (!socket.writable) return void socket.destroy()
  endWithError(
    socket,
    405,
    '/',
    'CONNECT is not a method of this sandbox: it is no proxy (send GET, POST, PUT, PATCH, DELETE or OPTIONS to its routes)',
    'allow: GET, POST, PUT, PATCH, DELETE, OPTIONS\r\n',
  )
}

/**
 * Answers a request node's HTTP parser refused (oversized headers, malformed
 * request line) with a JSON error of the path's API family, instead of node's
 * bare status line.
 *
 * @example
 * server.on('clientError', answerClientError)
 */
export function answerClientError(error: Error & { code?: string; rawPacket?: Buffer }, socket: Duplex): void {
  if (!socket.writable) return void socket.destroy()
  const [status, message] = REASONS.get(error.code ?? '') ?? [400, 'The request is not valid HTTP']
  const head = error.rawPacket?.subarray(0, 256).toString('latin1') ?? ''
  endWithError(socket, status, /^[A-Z]+ (\/\S*)/.exec(head)?.[1] ?? '/', message)
}

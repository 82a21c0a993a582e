import type { Duplex } from 'node:stream'
import { familyOf, toWireError } from '../../core/to-wire-error.ts'
import { SandboxError } from '../../core/sandbox-error.ts'

const REASONS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'The request line and headers must be at most 16 KB together'],
  HPE_URI_OVERFLOW: [414, 'The request URL is too long'],
  // Node's headersTimeout / requestTimeout (SERVER_TIMEOUTS): a client too slow to send its request.
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive: headers must arrive within the server\'s headers timeout and the whole request within its request timeout'],
}

const REASON_PHRASES: Record<number, string> = { 408: 'Request Timeout', 414: 'URI Too Long', 431: 'Request Header Fields Too Large' }

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
  const [status, message] = REASONS[error.code ?? ''] ?? [400, 'The request is not valid HTTP']
  const head = error.rawPacket?.subarray(0, 256).toString('latin1') ?? ''
  const path = /^[A-Z]+ (\/\S*)/.exec(head)?.[1] ?? '/'
  const wire = toWireError(familyOf(path), new SandboxError('invalid_request', message))
  const body = JSON.stringify(wire.body)
  socket.end(
    `HTTP/1.1 ${status} ${REASON_PHRASES[status] ?? 'Bad Request'}\r\n` +
      `content-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  )
}

import type { z } from 'zod'
import { parseQueryString, type PlainReply, type PlainRequest } from './plain-http.ts'
import type { SandboxCore } from './sandbox-core.ts'

/** Options of `send`. */
export interface SendOptions {
  headers?: Record<string, string>
  body?: unknown
  /** The caller's address, as the node adapter would give it. */
  remoteAddress?: string
}

/**
 * A test request's body as the adapters give it: a string as it is, anything else as JSON, none as `undefined`.
 *
 * @example
 * bodyText({ amount: 5 }) // '{"amount":5}'
 */
export function bodyText(body: unknown): string | undefined {
  return body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body)
}

/**
 * Sends `METHOD /path?query` to a core in-process (no server), for tests. A body goes as
 * `application/json` unless the headers give a Content-Type, as HTTP clients send JSON.
 *
 * @example
 * const res = await send(core, 'GET /v3/currencies?apiKey=pk_test_sandbox')
 */
export async function send(core: SandboxCore, line: string, options: SendOptions = {}): Promise<PlainReply> {
  const [method, target] = line.split(' ') as [string, string]
  const mark = target.indexOf('?')
  const headers = Object.fromEntries(Object.entries(options.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]))
  if (options.body !== undefined && headers['content-type'] === undefined) headers['content-type'] = 'application/json'
  const request: PlainRequest = {
    method,
    path: mark === -1 ? target : target.slice(0, mark),
    query: mark === -1 ? {} : parseQueryString(target.slice(mark + 1)),
    // As the adapters give it: the query text with its '?', or '' without one.
    search: mark === -1 ? '' : target.slice(mark),
    headers,
    body: bodyText(options.body),
    ...(options.remoteAddress === undefined ? {} : { remoteAddress: options.remoteAddress }),
  }
  const response = await core.handle(request)
  if (response.kind !== 'reply') throw new Error(`expected a reply, got ${response.kind}`)
  return response
}

/** Parses `body` with a contract schema, failing the test with zod's issues when it drifts. */
export function conforms<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const result = schema.safeParse(body)
  if (!result.success)
    throw new Error(
      `response drifts from the contract:\n${JSON.stringify(result.error.issues, null, 2)}\n${JSON.stringify(body)}`,
    )
  return result.data
}

import type { PlainQuery, PlainReply, PlainRequest, PlainResponse } from '#kernel/plain-message.ts'

export type { ApiFamily, PlainQuery, PlainReply, PlainRequest, PlainResponse } from '#kernel/plain-message.ts'

/**
 * Whether a reply's body is text sent as is (a string with its own content-type), not a JSON value.
 *
 * @example
 * isTextReply(reply(200, '<html>…</html>', { 'content-type': 'text/html' })) // true
 */
export function isTextReply(plain: PlainReply): plain is PlainReply & { body: string } {
  return plain.json === undefined && typeof plain.body === 'string' && plain.headers['content-type'] !== undefined
}

/**
 * Whether a reply has a body, asked without reading a {@link jsonTextReply}'s `body` (which parses its text).
 *
 * @example
 * hasBody(reply(204)) // false
 */
export function hasBody(plain: PlainReply): boolean {
  return plain.json !== undefined || plain.body !== undefined || plain.raw !== undefined
}

/**
 * The body as a client reads it off the wire: the text of a text reply, else the JSON parsed afresh, so what an
 * in-process caller keeps never changes when a record the reply was built from changes later.
 *
 * @example
 * wireBody(reply(200, record)) === record // false: a copy, as the network would give
 */
export function wireBody(plain: PlainReply): unknown {
  if (plain.json !== undefined) return JSON.parse(plain.json)
  if (plain.body === undefined || isTextReply(plain)) return plain.body
  return JSON.parse(JSON.stringify(plain.body))
}

/**
 * A JSON reply with its JSON text: what adapters send and the journal keeps, made once.
 *
 * @example
 * withJson(reply(200, { ok: true })).json // '{"ok":true}'
 */
export function withJson(plain: PlainReply): PlainReply & { json: string } {
  // Object.assign, not a spread: the same reply, for a fraction of the cost (every JSON answer passes here).
  return plain.json === undefined
    ? Object.assign({}, plain, { json: JSON.stringify(plain.body) })
    : (plain as PlainReply & { json: string })
}

/**
 * A response whose body is data, with its JSON text made (once: {@link withJson} keeps text already made); text
 * bodies, bodiless replies and network errors as they are. What the core answers; adapters send `json` as is.
 *
 * @example
 * serialised(reply(200, { ok: true })) // { kind: 'reply', status: 200, body: { ok: true }, json: '{"ok":true}', headers: {} }
 */
export function serialised(response: PlainResponse): PlainResponse {
  return response.kind === 'reply' &&
    response.json === undefined &&
    response.body !== undefined &&
    !isTextReply(response)
    ? withJson(response)
    : response
}

/**
 * A JSON reply whose text a route already has (a cached document, the journal's kept entries): sent as is; its
 * `body` is parsed from the text only if something in process reads it, so code on the request path asks
 * {@link hasBody} and {@link isTextReply}, which look at `json` first.
 *
 * @example
 * jsonTextReply(200, '{"data":[]}').json // '{"data":[]}'
 */
export function jsonTextReply(
  status: number,
  json: string,
  headers: Record<string, string> = {},
  bytes?: Uint8Array,
): PlainReply & { json: string } {
  return {
    kind: 'reply',
    status,
    headers,
    json,
    ...(bytes === undefined ? {} : { bytes }),
    get body(): unknown {
      return JSON.parse(json)
    },
  }
}

/** The JSON text and its bytes of each frozen value replied with {@link frozenJsonReply}. */
const frozenJson = new WeakMap<object, { json: string; bytes: Uint8Array }>()

/**
 * A JSON reply of a value that never changes (frozen: the seed's currency list, a core's OpenAPI document): its text
 * and bytes are made on the first reply and reused while the value lives. Its `body`, read in process, is a copy
 * parsed from the text, as a client would read it: never the shared value.
 *
 * @example
 * frozenJsonReply(200, Object.freeze([1, 2])).json // '[1,2]'
 */
export function frozenJsonReply(
  status: number,
  value: object,
  headers: Record<string, string> = {},
): PlainReply & { json: string } {
  if (!Object.isFrozen(value)) throw new TypeError('frozenJsonReply takes a frozen value only: its JSON text is kept')
  let kept = frozenJson.get(value)
  if (!kept) {
    const json = JSON.stringify(value)
    kept = { json, bytes: new TextEncoder().encode(json) }
    frozenJson.set(value, kept)
  }
  return jsonTextReply(status, kept.json, headers, kept.bytes)
}

/** Builds a JSON reply. */
export function reply(status: number, body?: unknown, headers: Record<string, string> = {}): PlainReply {
  return { kind: 'reply', status, headers, body }
}

/** One header value, or undefined when absent or repeated ambiguously. */
export function headerValue(request: PlainRequest, name: string): string | undefined {
  const value = request.headers[name]
  return Array.isArray(value) ? value[0] : value
}

function addParam(query: PlainQuery, name: string, value: string): void {
  // Own properties only: `constructor`, `toString` or `__proto__` are parameter names like any other.
  const existing = Object.hasOwn(query, name) ? query[name] : undefined
  if (Array.isArray(existing)) existing.push(value)
  else {
    const next = existing === undefined ? value : [existing, value]
    if (name === '__proto__')
      Object.defineProperty(query, name, { value: next, enumerable: true, writable: true, configurable: true })
    else query[name] = next
  }
}

/**
 * Parses a query string (without `?`) into a PlainQuery, as URLSearchParams
 * would. Text with nothing to decode (no `%` or `+`) is split directly: that is
 * almost every request, and it skips URLSearchParams' allocations.
 *
 * @example
 * parseQueryString('a=1&b=2&a=3') // { a: ['1', '3'], b: '2' }
 */
export function parseQueryString(text: string): PlainQuery {
  const query: PlainQuery = {}
  if (text.length === 0) return query
  if (text.indexOf('%') === -1 && text.indexOf('+') === -1) {
    // URLSearchParams drops one leading '?'.
    let start = text.charCodeAt(0) === 63 ? 1 : 0
    while (start <= text.length) {
      let end = text.indexOf('&', start)
      if (end === -1) end = text.length
      if (end > start) {
        const equals = text.indexOf('=', start)
        if (equals === -1 || equals > end) addParam(query, text.slice(start, end), '')
        else addParam(query, text.slice(start, equals), text.slice(equals + 1, end))
      }
      start = end + 1
    }
    return query
  }
  for (const [name, value] of new URLSearchParams(text)) addParam(query, name, value)
  return query
}

import type { ControlCall } from './tenant-control.ts'
import { hasBody, isTextReply, parseQueryString } from './plain-http.ts'
import type { SandboxCore } from './sandbox-core.ts'

/**
 * What the core answers a fetch `Request`, as a `Response`; `undefined` when a fault drops the connection (each caller
 * says that its own way: msw's `HttpResponse.error()`, fetch's `TypeError`).
 *
 * @example
 * const response = await answerRequest(core, new Request('http://127.0.0.1:4010/v3/currencies?apiKey=pk_test_sandbox'))
 */
export async function answerRequest(core: SandboxCore, request: Request): Promise<Response | undefined> {
  const url = new URL(request.url)
  const headers: Record<string, string> = {}
  request.headers.forEach((value, name) => {
    headers[name] = value
  })
  const bytes =
    request.method === 'GET' || request.method === 'HEAD' ? undefined : new Uint8Array(await request.arrayBuffer())
  const plain = await core.handle({
    method: request.method,
    path: url.pathname,
    query: parseQueryString(url.search.slice(1)),
    search: url.search,
    headers,
    ...(bytes && bytes.length > 0 ? { body: new TextDecoder().decode(bytes), bytes } : {}),
  })
  if (plain.kind === 'network-error') return undefined
  if (!hasBody(plain)) return new Response(null, { status: plain.status, headers: plain.headers })
  // Bytes as they are (a precompressed script, decision 0092).
  if (plain.raw !== undefined)
    return new Response(new Uint8Array(plain.raw), { status: plain.status, headers: plain.headers })
  if (isTextReply(plain)) return new Response(plain.body as string, { status: plain.status, headers: plain.headers })
  return new Response(plain.json ?? JSON.stringify(plain.body), {
    status: plain.status,
    headers: { ...plain.headers, 'content-type': 'application/json; charset=utf-8' },
  })
}

/**
 * A `fetch`-compatible function into the core, in process (no socket, no msw): it answers URLs on `baseUrl`'s origin
 * and rejects any other with a `TypeError`, as `fetch` rejects a host it cannot reach, so partner code given it can
 * never reach past the sandbox unnoticed. A dropped connection (a `networkError` fault) rejects the same way.
 *
 * @example
 * const sandboxFetch = coreFetch(core, 'https://ramp-sandbox.invalid')
 * const reply = await sandboxFetch('https://ramp-sandbox.invalid/v3/currencies?apiKey=pk_test_sandbox')
 */
export function coreFetch(
  core: SandboxCore,
  baseUrl: string,
): (input: string | URL | Request, init?: RequestInit) => Promise<Response> {
  const origin = new URL(baseUrl).origin
  return async (input, init) => {
    const request = new Request(input, init)
    if (new URL(request.url).origin !== origin)
      throw new TypeError(`fetch failed: this sandbox's fetch reaches ${origin} only, not ${request.url}`)
    const response = await answerRequest(core, request)
    if (!response) throw new TypeError('fetch failed: the sandbox dropped the connection (a networkError fault)')
    return response
  }
}

/**
 * The control API of a core in process, as a {@link ControlCall}: the same routes a served sandbox answers over HTTP.
 *
 * @example
 * const control = tenantControl(coreControlCall(core), 'sk_test_acme')
 */
export function coreControlCall(core: SandboxCore): ControlCall {
  return async (method, path, headers, body) => {
    const mark = path.indexOf('?')
    const search = mark === -1 ? '' : path.slice(mark)
    const plain = await core.handle({
      method,
      path: mark === -1 ? path : path.slice(0, mark),
      query: parseQueryString(search.slice(1)),
      search,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    return plain.kind === 'reply'
      ? { status: plain.status, body: plain.body }
      : { status: 502, body: { message: 'the control API dropped the connection' } }
  }
}

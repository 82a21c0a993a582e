import type { Fault, FaultInput, FoundRequests, RequestCount, RequestMatcherInput } from '#contract/index.ts'

/** One HTTP-shaped call to the sandbox: `method`, `/path?query`, headers and an optional JSON body; its status and parsed body. */
export type ControlCall = (
  method: string,
  pathAndQuery: string,
  headers: Record<string, string>,
  body?: unknown,
) => Promise<{ status: number; body?: unknown }>

/** A request matcher as the verification calls take it, with `since` (a journal seq: only later calls). */
export type RequestsMatcherInput = Partial<RequestMatcherInput> & { since?: number }

/** The control API of one tenant: faults in, verification out. */
export interface TenantControl {
  /** `POST /__sandbox/faults`: arms a fault; answers it as stored. */
  addFault(input: FaultInput): Promise<Fault>
  /** `DELETE /__sandbox/faults`: disarms every fault. */
  clearFaults(): Promise<void>
  /** `GET /__sandbox/faults`: the armed faults. */
  listFaults(): Promise<Fault[]>
  /** `GET /__sandbox/requests/count`: how many journaled API calls match. */
  countRequests(matcher: RequestsMatcherInput): Promise<RequestCount>
  /** `GET /__sandbox/requests/find`: the matching calls (the first `limit`, default 100) and how many match. */
  findRequests(matcher: RequestsMatcherInput & { limit?: number }): Promise<FoundRequests>
}

/** The query string of a verification: scalars as they are, `query`/`headers`/`body` matchers as JSON objects. */
export function requestsQueryString(matcher: RequestsMatcherInput & { limit?: number }): string {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(matcher)) {
    if (value === undefined) continue
    params.set(name, typeof value === 'object' ? JSON.stringify(value) : String(value))
  }
  const text = params.toString()
  return text === '' ? '' : `?${text}`
}

/** The sandbox's own words for a refusal: each field error as `field: message`, else its message. */
export function refusal(what: string, status: number, body: unknown): Error {
  const error = (body ?? {}) as { message?: unknown; errors?: Array<{ field?: unknown; message?: unknown }> }
  const fields = Array.isArray(error.errors)
    ? error.errors.map((e) => `${String(e.field)}: ${String(e.message)}`).join('; ')
    : ''
  const message = fields !== '' ? fields : typeof error.message === 'string' ? error.message : JSON.stringify(body)
  return new Error(`the sandbox refused ${what} (${status}): ${message}`)
}

/**
 * The control API of the tenant whose secret key is `secretKey`, over any HTTP-shaped `call`: in process
 * (`send(core, …)`, msw's `core.handle`) or over `fetch` (the Playwright fixture). A refusal (a 4xx) throws an Error
 * carrying the sandbox's message.
 *
 * @example
 * const control = tenantControl((method, path, headers, body) => send(core, `${method} ${path}`, { headers, body }), 'sk_test_acme')
 * await control.addFault({ method: 'POST', path: '/platform/v1/quotes/buy', status: 429 })
 * const { count } = await control.countRequests({ method: 'POST', path: '/platform/v1/sessions', body: { externalCustomerId: 'u1' } })
 */
export function tenantControl(call: ControlCall, secretKey: string): TenantControl {
  const headers = { 'x-api-key': secretKey }
  async function data<T>(what: string, method: string, path: string, expected: number, body?: unknown): Promise<T> {
    const reply = await call(method, path, headers, body)
    if (reply.status !== expected) throw refusal(what, reply.status, reply.body)
    return (reply.body as { data: T } | undefined)?.data as T
  }
  return {
    addFault: (input) => data('the fault', 'POST', '/__sandbox/faults', 201, input),
    clearFaults: async () => void (await data('clearing the faults', 'DELETE', '/__sandbox/faults', 204)),
    listFaults: () => data('listing the faults', 'GET', '/__sandbox/faults', 200),
    countRequests: (matcher) =>
      data('the request count', 'GET', `/__sandbox/requests/count${requestsQueryString(matcher)}`, 200),
    findRequests: (matcher) =>
      data('the request search', 'GET', `/__sandbox/requests/find${requestsQueryString(matcher)}`, 200),
  }
}

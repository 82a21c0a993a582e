import { errorCatalog, type ErrorCode } from '#kernel/error-catalog.ts'
import type { FaultOutcome } from '#kernel/fault-registry.ts'
import { reply, type ApiFamily, type PlainReply, type PlainResponse } from './plain-http.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import { toWireError } from './to-wire-error.ts'

function codeForStatus(status: number): ErrorCode {
  const exact = (Object.keys(errorCatalog) as ErrorCode[]).find((code) => errorCatalog[code].status === status)
  return exact ?? (status >= 500 ? 'internal_error' : 'invalid_request')
}

/**
 * The reply of a fault that answers a status: its `responseBody` when it has one (a 204: none), else the wire error of
 * the route's family with the status and a message naming the fault, and `Retry-After: 1` on 429/503; its
 * `responseHeaders` on top either way (its own `retry-after` wins).
 *
 * @example
 * faultReply('widget', { id: 'fault_1', method: 'GET', path: '/v3/**', status: 503 })
 * faultReply('platform', { id: 'fault_2', method: 'GET', path: '/platform/v1/transactions/*', status: 200, responseBody: { data: {} } })
 */
function faultReply(family: ApiFamily, fault: FaultOutcome & { status: number }): PlainReply {
  const { status, responseBody, responseHeaders = {} } = fault
  if (responseBody !== undefined || status < 400) return reply(status, responseBody, { ...responseHeaders })
  const error = new SandboxError(
    codeForStatus(status),
    `Injected fault ${fault.id}: ${fault.method} ${fault.path} answers ${status} (POST /__sandbox/faults)`,
  )
  const wire = toWireError(family, error)
  if (status === 429 || status === 503) wire.headers['retry-after'] = '1'
  return { ...wire, status, headers: { ...wire.headers, ...responseHeaders } }
}

/**
 * The fault step's answer, on either origin: a dropped connection, or the status the fault injects (the route's own
 * page for an error status when it has one, as a frame page does, so no frame script loads), else none: the route runs.
 *
 * @example
 * faultAnswer('platform', admitted, fault) ?? admitted.run()
 */
export function faultAnswer(
  family: ApiFamily,
  admitted: { faultPage?(fault: FaultOutcome & { status: number }): PlainReply },
  fault: FaultOutcome | undefined,
): PlainResponse | undefined {
  if (fault?.networkError) return { kind: 'network-error' }
  if (fault?.status === undefined) return undefined
  const answered = { ...fault, status: fault.status }
  return admitted.faultPage && fault.responseBody === undefined && fault.status >= 400
    ? admitted.faultPage(answered)
    : faultReply(family, answered)
}

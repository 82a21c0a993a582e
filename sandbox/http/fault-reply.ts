import { errorCatalog, type ErrorCode } from '../kernel/error-catalog.ts'
import type { FaultOutcome } from '../kernel/fault-registry.ts'
import type { ApiFamily, PlainReply } from './plain-http.ts'
import { SandboxError } from '../kernel/sandbox-error.ts'
import { toWireError } from './to-wire-error.ts'

function codeForStatus(status: number): ErrorCode {
  const exact = (Object.keys(errorCatalog) as ErrorCode[]).find((code) => errorCatalog[code].status === status)
  return exact ?? (status >= 500 ? 'internal_error' : 'invalid_request')
}

/**
 * The reply of an injected status fault: the wire error of the route's family,
 * with the injected status, a message naming the fault, and `Retry-After` on 429/503.
 *
 * @example
 * faultReply('widget', { id: 'fault_1', method: 'GET', path: '/v3/**', status: 503 })
 */
export function faultReply(family: ApiFamily, fault: FaultOutcome & { status: number }): PlainReply {
  const { status } = fault
  const error = new SandboxError(codeForStatus(status), `Injected fault ${fault.id}: ${fault.method} ${fault.path} answers ${status} (POST /__sandbox/faults)`)
  const wire = toWireError(family, error)
  if (status === 429 || status === 503) wire.headers['retry-after'] = '1'
  return { ...wire, status }
}

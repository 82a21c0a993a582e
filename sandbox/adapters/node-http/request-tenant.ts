import type { IncomingHttpHeaders } from 'node:http'
import { parseQueryString } from '#http/plain-http.ts'
import { parseApiKey } from '#kernel/tenant-registry.ts'
import { peekToken } from '#portable/peek-token.ts'
import { FRAME_TOKEN_PARAMETERS } from '#frames/effects/frame-context.ts'

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value
}

function keyTenant(key: string | undefined): string | undefined {
  const parsed = key === undefined ? undefined : parseApiKey(key)
  return parsed && `${parsed.account}:${parsed.mode}`
}

/**
 * The tenant a request names, as the tenant id `account:mode`, for the request
 * log: its API key (`apiKey` query, `X-Api-Key`, `Authorization: Api-Key`) or
 * the tenant inside its token (`Authorization: Bearer`, a frame's token
 * parameters). Not verified: the log says who the request claims to be, even
 * when the sandbox then refuses it.
 *
 * @example
 * requestTenant('/v3/currencies?apiKey=pk_test_sandbox', {}) // 'sandbox:test'
 */
export function requestTenant(url: string, headers: IncomingHttpHeaders): string | undefined {
  const mark = url.indexOf('?')
  const query = mark === -1 ? {} : parseQueryString(url.slice(mark + 1))
  const byKey = keyTenant(first(query.apiKey)) ?? keyTenant(first(headers['x-api-key']))
  if (byKey) return byKey
  const authorization = /^(Api-Key|Bearer)\s+(\S+)$/i.exec(headers.authorization ?? '')
  if (authorization)
    return authorization[1]!.toLowerCase() === 'bearer'
      ? peekToken(authorization[2]!)?.tenant
      : keyTenant(authorization[2])
  for (const [field] of FRAME_TOKEN_PARAMETERS) {
    const token = first(query[field])
    const tenant = token === undefined ? undefined : peekToken(token)?.tenant
    if (tenant) return tenant
  }
  return undefined
}

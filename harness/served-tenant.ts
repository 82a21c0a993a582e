import type { ControlCall } from '#http/tenant-control.ts'
import { tenantHandle, type TenantHandle } from '#http/tenant-handle.ts'
import { loopbackReceivers } from './loopback-receivers.ts'

/**
 * One HTTP call to a served sandbox's control API over `fetch`.
 *
 * @example
 * const call = fetchControlCall(sandbox.apiUrl)
 */
function fetchControlCall(apiUrl: string): ControlCall {
  return async (method, path, headers, body) => {
    const init =
      body === undefined
        ? { method, headers }
        : { method, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) }
    const response = await fetch(`${apiUrl}${path}`, init)
    const text = await response.text()
    return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) }
  }
}

/**
 * The tenant handle of `account` on a sandbox served at `apiUrl` (what the Playwright fixture gives): its calls over
 * `fetch`, and `webhooks.listen(handler)` behind a loopback server in this process, which `close()` stops.
 *
 * @example
 * const tenant = servedTenant(sandbox.apiUrl, 'pw_1')
 * await tenant.webhooks.listen((request) => void seen.push(request))
 * await tenant.close()
 */
export function servedTenant(
  apiUrl: string,
  account: string,
  mode: 'test' | 'live' = 'test',
): TenantHandle & { close(): Promise<void> } {
  const receivers = loopbackReceivers()
  return {
    ...tenantHandle(fetchControlCall(apiUrl), { account, mode, receiver: receivers.url }),
    close: receivers.close,
  }
}

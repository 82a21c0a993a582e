import { isIP } from 'node:net'

/**
 * Which `Host` header values the servers answer (DNS rebinding: a page on `attacker.example` whose name is made to
 * resolve to 127.0.0.1 reaches the sandbox with its own name in `Host`). Always: an IP address (a rebinding needs a
 * name), `localhost` and `*.localhost` (browsers keep them on loopback). Besides those: the names given.
 */
interface AllowedHosts {
  /** Host names (lower case) answered too: `--host` when it is a name, and each `--allow-host`. */
  names: readonly string[]
  /** `--allow-host '*'`: every Host is answered (behind a proxy that checks it, say). */
  any: boolean
}

/** A name `--allow-host` takes: a host name, `.example.test` for it and every subdomain, or `*` for any. */
export const ALLOW_HOST_PATTERN =
  /^(?:\*|\.?(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*)$/i

/**
 * The hosts a server listening on `listenHost` answers, with `allowed` (`--allow-host` values) besides loopback.
 *
 * @example
 * allowedHosts('0.0.0.0', ['sandbox']) // { names: ['sandbox'], any: false }
 */
export function allowedHosts(listenHost: string, allowed: readonly string[] = []): AllowedHosts {
  const names = allowed.filter((name) => name !== '*').map((name) => name.toLowerCase())
  if (isIP(listenHost) === 0) names.push(listenHost.toLowerCase())
  return { names, any: allowed.includes('*') }
}

/** The host name of a `Host` header value: without its port, an IPv6 address without its brackets. */
function hostName(header: string): string {
  if (header.startsWith('[')) {
    const end = header.indexOf(']')
    return end === -1 ? header : header.slice(1, end)
  }
  const colon = header.lastIndexOf(':')
  return (colon === -1 ? header : header.slice(0, colon)).toLowerCase()
}

/**
 * Whether a request with this `Host` header is answered. A request without one (HTTP/1.0) is: a browser always
 * sends it, so only a browser page could rebind a name.
 *
 * @example
 * hostAllowed('127.0.0.1:4010', allowedHosts('127.0.0.1')) // true
 * hostAllowed('attacker.example:4010', allowedHosts('127.0.0.1')) // false
 */
export function hostAllowed(header: string | undefined, allowed: AllowedHosts): boolean {
  if (header === undefined || allowed.any) return true
  const name = hostName(header)
  if (isIP(name) !== 0 || name === 'localhost' || name.endsWith('.localhost')) return true
  return allowed.names.some((allowedName) =>
    allowedName.startsWith('.') ? name === allowedName.slice(1) || name.endsWith(allowedName) : name === allowedName,
  )
}

import { isIP } from 'node:net'

/**
 * Whether a bound address is loopback only: `127.0.0.0/8`, `::1`, or an IPv4-mapped loopback.
 * Wildcards (`0.0.0.0`, `::`) and every other interface are not.
 */
export function isLoopback(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').toLowerCase()
  if (isIP(bare) === 6) return bare === '::1' || /^::ffff:127\./.test(bare) || bare === '0:0:0:0:0:0:0:1'
  return isIP(bare) === 4 && bare.startsWith('127.')
}

/**
 * The warning to print when the sandbox listens beyond loopback, else undefined. Decided on the address the
 * server actually bound (a host name such as `localhost` resolves to loopback and gets none).
 *
 * @example
 * exposureWarning('0.0.0.0') // 'ramp-sandbox: WARNING: listening on 0.0.0.0, not a loopback address …'
 * exposureWarning('127.0.0.1') // undefined
 */
export function exposureWarning(address: string): string | undefined {
  if (isLoopback(address)) return undefined
  return (
    `ramp-sandbox: WARNING: listening on ${address}, not a loopback address. Anyone who can reach this machine can ` +
    'call the sandbox, including its control API with the documented default key sk_test_sandbox (reset tenants, ' +
    'read journals, inject faults). Bind 127.0.0.1 (the default) unless that is what you want.'
  )
}

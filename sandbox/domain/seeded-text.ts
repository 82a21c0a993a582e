import type { Tenant } from '#kernel/tenant.ts'

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

/** Lower-case hexadecimal digits. */
export const HEX = '0123456789abcdef'
/** Bitcoin's base58 alphabet (no 0, O, I, l). */
export const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/**
 * `length` characters of `alphabet`, drawn from the tenant's seeded digests of `label` (`label:0`, `label:1` …): same
 * seed and label, same text; what the sandbox's made-up addresses, tags and hashes are made of.
 *
 * @example
 * seededText(tenant, 'deposit-hash:sell_…', HEX, 64) // '3fa9…' (64 hex digits)
 */
export function seededText(tenant: Tenant, label: string, alphabet: string, length: number): string {
  let text = ''
  for (let round = 0; text.length < length; round++) {
    for (const char of tenant.opaqueId(`${label}:${round}`))
      text += alphabet[BASE64URL.indexOf(char) % alphabet.length] ?? alphabet[0]
  }
  return text.slice(0, length)
}

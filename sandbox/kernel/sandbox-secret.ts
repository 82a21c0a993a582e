/**
 * The signing secret of one sandbox process: what every tenant's signing key is
 * derived from (docs/decisions/0042). Adapters draw it at random when none is
 * given; the core never reads randomness itself.
 */

/** 32 to 128 hex digits (16 to 64 bytes): `openssl rand -hex 32` gives one. */
export const SECRET_PATTERN = /^[0-9a-fA-F]{32,128}$/

/** What a secret must be, for error messages (`--secret`, `RAMP_SANDBOX_SECRET`, the `secret` option). */
export const SECRET_RULE = 'must be 32 to 128 hex digits (16 to 64 bytes), such as the output of `openssl rand -hex 32`'

/**
 * The default secret of a bare in-process core (`createSandboxCore()` without `secret`):
 * public, so it protects nothing. An in-process core is reachable only by code in the
 * same process, which could read any secret anyway; every entry that listens or hands
 * out handlers (`startServer`, the CLI, msw's `createSandbox`) draws a random one
 * instead. The harness uses this one on both drivers so their runs sign alike.
 */
export const PUBLIC_TEST_SECRET = '0'.repeat(64)

/**
 * The secret in canonical form (lowercase hex), or a `RangeError` naming the rule.
 *
 * @example
 * parseSecret('AB'.repeat(32)) // 'abab…'
 */
export function parseSecret(secret: string, source = 'secret'): string {
  if (!SECRET_PATTERN.test(secret)) throw new RangeError(`${source} ${SECRET_RULE}`)
  return secret.toLowerCase()
}

/**
 * A new random secret from a CSPRNG's bytes, as hex. Adapters call it with their
 * platform's generator (`crypto.getRandomValues`, node's `randomBytes`).
 *
 * @example
 * secretFromBytes(crypto.getRandomValues(new Uint8Array(32))) // 64 hex digits
 */
export function secretFromBytes(bytes: Uint8Array): string {
  if (bytes.length < 16) throw new RangeError('a secret needs at least 16 random bytes')
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

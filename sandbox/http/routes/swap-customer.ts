import type { TokenClaims } from '#portable/peek-token.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'

/**
 * The customer a Swaps call speaks for (decision 0068): the routes take the publishable key in `apiKey`, as the rest
 * of the widget API, and the customer's access token in `Authorization: Bearer …`, which `authenticate` checks
 * (`route.bearer`: the key's account signed it) and the core holds to a live session. A token must name a customer
 * (403 otherwise); `optional`: without a token, none.
 *
 * @example
 * const customerId = swapCustomer(claims) // 'cus_…', or a 403 in the widget shape
 */
export function swapCustomer(claims: TokenClaims | undefined): string
export function swapCustomer(claims: TokenClaims | undefined, optional: true): string | null
export function swapCustomer(claims: TokenClaims | undefined, optional = false): string | null {
  if (claims === undefined) {
    if (optional) return null
    throw new SandboxError(
      'unauthorized',
      `Authorization: Bearer <accessToken> is required: the customer's access token (the check or connect frame's credentials)`,
    )
  }
  if (claims.customer === null)
    throw new SandboxError(
      'forbidden',
      `Authorization Bearer token names no customer: swaps need a connected customer's credentials`,
    )
  return claims.customer
}

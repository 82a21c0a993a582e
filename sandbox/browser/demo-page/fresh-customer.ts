import type { Who } from './demo-host.ts'

/** `count` random decimal digits (the page's crypto: a run's customer is nobody's on the tenant). */
function digits(count: number): string {
  return [...crypto.getRandomValues(new Uint8Array(count))].map((byte) => String(byte % 10)).join('')
}

/**
 * A customer the tenant has never seen, for a flow that needs one in its first state every time (connect: a new
 * customer; terms: terms not yet accepted): an `example.com` email and a New York number (`+1917…`, away from the
 * magic customers' `+1212555010x`).
 *
 * @example
 * freshCustomer('terms') // { email: 'terms-4821930571@example.com', phoneNumber: '+19174821930' }
 */
export function freshCustomer(what: string): Who {
  const id = digits(10)
  return { email: `${what}-${id}@example.com`, phoneNumber: `+1917${id.slice(0, 7)}` }
}

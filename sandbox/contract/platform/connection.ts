import { z } from 'zod'
import { Credentials } from './credentials.ts'
import { Customer, CustomerCapabilities } from './customer.ts'

/**
 * Connection statuses the sandbox decides (the spec's list is open; these are the ones it names or implies).
 * `authenticationRequired` is the sandbox's answer to `getConnection` with `skipKyc` for a customer whose only
 * obstacle is KYC: authenticate with `setupAuth`, complete KYC with the Customer API (decision record 0022).
 */
export const ConnectionStatus = z.enum([
  'active',
  'connectionRequired',
  'authenticationRequired',
  'termsAcceptanceRequired',
  'pending',
  'failed',
  'unavailable',
])
export type ConnectionStatus = z.infer<typeof ConnectionStatus>

/**
 * The connection of a session: what the check frame reports and what
 * `POST /__sandbox/connections` returns. `mismatch` is present and `true` only
 * when the session's email and phone resolve to two different customers.
 */
export const Connection = z.object({
  status: ConnectionStatus,
  customer: Customer.optional(),
  /** The customer's capabilities, also at the top (DESIGN §6) so a connection without a customer can carry them. */
  capabilities: CustomerCapabilities.optional(),
  mismatch: z.literal(true).optional(),
  credentials: Credentials,
})
export type Connection = z.infer<typeof Connection>

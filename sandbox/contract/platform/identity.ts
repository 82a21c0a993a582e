import { z } from 'zod'
import { CustomerDetails } from './customer-api.ts'

/**
 * What the deprecated web identity calls (`getIdentity`, `createIdentity` …) answer: the customer's identity, i.e. the
 * Customer API's read of the token's customer (KYC status, requirements, details, files) with its `identityId`, the id
 * the challenge frame's identity `complete` carries.
 */
export const Identity = CustomerDetails.extend({ identityId: z.string().min(1) })
export type Identity = z.infer<typeof Identity>

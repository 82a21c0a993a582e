import { z } from 'zod'
import { IsoTimestamp } from '../currency.ts'

/** Decrypted credentials of the check and connect frames (spec: accessToken, clientToken, expiresAt). */
export const Credentials = z.object({
  accessToken: z.string().min(1),
  clientToken: z.string().min(1),
  expiresAt: IsoTimestamp,
})
export type Credentials = z.infer<typeof Credentials>

/** What a token may do: anonymous before authentication completes, full after. */
export const TokenScope = z.enum(['anonymous', 'full'])
export type TokenScope = z.infer<typeof TokenScope>

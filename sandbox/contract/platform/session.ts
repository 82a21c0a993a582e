import { z } from 'zod'
import { IsoTimestamp } from '../currency.ts'

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/

/**
 * Body of `POST /platform/v1/sessions` (and the legacy `/session`), DESIGN §4.
 * `email` and `phoneNumber` come together; `customerId` names a returning customer
 * (skips connect); `termsAcceptedAt` is when the customer accepted the terms in the
 * partner's own UI.
 */
export const SessionCreateRequest = z
  .strictObject({
    externalCustomerId: z.string().min(1).max(128),
    deviceIp: z.union([z.string().regex(IPV4), z.ipv6()], { error: 'deviceIp must be an IPv4 or IPv6 address' }),
    email: z.email({ error: 'email must be an email address' }).max(254).optional(),
    phoneNumber: z
      .string()
      .regex(/^\+[1-9][0-9]{6,14}$/, 'must be an E.164 phone number such as +12125550101')
      .optional(),
    customerId: z.string().min(1).max(64).optional(),
    termsAcceptedAt: IsoTimestamp.optional(),
  })
  .refine((body) => (body.email === undefined) === (body.phoneNumber === undefined), {
    message: 'email and phoneNumber must be given together',
    path: ['phoneNumber'],
  })
export type SessionCreateRequest = z.infer<typeof SessionCreateRequest>

/** `data` of a created session. */
export const SessionCreated = z.object({ sessionToken: z.string().min(1), expiresAt: IsoTimestamp })
export type SessionCreated = z.infer<typeof SessionCreated>

const sessionTarget = {
  sessionToken: z.string().min(1).max(4096).optional(),
  externalCustomerId: z.string().min(1).max(128).optional(),
}
const oneTarget = [
  (target: { sessionToken?: string; externalCustomerId?: string }) =>
    (target.sessionToken === undefined) !== (target.externalCustomerId === undefined),
  { message: 'sessionToken must be given, or externalCustomerId, but not both', path: ['sessionToken'] },
] satisfies [unknown, { message: string; path: PropertyKey[] }]

/** Body of `DELETE /platform/v1/sessions`: one session by token, or every session of an external customer. */
export const SessionDeleteRequest = z.strictObject(sessionTarget).refine(...oneTarget)
export type SessionDeleteRequest = z.infer<typeof SessionDeleteRequest>

/** The same target given in the query string (other parameters are ignored). */
export const SessionDeleteQuery = z.object(sessionTarget).refine(...oneTarget)

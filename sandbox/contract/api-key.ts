import { z } from 'zod'

/** API key format (DESIGN §3): `pk|sk`, `test|live`, and an account suffix. */
export const ApiKey = z
  .string()
  .regex(/^(pk|sk)_(test|live)_[A-Za-z0-9_]{1,64}$/, 'must look like pk_test_<account> or sk_live_<account>')
export type ApiKey = z.infer<typeof ApiKey>

/** Test or live: decides currency availability, address regexes and triggers. */
export const Mode = z.enum(['test', 'live'])
export type Mode = z.infer<typeof Mode>

import { PlatformError } from '#contract/index.ts'
import type { RouteResponse } from '../route.ts'

/** Documented error answers shared by platform routes. */
export const platformErrors = {
  invalid: { description: 'The body or query breaks a rule; errors name the fields', schema: PlatformError },
  unauthorized: { description: 'Missing, malformed, expired or revoked credentials', schema: PlatformError },
  forbidden: { description: 'The credentials do not allow this call', schema: PlatformError },
  notFound: { description: 'No such resource for this account', schema: PlatformError },
  rateLimited: {
    description: "Past one of the sandbox's caps (docs/decisions/0044); the message says how to make room",
    schema: PlatformError,
  },
} satisfies Record<string, RouteResponse>

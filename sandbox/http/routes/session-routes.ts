import {
  SessionCreated,
  SessionCreateRequest,
  SessionDeleteQuery,
  SessionDeleteRequest,
  dataOf,
} from '#contract/index.ts'
import { createSession, revokeSessions } from '#domain/sessions.ts'
import { parseJsonBody, parseQuery } from '../parse-input.ts'
import { reply } from '../plain-http.ts'
import type { Route, TenantRoute, TenantRouteContext } from '../route.ts'
import { platformErrors } from './platform-responses.ts'

async function create({ tenant, request }: TenantRouteContext) {
  const body = parseJsonBody(SessionCreateRequest, request.body)
  return reply(201, { data: await createSession(tenant, await tenant.store(), body) })
}

const createDocs = {
  family: 'platform',
  tag: 'Platform sessions',
  auth: 'secret-header',
  body: SessionCreateRequest,
  responses: {
    201: { description: 'The session token, valid 24 h of sandbox time', schema: dataOf(SessionCreated) },
    400: platformErrors.invalid,
    401: platformErrors.unauthorized,
    403: platformErrors.forbidden,
    429: platformErrors.rateLimited,
  },
} satisfies Partial<TenantRoute>

/** Session routes (server auth): create, the legacy create path, revoke. */
export const sessionRoutes: Route[] = [
  {
    ...createDocs,
    method: 'POST',
    path: '/platform/v1/sessions',
    operationId: 'createSession',
    summary: 'Create a session for a customer of the partner',
    handle: create,
  },
  {
    ...createDocs,
    method: 'POST',
    path: '/platform/v1/session',
    operationId: 'createSessionLegacy',
    // A rename whose old path continues to work (spec, Versioning), not a deprecation:
    // it stays under --strict-deprecations, and calls are journaled with the new path.
    summary: 'Older path of POST /platform/v1/sessions, renamed; it continues to work the same',
    renamedTo: '/platform/v1/sessions',
    handle: create,
  },
  {
    method: 'DELETE',
    path: '/platform/v1/sessions',
    family: 'platform',
    operationId: 'revokeSession',
    tag: 'Platform sessions',
    auth: 'secret-header',
    summary: 'Revoke a session (sessionToken, in the body or query) or every session of an externalCustomerId',
    query: SessionDeleteQuery,
    body: SessionDeleteRequest,
    responses: {
      204: { description: 'Revoked' },
      400: platformErrors.invalid,
      401: platformErrors.unauthorized,
      404: platformErrors.notFound,
    },
    async handle({ tenant, request }) {
      const fromQuery = request.query.sessionToken !== undefined || request.query.externalCustomerId !== undefined
      const target = fromQuery
        ? parseQuery(SessionDeleteQuery, request.query)
        : parseJsonBody(SessionDeleteRequest, request.body)
      await revokeSessions(tenant, await tenant.store(), target)
      return reply(204)
    },
  },
]

import {
  ConfirmFilesRequest,
  Identity,
  PlatformError,
  SubmitDetailsRequest,
  UploadUrl,
  UploadUrlRequest,
  dataOf,
} from '#contract/index.ts'
import { confirmFiles, createUploadUrl, getIdentity, submitDetails, verifyCustomer } from '#domain/customers/index.ts'
import { parseJsonBody } from '../parse-input.ts'
import { reply } from '../plain-http.ts'
import type { Route, TenantRoute, TenantRouteContext } from '../route.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import { platformErrors } from './platform-responses.ts'

const BASE = '/platform/v1/identity'
const CUSTOMER_API = '/platform/v1/customers/{customerId}'

/** One deprecated web identity call: its SDK name, the Customer API call that replaces it, and its handler. */
interface IdentityCall
  extends Omit<TenantRoute, 'family' | 'auth' | 'scope' | 'deprecated' | 'summary' | 'operationId' | 'tag'> {
  call: string
  replacement: string
  summary: string
}

/**
 * A route of a deprecated web identity call: Bearer access token with full
 * scope (the token's own customer), journaled and documented as deprecated,
 * 404 saying so under `--strict-deprecations`. The handler calls the same
 * domain functions as the Customer API (`sandbox/domain/customers`).
 */
function identityRoute({ call, replacement, summary, handle, ...route }: IdentityCall): TenantRoute {
  return {
    ...route,
    operationId: call,
    tag: 'Web identity (deprecated)',
    family: 'platform',
    auth: 'bearer',
    scope: 'full',
    deprecated: true,
    summary: `Deprecated web identity call ${call}: ${summary}; use ${replacement} (retired by --strict-deprecations)`,
    responses: {
      ...route.responses,
      401: platformErrors.unauthorized,
      403: platformErrors.forbidden,
      404: { description: 'Retired under --strict-deprecations', schema: PlatformError },
    },
    handle(context: TenantRouteContext) {
      if (context.tenant.strictDeprecations) {
        throw new SandboxError(
          'not_found',
          `${route.method} ${route.path} (${call}) is retired under --strict-deprecations; use the Customer API: ${replacement}`,
        )
      }
      return handle(context)
    },
  }
}

/** The customer a full-scope token speaks for (full scope guarantees one). */
const customerOf = ({ claims }: TenantRouteContext): string => claims!.customer!

const details = {
  200: { description: "The customer's identity", schema: dataOf(Identity) },
  400: platformErrors.invalid,
}

/**
 * Routes behind the deprecated web identity calls of the browser client
 * (`createIdentity`, `getIdentity`, `updateIdentity`, `verifyIdentity`,
 * `getIdentityUploadUrl`, `submitIdentityFiles`): client auth, the token's
 * customer, the Customer API's behaviour (docs/customer-api.md).
 */
export const identityRoutes: Route[] = [
  identityRoute({
    call: 'getIdentity',
    replacement: `GET ${CUSTOMER_API}`,
    method: 'GET',
    path: BASE,
    summary: "the customer's identity: identityId, KYC status, requirements, details and files",
    responses: { 200: details[200] },
    handle: async (context) => reply(200, { data: await getIdentity(context.tenant, customerOf(context)) }),
  }),
  ...(['POST', 'PUT'] as const).map((method) =>
    identityRoute({
      call: method === 'POST' ? 'createIdentity' : 'updateIdentity',
      replacement: `POST ${CUSTOMER_API}/details`,
      method,
      path: BASE,
      summary: "submit the customer's name, date of birth and address (as the Customer API's details)",
      body: SubmitDetailsRequest,
      responses: details,
      async handle(context) {
        const customerId = customerOf(context)
        await submitDetails(context.tenant, customerId, parseJsonBody(SubmitDetailsRequest, context.request.body))
        return reply(200, { data: await getIdentity(context.tenant, customerId) })
      },
    }),
  ),
  identityRoute({
    call: 'getIdentityUploadUrl',
    replacement: `POST ${CUSTOMER_API}/files/upload-url`,
    method: 'POST',
    path: `${BASE}/upload-url`,
    summary: "a URL to PUT one identity file's bytes to",
    body: UploadUrlRequest,
    responses: { 201: { description: 'Where to upload', schema: dataOf(UploadUrl) }, 400: platformErrors.invalid },
    async handle(context) {
      const input = parseJsonBody(UploadUrlRequest, context.request.body)
      return reply(201, {
        data: await createUploadUrl(
          context.tenant,
          customerOf(context),
          input,
          context.core.options.origins?.api ?? '',
        ),
      })
    },
  }),
  identityRoute({
    call: 'submitIdentityFiles',
    replacement: `POST ${CUSTOMER_API}/files/confirm`,
    method: 'POST',
    path: `${BASE}/files`,
    summary: 'confirm uploaded files for verification',
    body: ConfirmFilesRequest,
    responses: details,
    async handle(context) {
      const customerId = customerOf(context)
      await confirmFiles(context.tenant, customerId, parseJsonBody(ConfirmFilesRequest, context.request.body).uploadIds)
      return reply(200, { data: await getIdentity(context.tenant, customerId) })
    },
  }),
  identityRoute({
    call: 'verifyIdentity',
    replacement: `POST ${CUSTOMER_API}/verify`,
    method: 'POST',
    path: `${BASE}/verify`,
    summary: 'submit the customer for KYC (pending now, decided 60 s later)',
    responses: {
      200: details[200],
      409: {
        description: 'Requirements are outstanding, or KYC is already pending or approved',
        schema: PlatformError,
      },
    },
    async handle(context) {
      const customerId = customerOf(context)
      await verifyCustomer(context.tenant, customerId)
      return reply(200, { data: await getIdentity(context.tenant, customerId) })
    },
  }),
]

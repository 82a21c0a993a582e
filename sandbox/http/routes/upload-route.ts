import { PlatformError, UploadQuery, UploadReceipt, dataOf } from '#contract/index.ts'
import { receiveUpload, uploadTokenTenant } from '#domain/customers/index.ts'
import { parseQuery } from '../parse-input.ts'
import { reply, type PlainRequest } from '../plain-http.ts'
import type { PublicRoute, RouteHost } from '../route.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import type { Tenant } from '#kernel/tenant.ts'

const refused = (description: string) => ({ description, schema: PlatformError })

/** The tenant an upload token names; 401 when it names none of this sandbox. */
function tokenTenant(core: RouteHost, request: PlainRequest): { tenant: Tenant; token: string } {
  if (request.query.token === undefined)
    throw new SandboxError('unauthorized', 'token is required: use the uploadUrl exactly as issued')
  const { token } = parseQuery(UploadQuery, request.query)
  const tenant = core.tenants.byId(uploadTokenTenant(token) ?? '')
  if (!tenant) throw new SandboxError('unauthorized', 'token is not a valid upload token of this sandbox')
  return { tenant, token }
}

/**
 * `PUT /platform/v1/uploads/:uploadId?token=…`: the raw bytes of one file.
 * No API key: the signed token of the upload URL authorizes the call and names
 * the tenant, so a browser can upload straight from the customer's device.
 */
export const uploadRoute: PublicRoute = {
  method: 'PUT',
  path: '/platform/v1/uploads/:uploadId',
  family: 'platform',
  operationId: 'uploadCustomerFile',
  tag: 'Customer API',
  auth: 'none',
  // The customer's browser uploads from the partner's page: the tenant the token names decides which origins may.
  cors: 'tenant',
  corsTenant: ({ core, request }) =>
    typeof request.query.token === 'string'
      ? core.tenants.byId(uploadTokenTenant(request.query.token) ?? '')
      : undefined,
  summary: "Upload a file's raw bytes to an uploadUrl (JPEG, PNG or PDF, at most the declared size and 1 MB)",
  query: UploadQuery,
  responses: {
    200: { description: 'The bytes were received', schema: dataOf(UploadReceipt) },
    400: refused('The body is empty'),
    401: refused('The token is missing, invalid, expired or for another upload'),
    404: refused('The upload no longer exists (the tenant was reset)'),
    409: refused('The upload already received its file'),
    413: refused('The body is larger than the declared size or 1 MB'),
    415: refused("The bytes' magic number does not match the declared contentType"),
  },
  async handle({ core, params, request }) {
    const { tenant, token } = tokenTenant(core, request)
    tenant.clock.runDue()
    const bytes = request.bytes ?? new TextEncoder().encode(request.body ?? '')
    return reply(200, { data: await receiveUpload(tenant, params.uploadId!, token, bytes) })
  },
}

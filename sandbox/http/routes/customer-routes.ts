import { z } from 'zod'
import {
  ConfirmFilesRequest,
  Customer,
  CustomerDetails,
  CustomerExport,
  CustomerFile,
  ExportRequest,
  PersonalDetails,
  PlatformError,
  SubmitDetailsRequest,
  UploadUrl,
  UploadUrlRequest,
  dataOf,
} from '#contract/index.ts'
import {
  confirmFiles,
  createUploadUrl,
  exportCustomer,
  getCustomerDetails,
  submitDetails,
  verifyCustomer,
} from '#domain/customers/index.ts'
import { parseJsonBody } from '../parse-input.ts'
import { reply } from '../plain-http.ts'
import type { Route, TenantRoute } from '../route.ts'
import { platformErrors } from './platform-responses.ts'
import { uploadRoute } from './upload-route.ts'

const BASE = '/platform/v1/customers/:customerId'
const conflict = { description: 'The customer is not in a state that allows this call', schema: PlatformError }

/** A Customer API route: platform family, its tag, secret key, 401 and 404 documented. */
function customerRoute(route: Omit<TenantRoute, 'family' | 'auth' | 'tag'>): TenantRoute {
  return {
    ...route,
    family: 'platform',
    tag: 'Customer API',
    auth: 'secret-header',
    responses: {
      ...route.responses,
      401: platformErrors.unauthorized,
      404: { description: 'No such customer for this account', schema: PlatformError },
    },
  }
}

/** Routes of the customerId-keyed Customer API (DESIGN §4; docs/customer-api.md). */
export const customerRoutes: Route[] = [
  customerRoute({
    method: 'GET',
    path: BASE,
    operationId: 'getCustomer',
    summary: 'Read a customer: KYC status, outstanding requirements, details and files',
    responses: { 200: { description: 'The customer', schema: dataOf(CustomerDetails) } },
    handle: async ({ tenant, params }) => reply(200, { data: await getCustomerDetails(tenant, params.customerId!) }),
  }),
  customerRoute({
    method: 'POST',
    path: `${BASE}/details`,
    operationId: 'submitCustomerDetails',
    summary: "Submit the customer's name, date of birth (18 or older) and address; clears the details requirement",
    body: SubmitDetailsRequest,
    responses: {
      200: { description: 'The stored details', schema: dataOf(PersonalDetails) },
      400: platformErrors.invalid,
    },
    async handle({ tenant, params, request }) {
      const input = parseJsonBody(SubmitDetailsRequest, request.body)
      return reply(200, { data: await submitDetails(tenant, params.customerId!, input) })
    },
  }),
  customerRoute({
    method: 'POST',
    path: `${BASE}/files/upload-url`,
    operationId: 'createCustomerUploadUrl',
    summary: "Get a URL to PUT one file's bytes to (valid 15 minutes of sandbox time)",
    body: UploadUrlRequest,
    responses: { 201: { description: 'Where to upload', schema: dataOf(UploadUrl) }, 400: platformErrors.invalid },
    async handle({ tenant, params, request, core }) {
      const input = parseJsonBody(UploadUrlRequest, request.body)
      return reply(201, {
        data: await createUploadUrl(tenant, params.customerId!, input, core.options.origins?.api ?? ''),
      })
    },
  }),
  uploadRoute,
  customerRoute({
    method: 'POST',
    path: `${BASE}/files/confirm`,
    operationId: 'confirmCustomerFiles',
    summary: 'Confirm uploaded files for verification; clears identity_document and selfie requirements',
    body: ConfirmFilesRequest,
    responses: {
      200: { description: 'The confirmed files', schema: dataOf(z.array(CustomerFile)) },
      400: platformErrors.invalid,
    },
    async handle({ tenant, params, request }) {
      const { uploadIds } = parseJsonBody(ConfirmFilesRequest, request.body)
      return reply(200, { data: await confirmFiles(tenant, params.customerId!, uploadIds) })
    },
  }),
  customerRoute({
    method: 'POST',
    path: `${BASE}/verify`,
    operationId: 'verifyCustomer',
    summary: 'Submit the customer for KYC: pending now, decided 60 s later (lastName magic values choose the outcome)',
    responses: { 200: { description: 'The customer, kyc.status pending', schema: dataOf(Customer) }, 409: conflict },
    handle: async ({ tenant, params }) => reply(200, { data: await verifyCustomer(tenant, params.customerId!) }),
  }),
  customerRoute({
    method: 'POST',
    path: `${BASE}/export`,
    operationId: 'exportCustomer',
    summary:
      'Export everything held about the customer, with a consent token from the customer-export frame (usable once)',
    body: ExportRequest,
    responses: {
      200: { description: 'The export', schema: dataOf(CustomerExport) },
      400: platformErrors.invalid,
      403: { description: 'The consent token is invalid, expired, used, or another customer’s', schema: PlatformError },
    },
    async handle({ tenant, params, request }) {
      const { consentToken } = parseJsonBody(ExportRequest, request.body)
      return reply(200, { data: await exportCustomer(tenant, params.customerId!, consentToken) })
    },
  }),
]

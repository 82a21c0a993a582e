import type { z } from 'zod'
import type {
  ConfirmFilesRequest,
  Identity,
  SubmitDetailsRequest,
  UploadUrl,
  UploadUrlRequest,
} from '#contract/index.ts'
import type { ClientReply } from './api-calls.ts'
import type { ClientOptions } from './client-options.ts'

/** An API call of the client: Bearer access token, method, path, JSON body; the reply as the contract types it (`T`). */
export type ClientApi = <T>(
  options: ClientOptions,
  accessToken: string,
  method: string,
  path: string,
  body?: unknown,
) => Promise<ClientReply<T>>

/** The identity, as every identity call but the upload URL answers it. */
type IdentityReply = { data: z.output<typeof Identity> }

/** The deprecated web identity calls, each with the customerId-keyed Customer API call (server, secret key) that replaces it. */
export const IDENTITY_CALL_REPLACEMENTS = {
  createIdentity: 'POST /platform/v1/customers/{customerId}/details',
  getIdentity: 'GET /platform/v1/customers/{customerId}',
  updateIdentity: 'POST /platform/v1/customers/{customerId}/details',
  verifyIdentity: 'POST /platform/v1/customers/{customerId}/verify',
  getIdentityUploadUrl: 'POST /platform/v1/customers/{customerId}/files/upload-url',
  submitIdentityFiles: 'POST /platform/v1/customers/{customerId}/files/confirm',
} as const

/** The name of a deprecated web identity call. */
export type IdentityCallName = keyof typeof IDENTITY_CALL_REPLACEMENTS

/**
 * The warning a deprecated web identity call logs (once per client and call name).
 *
 * @example
 * deprecationWarning('getIdentity') // 'ramp-sandbox client: getIdentity is deprecated; … GET /platform/v1/customers/{customerId} …'
 */
export function deprecationWarning(name: IdentityCallName): string {
  return `ramp-sandbox client: ${name} is deprecated and gone under --strict-deprecations; call the Customer API from your server instead: ${IDENTITY_CALL_REPLACEMENTS[name]} (docs/customer-api.md)`
}

/**
 * The deprecated web identity calls of the browser client, for the customer of
 * an access token with full scope. They call `/platform/v1/identity…`, which
 * runs the Customer API's behaviour; each logs `console.warn` the first time it
 * is called on this client. `createClient` leaves them out when its options say
 * `strictDeprecations: true`.
 *
 * @example
 * const calls = identityCalls(options, api)
 * await calls.getIdentity(accessToken) // { status: 200, body: { data: { identityId: 'idn_…', kyc: { … }, … } } }
 */
export function identityCalls(options: ClientOptions, api: ClientApi) {
  const warned = new Set<IdentityCallName>()
  const call = <T = IdentityReply>(
    name: IdentityCallName,
    accessToken: string,
    method: string,
    path: string,
    body?: unknown,
  ) => {
    if (!warned.has(name)) {
      warned.add(name)
      console.warn(deprecationWarning(name))
    }
    return api<T>(options, accessToken, method, `/platform/v1/identity${path}`, body)
  }
  return {
    /** @deprecated Use the Customer API: `POST /platform/v1/customers/{customerId}/details`. Submits the customer's details. */
    createIdentity: (accessToken: string, details: z.input<typeof SubmitDetailsRequest>) =>
      call('createIdentity', accessToken, 'POST', '', details),
    /** @deprecated Use the Customer API: `GET /platform/v1/customers/{customerId}`. The customer's identity, with `identityId`. */
    getIdentity: (accessToken: string) => call('getIdentity', accessToken, 'GET', ''),
    /** @deprecated Use the Customer API: `POST /platform/v1/customers/{customerId}/details`. Replaces the customer's details. */
    updateIdentity: (accessToken: string, details: z.input<typeof SubmitDetailsRequest>) =>
      call('updateIdentity', accessToken, 'PUT', '', details),
    /** @deprecated Use the Customer API: `POST /platform/v1/customers/{customerId}/verify`. Submits the customer for KYC. */
    verifyIdentity: (accessToken: string) => call('verifyIdentity', accessToken, 'POST', '/verify'),
    /** @deprecated Use the Customer API: `POST /platform/v1/customers/{customerId}/files/upload-url`. Where to `PUT` one file. */
    getIdentityUploadUrl: (accessToken: string, file: z.input<typeof UploadUrlRequest>) =>
      call<{ data: z.output<typeof UploadUrl> }>('getIdentityUploadUrl', accessToken, 'POST', '/upload-url', file),
    /** @deprecated Use the Customer API: `POST /platform/v1/customers/{customerId}/files/confirm`. Confirms uploaded files. */
    submitIdentityFiles: (accessToken: string, uploadIds: z.input<typeof ConfirmFilesRequest>['uploadIds']) =>
      call('submitIdentityFiles', accessToken, 'POST', '/files', { uploadIds }),
  }
}

/** The deprecated web identity calls, as a client has them (absent under `strictDeprecations`). */
export type IdentityCalls = ReturnType<typeof identityCalls>

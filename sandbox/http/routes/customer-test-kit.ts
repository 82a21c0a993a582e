import { expect } from 'vitest'
import {
  CustomerDetails,
  IdentityCheck,
  UploadReceipt,
  UploadUrl,
  dataOf,
  type DocumentType,
  type UploadContentType,
} from '#contract/index.ts'
import { handlerTransport } from '#kernel/webhook-transport.ts'
import { parseQueryString, type PlainReply } from '../plain-http.ts'
import { createSandboxCore, type SandboxCore } from '../sandbox-core.ts'
import type { Tenant } from '#kernel/tenant.ts'
import { conforms, send } from '../test-request.ts'

/** Test helpers of the Customer API route tests: accounts, customers, file bytes, uploads. */

let suffix = 0

/** A fresh test account (its own tenant) with the secret-key headers to call it. */
export function freshAccount(label: string) {
  const account = `${label}${++suffix}`
  return { account, sk: `sk_test_${account}`, headers: { 'x-api-key': `sk_test_${account}` } }
}

/** The tenant of a test account. */
export function tenantOf(core: SandboxCore, account: string): Tenant {
  return core.tenants.get(account, 'test')
}

/** The id of a magic customer of a test account, found by email. */
export async function customerId(core: SandboxCore, account: string, email: string): Promise<string> {
  const record = (await tenantOf(core, account).store()).customerByEmail(email)
  if (!record) throw new Error(`no customer ${email}`)
  return record.id
}

/** Bytes that start with `head` and are `size` long in all. */
function file(head: number[], size: number): Uint8Array {
  const bytes = new Uint8Array(size).fill(0x20)
  bytes.set(head)
  return bytes
}

/** Minimal bytes of each accepted format (their magic numbers, padded). */
export const sampleBytes: Record<UploadContentType, (size?: number) => Uint8Array> = {
  'image/jpeg': (size = 64) => file([0xff, 0xd8, 0xff, 0xe0], size),
  'image/png': (size = 64) => file([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], size),
  'application/pdf': (size = 64) => file([...new TextEncoder().encode('%PDF-1.7\n')], size),
}

/** `PUT`s raw bytes to an upload URL (absolute or relative), as a browser would. */
export async function putBytes(core: SandboxCore, uploadUrl: string, bytes: Uint8Array): Promise<PlainReply> {
  const url = new URL(uploadUrl, 'http://sandbox.invalid')
  const response = await core.handle({
    method: 'PUT',
    path: url.pathname,
    query: parseQueryString(url.search.slice(1)),
    headers: {},
    body: new TextDecoder().decode(bytes),
    bytes,
  })
  if (response.kind !== 'reply') throw new Error(`expected a reply, got ${response.kind}`)
  return response
}

/** Asks for an upload URL; returns the parsed answer. */
export async function requestUpload(
  core: SandboxCore,
  headers: Record<string, string>,
  id: string,
  documentType: DocumentType,
  contentType: UploadContentType = 'image/jpeg',
  size = 64,
) {
  const response = await send(core, `POST /platform/v1/customers/${id}/files/upload-url`, {
    headers,
    body: { documentType, contentType, size },
  })
  expect(response.status).toBe(201)
  return conforms(dataOf(UploadUrl), response.body).data
}

/** Asks for an upload URL and uploads matching bytes; returns the upload id. */
export async function uploadFile(
  core: SandboxCore,
  headers: Record<string, string>,
  id: string,
  documentType: DocumentType,
): Promise<string> {
  const { uploadId, uploadUrl } = await requestUpload(core, headers, id, documentType)
  const response = await putBytes(core, uploadUrl, sampleBytes['image/jpeg']())
  expect(response.status).toBe(200)
  conforms(dataOf(UploadReceipt), response.body)
  return uploadId
}

/** Valid details for `POST …/details`. */
export function details(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    dateOfBirth: '1990-12-10',
    address: { line1: '1 Main St', city: 'Albany', postalCode: '12207', country: 'USA', administrativeArea: 'NY' },
    ...overrides,
  }
}

/** The guest customer of a fresh account with details, an identity document and a selfie confirmed. */
export async function readyCustomer(core: SandboxCore, label: string, lastName = 'Lovelace') {
  const { account, headers } = freshAccount(label)
  const id = await customerId(core, account, 'guest@sandbox.test')
  expect(
    (await send(core, `POST /platform/v1/customers/${id}/details`, { headers, body: details({ lastName }) })).status,
  ).toBe(200)
  const uploadIds = [await uploadFile(core, headers, id, 'passport'), await uploadFile(core, headers, id, 'selfie')]
  expect(
    (await send(core, `POST /platform/v1/customers/${id}/files/confirm`, { headers, body: { uploadIds } })).status,
  ).toBe(200)
  return { account, headers, id, tenant: tenantOf(core, account) }
}

/** The guest customer (requirements: details, identity_document, selfie) of a fresh account. */
export async function freshGuest(core: SandboxCore, label: string) {
  const { account, headers } = freshAccount(label)
  return { account, headers, id: await customerId(core, account, 'guest@sandbox.test') }
}

/** Reads a customer through `GET /platform/v1/customers/:id`, checked against the contract. */
export async function readCustomer(core: SandboxCore, id: string, headers: Record<string, string>) {
  return conforms(dataOf(CustomerDetails), (await send(core, `GET /platform/v1/customers/${id}`, { headers })).body)
    .data
}

/** Reads a customer's identity check through `GET /__sandbox/customers/{id}/identity_check`, checked against the contract. */
export async function readIdentityCheck(
  core: SandboxCore,
  id: string,
  headers: Record<string, string>,
): Promise<IdentityCheck> {
  const response = await send(core, `GET /__sandbox/customers/${id}/identity_check`, { headers })
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return conforms(dataOf(IdentityCheck), response.body).data
}

/**
 * A ready customer (`readyCustomer`, last name `lastName`) in a core whose webhooks arrive in process, its account's
 * endpoint taking both KYC events (`identity_check_updated`, `customer.identity_status_updated`, so family `both`),
 * and `since()`: the raw bodies received since the last call, once the account's background work settled.
 *
 * @example
 * const flow = await watchedCustomer('kyc'); await send(flow.core, `POST /platform/v1/customers/${flow.id}/verify`, { headers: flow.headers })
 * (await flow.since()).length // 2
 */
export async function watchedCustomer(label: string, lastName?: string) {
  const bodies: Array<Promise<string>> = []
  const core = createSandboxCore({
    seed: 1,
    webhookTransport: handlerTransport((request) => void bodies.push(request.text())),
  })
  const customer = await readyCustomer(core, label, lastName)
  const body = {
    url: 'http://127.0.0.1:9/hooks',
    events: ['identity_check_updated', 'customer.identity_status_updated'],
  }
  expect((await send(core, 'POST /__sandbox/webhooks/endpoints', { headers: customer.headers, body })).status).toBe(201)
  let seen = 0
  return {
    core,
    ...customer,
    /** The bodies received since the last call, in the order their attempts started. */
    async since(): Promise<string[]> {
      await customer.tenant.background.settled()
      const texts = await Promise.all(bodies.slice(seen))
      seen = bodies.length
      return texts
    },
  }
}

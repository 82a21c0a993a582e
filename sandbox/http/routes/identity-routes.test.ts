import { describe, expect, it } from 'vitest'
import { CustomerDetails, Identity, PlatformError, UploadUrl, dataOf } from '#contract/index.ts'
import { identityIdOf } from '#domain/customers/index.ts'
import { createSandboxCore, type SandboxCore } from '../sandbox-core.ts'
import { conforms, send } from '../test-request.ts'
import { details, putBytes, sampleBytes } from './customer-test-kit.ts'
import { magic, platformAccount } from './platform-test-kit.ts'

const core = createSandboxCore()

/** The guest customer (KYC not started; details, document and selfie outstanding) with full credentials, and its Customer API read. */
async function guestWithToken(sandbox: SandboxCore = core) {
  const account = platformAccount(sandbox)
  const { connection } = await account.connect(magic.guest)
  const customerId = connection.customer!.id
  const bearer = { authorization: `Bearer ${connection.credentials.accessToken}` }
  const call = (line: string, body?: unknown) => send(sandbox, line, { headers: bearer, body })
  const customerApi = async () =>
    conforms(
      dataOf(CustomerDetails),
      (await send(sandbox, `GET /platform/v1/customers/${customerId}`, { headers: account.headers })).body,
    ).data
  return { account, customerId, bearer, call, customerApi, anonymous: connection }
}

const identityOf = (response: { body?: unknown }) => conforms(dataOf(Identity), response.body).data

/** Uploads a file of `documentType` through getIdentityUploadUrl and the upload URL; returns its id. */
async function upload(call: Awaited<ReturnType<typeof guestWithToken>>['call'], documentType: string) {
  const response = await call('POST /platform/v1/identity/upload-url', {
    documentType,
    contentType: 'image/jpeg',
    size: 64,
  })
  expect(response.status).toBe(201)
  const { uploadId, uploadUrl } = conforms(dataOf(UploadUrl), response.body).data
  expect((await putBytes(core, uploadUrl, sampleBytes['image/jpeg']())).status).toBe(200)
  return uploadId
}

describe('web identity routes (deprecated)', () => {
  it("answers getIdentity with the token customer's Customer API read and its identityId", async () => {
    const { call, customerApi, customerId } = await guestWithToken()
    const response = await call('GET /platform/v1/identity')
    expect(response.status).toBe(200)
    expect(identityOf(response)).toEqual({ identityId: identityIdOf(customerId), ...(await customerApi()) })
  })

  it('submits details for createIdentity (POST) and updateIdentity (PUT), clearing the details requirement', async () => {
    const { call, customerApi } = await guestWithToken()
    const created = identityOf(await call('POST /platform/v1/identity', details()))
    expect(created.details.lastName).toBe('Lovelace')
    expect(created.kyc.requirements).toEqual(['identity_document', 'selfie'])
    const updated = identityOf(await call('PUT /platform/v1/identity', details({ lastName: 'Byron' })))
    expect(updated.details.lastName).toBe('Byron')
    expect((await customerApi()).details.lastName).toBe('Byron')
  })

  it("refuses details by the Customer API's rules, naming the field", async () => {
    const { call } = await guestWithToken()
    const response = await call('POST /platform/v1/identity', details({ dateOfBirth: '2020-01-01' }))
    expect(response.status).toBe(400)
    expect(conforms(PlatformError, response.body).errors).toEqual([
      { field: 'dateOfBirth', message: expect.stringContaining('at least 18') },
    ])
  })

  it('gives an upload URL for getIdentityUploadUrl, and submitIdentityFiles confirms the uploads, clearing document and selfie', async () => {
    const { call } = await guestWithToken()
    const uploadIds = [await upload(call, 'passport'), await upload(call, 'selfie')]
    const identity = identityOf(await call('POST /platform/v1/identity/files', { uploadIds }))
    expect(identity.kyc.requirements).toEqual(['details'])
    expect(identity.files.map((f) => [f.id, f.status])).toEqual([
      [uploadIds[0], 'confirmed'],
      [uploadIds[1], 'confirmed'],
    ])
  })

  it('refuses verifyIdentity with 409 while requirements are outstanding, and puts KYC pending once they are met', async () => {
    const { call, customerApi } = await guestWithToken()
    expect(conforms(PlatformError, (await call('POST /platform/v1/identity/verify')).body).code).toBe('conflict')
    await call('POST /platform/v1/identity', details())
    await call('POST /platform/v1/identity/files', {
      uploadIds: [await upload(call, 'passport'), await upload(call, 'selfie')],
    })
    const verified = await call('POST /platform/v1/identity/verify')
    expect(verified.status).toBe(200)
    expect(identityOf(verified).kyc).toEqual({ status: 'pending', requirements: [] })
    expect((await customerApi()).kyc.status).toBe('pending')
  })

  it('needs full credentials: 401 without a token, 403 with anonymous ones', async () => {
    const account = platformAccount(core)
    const { connection } = await account.connect(magic.kycPending)
    expect((await send(core, 'GET /platform/v1/identity')).status).toBe(401)
    const anonymous = await send(core, 'GET /platform/v1/identity', {
      headers: { authorization: `Bearer ${connection.credentials.accessToken}` },
    })
    expect(anonymous.status).toBe(403)
  })

  it('journals every identity call as deprecated', async () => {
    const { call, account } = await guestWithToken()
    await call('GET /platform/v1/identity')
    expect(account.tenant().journal.list({ kind: 'api' }).at(-1)).toMatchObject({
      path: '/platform/v1/identity',
      status: 200,
      deprecated: true,
    })
  })

  it.each([
    ['GET /platform/v1/identity', 'getIdentity', 'GET /platform/v1/customers/{customerId}'],
    ['POST /platform/v1/identity', 'createIdentity', 'POST /platform/v1/customers/{customerId}/details'],
    ['PUT /platform/v1/identity', 'updateIdentity', 'POST /platform/v1/customers/{customerId}/details'],
    [
      'POST /platform/v1/identity/upload-url',
      'getIdentityUploadUrl',
      'POST /platform/v1/customers/{customerId}/files/upload-url',
    ],
    [
      'POST /platform/v1/identity/files',
      'submitIdentityFiles',
      'POST /platform/v1/customers/{customerId}/files/confirm',
    ],
    ['POST /platform/v1/identity/verify', 'verifyIdentity', 'POST /platform/v1/customers/{customerId}/verify'],
  ])('answers %s (%s) 404 under --strict-deprecations, naming %s', async (line, call, replacement) => {
    const strict = await guestWithToken(createSandboxCore({ strictDeprecations: true }))
    const response = await strict.call(line, {})
    expect(response.status).toBe(404)
    expect(conforms(PlatformError, response.body)).toEqual({
      code: 'not_found',
      message: `${line} (${call}) is retired under --strict-deprecations; use the Customer API: ${replacement}`,
    })
  })

  it('lists the six identity operations in /openapi.json as deprecated, with Bearer auth', async () => {
    const { paths } = (await send(core, 'GET /openapi.json')).body as {
      paths: Record<string, Record<string, { deprecated?: boolean; security: unknown[] }>>
    }
    const operations = [
      '/platform/v1/identity',
      '/platform/v1/identity/upload-url',
      '/platform/v1/identity/files',
      '/platform/v1/identity/verify',
    ].flatMap((path) =>
      Object.entries(paths[path] ?? {}).map(([method, operation]) => [`${method} ${path}`, operation] as const),
    )
    expect(operations.map(([name]) => name).sort()).toEqual([
      'get /platform/v1/identity',
      'post /platform/v1/identity',
      'post /platform/v1/identity/files',
      'post /platform/v1/identity/upload-url',
      'post /platform/v1/identity/verify',
      'put /platform/v1/identity',
    ])
    for (const [, operation] of operations)
      expect(operation).toMatchObject({ deprecated: true, security: [{ accessToken: [] }] })
  })
})

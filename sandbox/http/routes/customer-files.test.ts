import { beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { CustomerFile, PlatformError, UploadUrl, dataOf } from '#contract/index.ts'
import { createSandboxCore, type SandboxCore } from '../sandbox-core.ts'
import { conforms, send } from '../test-request.ts'
import {
  customerId,
  freshAccount,
  freshGuest,
  requestUpload,
  tenantOf,
  uploadFile,
  readCustomer,
} from './customer-test-kit.ts'

let core: SandboxCore

beforeAll(() => {
  core = createSandboxCore({ seed: 1 })
})

const guest = (label: string) => freshGuest(core, label)

const read = (id: string, headers: Record<string, string>) => readCustomer(core, id, headers)
const confirm = (id: string, headers: Record<string, string>, uploadIds: string[]) =>
  send(core, `POST /platform/v1/customers/${id}/files/confirm`, { headers, body: { uploadIds } })

describe('POST /platform/v1/customers/:customerId/files/upload-url', () => {
  it('issues an upload URL on the API origin, valid 15 minutes', async () => {
    const served = createSandboxCore({
      seed: 1,
      origins: { api: 'http://127.0.0.1:4010', frames: 'http://127.0.0.1:4011' },
    })
    const { account, headers } = freshAccount('furl')
    const id = (await tenantOf(served, account).store()).customerByEmail('guest@sandbox.test')!.id
    const response = await send(served, `POST /platform/v1/customers/${id}/files/upload-url`, {
      headers,
      body: { documentType: 'passport', contentType: 'image/jpeg', size: 10 },
    })
    const { data } = conforms(dataOf(UploadUrl), response.body)
    expect(data.uploadUrl).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:4010/platform/v1/uploads/${data.uploadId}\\?token=up_`),
    )
    expect(data.expiresAt).toBe('2026-01-01T00:15:00.000Z')
  })

  it('gives a relative URL when the sandbox has no API origin', async () => {
    const { headers, id } = await guest('frelative')
    expect((await requestUpload(core, headers, id, 'passport')).uploadUrl).toMatch(
      /^\/platform\/v1\/uploads\/upl_[A-Za-z0-9]+\?token=up_/,
    )
  })

  it('refuses a declared size over 1 MB', async () => {
    const { headers, id } = await guest('fbigsize')
    const response = await send(core, `POST /platform/v1/customers/${id}/files/upload-url`, {
      headers,
      body: { documentType: 'selfie', contentType: 'image/png', size: 1_000_001 },
    })
    expect(response.status).toBe(400)
    expect(conforms(PlatformError, response.body).errors).toEqual([
      { field: 'size', message: 'size must be at most 1000000' },
    ])
  })

  it('refuses a content type it does not accept', async () => {
    const { headers, id } = await guest('fgif')
    const response = await send(core, `POST /platform/v1/customers/${id}/files/upload-url`, {
      headers,
      body: { documentType: 'selfie', contentType: 'image/gif', size: 10 },
    })
    expect(conforms(PlatformError, response.body).errors?.[0]?.field).toBe('contentType')
  })
})

describe('POST /platform/v1/customers/:customerId/files/confirm', () => {
  it('confirms the files and clears the identity_document and selfie requirements', async () => {
    const { headers, id } = await guest('fconfirm')
    const uploadIds = [
      await uploadFile(core, headers, id, 'driving_licence'),
      await uploadFile(core, headers, id, 'selfie'),
    ]
    const response = await confirm(id, headers, uploadIds)
    expect(response.status).toBe(200)
    expect(conforms(dataOf(z.array(CustomerFile)), response.body).data.map((f) => [f.id, f.status])).toEqual(
      uploadIds.map((u) => [u, 'confirmed']),
    )
    expect((await read(id, headers)).kyc.requirements).toEqual(['details'])
  })

  it('keeps the selfie requirement when only an identity document is confirmed', async () => {
    const { headers, id } = await guest('fidonly')
    await confirm(id, headers, [await uploadFile(core, headers, id, 'passport')])
    expect((await read(id, headers)).kyc.requirements).toEqual(['details', 'selfie'])
  })

  it('refuses a file that has not been uploaded, naming it', async () => {
    const { headers, id } = await guest('fnotuploaded')
    const { uploadId } = await requestUpload(core, headers, id, 'passport')
    const response = await confirm(id, headers, [uploadId])
    expect(response.status).toBe(400)
    expect(conforms(PlatformError, response.body).errors).toEqual([
      {
        field: 'uploadIds.0',
        message: `uploadIds.0 must be uploaded and not yet confirmed; ${uploadId} is awaiting_upload`,
      },
    ])
  })

  it("refuses another customer's file and confirms none", async () => {
    const { account, headers, id } = await guest('fforeign')
    const other = await customerId(core, account, 'active.gb@sandbox.test')
    const mine = await uploadFile(core, headers, id, 'passport')
    const theirs = await uploadFile(core, headers, other, 'passport')
    const response = await confirm(id, headers, [mine, theirs])
    expect(conforms(PlatformError, response.body).errors?.map((e) => e.field)).toEqual(['uploadIds.1'])
    expect((await read(id, headers)).files[0]?.status).toBe('uploaded')
  })

  it('refuses an empty list', async () => {
    const { headers, id } = await guest('fnone')
    const response = await confirm(id, headers, [])
    expect(conforms(PlatformError, response.body).errors).toEqual([
      { field: 'uploadIds', message: 'uploadIds must have at least 1 items' },
    ])
  })
})

import { beforeAll, describe, expect, it } from 'vitest'
import { PlatformError, UploadReceipt, dataOf, type UploadContentType } from '#contract/index.ts'
import { createSandboxCore, type SandboxCore } from '../sandbox-core.ts'
import { conforms } from '../test-request.ts'
import {
  freshGuest,
  putBytes,
  requestUpload,
  sampleBytes,
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

describe('PUT /platform/v1/uploads/:uploadId', () => {
  it.each(['image/jpeg', 'image/png', 'application/pdf'] satisfies UploadContentType[])(
    'accepts %s bytes that match their declared type',
    async (contentType) => {
      const { headers, id } = await guest('fformat')
      const { uploadId, uploadUrl } = await requestUpload(core, headers, id, 'national_id', contentType, 100)
      const response = await putBytes(core, uploadUrl, sampleBytes[contentType](80))
      expect(response.status).toBe(200)
      expect(conforms(dataOf(UploadReceipt), response.body).data).toEqual({ uploadId, status: 'uploaded', size: 80 })
      expect((await read(id, headers)).files).toEqual([
        { id: uploadId, documentType: 'national_id', contentType, size: 80, status: 'uploaded' },
      ])
    },
  )

  it('journals file:uploaded', async () => {
    const { account, headers, id } = await guest('fjournal')
    await uploadFile(core, headers, id, 'passport')
    const events = tenantOf(core, account)
      .journal.list({ kind: 'state' })
      .map((e) => (e.kind === 'state' ? e.event : ''))
    expect(events).toContain('file:uploaded')
  })

  it('answers 415 when the magic number does not match the declared type', async () => {
    const { headers, id } = await guest('fmagic')
    const { uploadUrl } = await requestUpload(core, headers, id, 'passport', 'image/jpeg')
    const response = await putBytes(core, uploadUrl, sampleBytes['image/png']())
    expect(response.status).toBe(415)
    expect(conforms(PlatformError, response.body).message).toBe(
      'body must be a image/jpeg file, as declared; its leading bytes are not',
    )
  })

  it('answers 413 for more bytes than declared', async () => {
    const { headers, id } = await guest('foversize')
    const { uploadUrl } = await requestUpload(core, headers, id, 'passport', 'application/pdf', 100)
    const response = await putBytes(core, uploadUrl, sampleBytes['application/pdf'](101))
    expect(response.status).toBe(413)
    expect(conforms(PlatformError, response.body).message).toBe(
      'body must be at most the declared size of 100 bytes; it is 101',
    )
  })

  it('answers 413 for more than 1 MB', async () => {
    const { headers, id } = await guest('fmegabyte')
    const { uploadUrl } = await requestUpload(core, headers, id, 'passport', 'application/pdf', 1_000_000)
    const response = await putBytes(core, uploadUrl, sampleBytes['application/pdf'](1_000_001))
    expect(response.status).toBe(413)
    expect(conforms(PlatformError, response.body).message).toBe('body must be at most 1000000 bytes; it is 1000001')
  })

  it('answers 400 for an empty body', async () => {
    const { headers, id } = await guest('fempty')
    const { uploadUrl } = await requestUpload(core, headers, id, 'passport')
    const response = await putBytes(core, uploadUrl, new Uint8Array())
    expect(response.status).toBe(400)
    expect(conforms(PlatformError, response.body).errors?.[0]?.field).toBe('body')
  })

  it('refuses a token that expired after 15 minutes of tenant time', async () => {
    const { account, headers, id } = await guest('fexpired')
    const { uploadUrl } = await requestUpload(core, headers, id, 'passport')
    tenantOf(core, account).clock.advance(16 * 60_000)
    const response = await putBytes(core, uploadUrl, sampleBytes['image/jpeg']())
    expect(response.status).toBe(401)
    expect(conforms(PlatformError, response.body).message).toBe('token has expired')
  })

  it('refuses a tampered token', async () => {
    const { headers, id } = await guest('ftampered')
    const { uploadUrl } = await requestUpload(core, headers, id, 'passport')
    const tampered = uploadUrl.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'))
    const response = await putBytes(core, tampered, sampleBytes['image/jpeg']())
    expect(response.status).toBe(401)
    expect(conforms(PlatformError, response.body).message).toMatch(
      /^token was not signed by this sandbox \(tampered with/,
    )
  })

  it('refuses a missing token', async () => {
    const { headers, id } = await guest('fnotoken')
    const { uploadId } = await requestUpload(core, headers, id, 'passport')
    const response = await putBytes(core, `/platform/v1/uploads/${uploadId}`, sampleBytes['image/jpeg']())
    expect(response.status).toBe(401)
  })

  it("refuses another upload's token", async () => {
    const { headers, id } = await guest('fswap')
    const first = await requestUpload(core, headers, id, 'passport')
    const second = await requestUpload(core, headers, id, 'selfie')
    const response = await putBytes(
      core,
      first.uploadUrl.replace(first.uploadId, second.uploadId),
      sampleBytes['image/jpeg'](),
    )
    expect(response.status).toBe(401)
    expect(conforms(PlatformError, response.body).message).toBe(
      `token was issued for another upload than ${second.uploadId}`,
    )
  })

  it('answers 409 to a second upload to the same id', async () => {
    const { headers, id } = await guest('ftwice')
    const { uploadUrl } = await requestUpload(core, headers, id, 'passport')
    expect((await putBytes(core, uploadUrl, sampleBytes['image/jpeg']())).status).toBe(200)
    const response = await putBytes(core, uploadUrl, sampleBytes['image/jpeg']())
    expect(response.status).toBe(409)
    expect(conforms(PlatformError, response.body).code).toBe('conflict')
  })
})

import { beforeAll, describe, expect, it } from 'vitest'
import { Customer, CustomerDetails, CustomerExport, PlatformError, dataOf } from '#contract/index.ts'
import { issueExportConsent } from '#domain/customers/index.ts'
import { createSandboxCore, type SandboxCore } from '../sandbox-core.ts'
import { conforms, send } from '../test-request.ts'
import { customerId, freshAccount, readyCustomer, tenantOf, uploadFile } from './customer-test-kit.ts'

let core: SandboxCore

beforeAll(() => {
  core = createSandboxCore({ seed: 1 })
})

const verify = (id: string, headers: Record<string, string>) =>
  send(core, `POST /platform/v1/customers/${id}/verify`, { headers })
const kycStatus = async (id: string, headers: Record<string, string>) =>
  conforms(dataOf(CustomerDetails), (await send(core, `GET /platform/v1/customers/${id}`, { headers })).body).data.kyc
    .status
const exportOf = (id: string, headers: Record<string, string>, consentToken: string) =>
  send(core, `POST /platform/v1/customers/${id}/export`, { headers, body: { consentToken } })

describe('POST /platform/v1/customers/:customerId/verify', () => {
  it('answers 409 listing the outstanding requirements', async () => {
    const { account, headers } = freshAccount('vreq')
    const id = await customerId(core, account, 'guest@sandbox.test')
    const response = await verify(id, headers)
    expect(response.status).toBe(409)
    const error = conforms(PlatformError, response.body)
    expect(error.message).toBe(
      `customer ${id} cannot be verified until its outstanding requirements are met: details, identity_document, selfie`,
    )
    expect(error.errors?.map((e) => e.message)).toEqual([
      'details is outstanding',
      'identity_document is outstanding',
      'selfie is outstanding',
    ])
  })

  it('makes kyc.status pending at once', async () => {
    const { headers, id } = await readyCustomer(core, 'vpending')
    const response = await verify(id, headers)
    expect(response.status).toBe(200)
    expect(conforms(dataOf(Customer), response.body).data.kyc).toEqual({ status: 'pending', requirements: [] })
  })

  it('approves the customer exactly 60 s of tenant time later', async () => {
    const { headers, id, tenant } = await readyCustomer(core, 'vapprove')
    await verify(id, headers)
    tenant.clock.advance(59_999)
    expect(await kycStatus(id, headers)).toBe('pending')
    tenant.clock.advance(1)
    expect(await kycStatus(id, headers)).toBe('approved')
  })

  it('journals kyc:decided with the outcome', async () => {
    const { headers, id, tenant } = await readyCustomer(core, 'vjournal')
    await verify(id, headers)
    tenant.clock.advance(60_000)
    const decided = tenant.journal
      .list({ kind: 'state' })
      .filter((e) => e.kind === 'state' && e.event === 'kyc:decided')
    expect(decided.map((e) => (e.kind === 'state' ? e.detail : null))).toEqual([{ customerId: id, status: 'approved' }])
  })

  it('rejects a customer whose lastName is Rejected', async () => {
    const { headers, id, tenant } = await readyCustomer(core, 'vreject', 'Rejected')
    await verify(id, headers)
    tenant.clock.advance(60_000)
    expect(await kycStatus(id, headers)).toBe('rejected')
  })

  it('keeps a customer whose lastName is Pending pending', async () => {
    const { headers, id, tenant } = await readyCustomer(core, 'vforever', 'Pending')
    await verify(id, headers)
    tenant.clock.advance(24 * 3_600_000)
    expect(await kycStatus(id, headers)).toBe('pending')
  })

  it('answers 409 while a decision is under way', async () => {
    const { account, headers } = freshAccount('vagain')
    const response = await verify(await customerId(core, account, 'kyc-pending@sandbox.test'), headers)
    expect(response.status).toBe(409)
    expect(conforms(PlatformError, response.body).message).toMatch(/kyc\.status is already pending$/)
  })
})

describe('POST /platform/v1/customers/:customerId/export', () => {
  it('exports the customer, details, files and transactions newest first', async () => {
    const { account, headers } = freshAccount('xexport')
    const id = await customerId(core, account, 'active.us-ny@sandbox.test')
    const uploadId = await uploadFile(core, headers, id, 'passport')
    const { consentToken } = await issueExportConsent(tenantOf(core, account), id)
    const response = await exportOf(id, headers, consentToken)
    expect(response.status).toBe(200)
    const { data } = conforms(dataOf(CustomerExport), response.body)
    expect(data).toMatchObject({
      customer: { id, administrativeArea: 'NY' },
      files: [{ id: uploadId, status: 'uploaded' }],
      exportedAt: '2026-01-01T00:00:00.000Z',
    })
    expect(data.transactions).toHaveLength(45)
    expect(data.transactions.every((t) => t.customerId === id)).toBe(true)
    expect(data.transactions.map((t) => t.createdAt)).toEqual(
      data.transactions
        .map((t) => t.createdAt)
        .sort()
        .reverse(),
    )
  })

  it('refuses a consent token used before', async () => {
    const { account, headers } = freshAccount('xreuse')
    const id = await customerId(core, account, 'active.gb@sandbox.test')
    const { consentToken } = await issueExportConsent(tenantOf(core, account), id)
    expect((await exportOf(id, headers, consentToken)).status).toBe(200)
    const response = await exportOf(id, headers, consentToken)
    expect(response.status).toBe(403)
    expect(conforms(PlatformError, response.body).message).toBe(
      'consentToken has already been used; each consent exports once',
    )
  })

  it("refuses another customer's consent token", async () => {
    const { account, headers } = freshAccount('xother')
    const id = await customerId(core, account, 'active.gb@sandbox.test')
    const { consentToken } = await issueExportConsent(
      tenantOf(core, account),
      await customerId(core, account, 'active.eea@sandbox.test'),
    )
    const response = await exportOf(id, headers, consentToken)
    expect(response.status).toBe(403)
    expect(conforms(PlatformError, response.body).errors?.[0]).toEqual({
      field: 'consentToken',
      message: `consentToken was given by another customer than ${id}`,
    })
  })

  it('refuses a consent token that expired', async () => {
    const { account, headers } = freshAccount('xexpired')
    const id = await customerId(core, account, 'active.gb@sandbox.test')
    const { consentToken } = await issueExportConsent(tenantOf(core, account), id)
    tenantOf(core, account).clock.advance(16 * 60_000)
    const response = await exportOf(id, headers, consentToken)
    expect(response.status).toBe(403)
    expect(conforms(PlatformError, response.body).message).toBe('consentToken has expired')
  })

  it("refuses another account's consent token", async () => {
    const mine = freshAccount('xmine')
    const theirs = freshAccount('xtheirs')
    const id = await customerId(core, mine.account, 'active.gb@sandbox.test')
    const { consentToken } = await issueExportConsent(
      tenantOf(core, theirs.account),
      await customerId(core, theirs.account, 'active.gb@sandbox.test'),
    )
    const response = await exportOf(id, mine.headers, consentToken)
    expect(conforms(PlatformError, response.body).message).toBe('consentToken was not issued to this account')
  })
})

import { beforeAll, describe, expect, it } from 'vitest'
import { CustomerDetails, PersonalDetails, PlatformError, dataOf } from '#contract/index.ts'
import { createSandboxCore, type SandboxCore } from '../sandbox-core.ts'
import { conforms, send } from '../test-request.ts'
import { details, freshAccount, freshGuest, tenantOf } from './customer-test-kit.ts'

let core: SandboxCore

beforeAll(() => {
  core = createSandboxCore({ seed: 1 })
})

const guest = (label: string) => freshGuest(core, label)

const submit = (id: string, headers: Record<string, string>, body: unknown) =>
  send(core, `POST /platform/v1/customers/${id}/details`, { headers, body })

describe('Customer API access', () => {
  it('refuses a publishable key', async () => {
    const { account, id } = await guest('cauth')
    const response = await send(core, `GET /platform/v1/customers/${id}`, {
      headers: { 'x-api-key': `pk_test_${account}` },
    })
    expect(response.status).toBe(401)
    expect(conforms(PlatformError, response.body).code).toBe('unauthorized')
  })

  it('answers 404 for an unknown customerId', async () => {
    const { headers } = freshAccount('cunknown')
    const response = await send(core, 'GET /platform/v1/customers/cus_nope', { headers })
    expect(response.status).toBe(404)
    expect(conforms(PlatformError, response.body)).toEqual({
      code: 'not_found',
      message: 'customer cus_nope does not exist for this account',
    })
  })

  it("answers 404 for another tenant's customer", async () => {
    const { id } = await guest('cowner')
    const { headers } = freshAccount('cother')
    const response = await send(core, `POST /platform/v1/customers/${id}/verify`, { headers })
    expect(response.status).toBe(404)
    expect(conforms(PlatformError, response.body).code).toBe('not_found')
  })
})

describe('GET /platform/v1/customers/:customerId', () => {
  it('reports KYC status, outstanding requirements, details and files', async () => {
    const { headers, id } = await guest('cread')
    const response = await send(core, `GET /platform/v1/customers/${id}`, { headers })
    expect(response.status).toBe(200)
    const { data } = conforms(dataOf(CustomerDetails), response.body)
    expect(data).toMatchObject({
      id,
      country: 'USA',
      kyc: { status: 'not_started', requirements: ['details', 'identity_document', 'selfie'] },
      files: [],
    })
    expect(data.details).toMatchObject({ dateOfBirth: null, address: null })
  })

  it("carries the partner's externalCustomerId: null until one is linked, then the linked one", async () => {
    const { account, headers, id } = await guest('cexternal')
    const read = async () =>
      conforms(dataOf(CustomerDetails), (await send(core, `GET /platform/v1/customers/${id}`, { headers })).body).data
        .externalCustomerId
    expect(await read()).toBeNull()
    ;(await tenantOf(core, account).store()).externalCustomers.link(id, 'partner-user-9')
    expect(await read()).toBe('partner-user-9')
  })
})

describe('POST /platform/v1/customers/:customerId/details', () => {
  it('stores the details and clears the details requirement', async () => {
    const { headers, id } = await guest('cdetails')
    const response = await submit(id, headers, details())
    expect(response.status).toBe(200)
    expect(conforms(dataOf(PersonalDetails), response.body).data).toEqual(details())
    const read = conforms(
      dataOf(CustomerDetails),
      (await send(core, `GET /platform/v1/customers/${id}`, { headers })).body,
    ).data
    expect(read.details).toEqual(details())
    expect(read.kyc.requirements).toEqual(['identity_document', 'selfie'])
  })

  it('journals customer:updated', async () => {
    const { account, headers, id } = await guest('cjournal')
    await submit(id, headers, details())
    const events = tenantOf(core, account)
      .journal.list({ kind: 'state' })
      .map((e) => (e.kind === 'state' ? e.event : ''))
    expect(events).toContain('customer:updated')
  })

  it("moves the customer's geography to the address", async () => {
    const { headers, id } = await guest('cgeo')
    const address = { line1: 'Unter den Linden 1', city: 'Berlin', postalCode: '10117', country: 'DEU' }
    await submit(id, headers, details({ address }))
    const read = conforms(
      dataOf(CustomerDetails),
      (await send(core, `GET /platform/v1/customers/${id}`, { headers })).body,
    ).data
    expect(read).toMatchObject({ country: 'DEU', administrativeArea: null, area: 'EEA' })
  })

  it('accepts a customer who turns 18 on the tenant clock today', async () => {
    const { headers, id } = await guest('cadult')
    expect((await submit(id, headers, details({ dateOfBirth: '2008-01-01' }))).status).toBe(200)
  })

  it('refuses a customer under 18 on the tenant clock', async () => {
    const { headers, id } = await guest('cminor')
    const response = await submit(id, headers, details({ dateOfBirth: '2008-01-02' }))
    expect(response.status).toBe(400)
    expect(conforms(PlatformError, response.body).errors).toEqual([
      { field: 'dateOfBirth', message: 'dateOfBirth must make the customer at least 18 years old on 2026-01-01' },
    ])
  })

  it('refuses a date that does not exist', async () => {
    const { headers, id } = await guest('cbaddate')
    const response = await submit(id, headers, details({ dateOfBirth: '1999-02-29' }))
    expect(response.status).toBe(400)
    expect(conforms(PlatformError, response.body).errors).toEqual([
      { field: 'dateOfBirth', message: 'dateOfBirth must be a real date in the form YYYY-MM-DD' },
    ])
  })

  it('refuses an unknown field', async () => {
    const { headers, id } = await guest('cunknownfield')
    const response = await submit(id, headers, details({ middleName: 'Byron' }))
    expect(response.status).toBe(400)
    expect(conforms(PlatformError, response.body).errors).toEqual([
      { field: 'middleName', message: 'middleName is not a known field' },
    ])
  })

  it('refuses a country that is not ISO alpha-3', async () => {
    const { headers, id } = await guest('ccountry')
    const response = await submit(
      id,
      headers,
      details({ address: { line1: '1 High St', city: 'London', postalCode: 'SW1A 1AA', country: 'GB' } }),
    )
    expect(response.status).toBe(400)
    expect(conforms(PlatformError, response.body).errors).toEqual([
      { field: 'address.country', message: 'address.country must be an ISO 3166-1 alpha-3 code' },
    ])
  })

  it('refuses a US address without a state', async () => {
    const { headers, id } = await guest('cstate')
    const response = await submit(
      id,
      headers,
      details({ address: { line1: '1 Main St', city: 'Albany', postalCode: '12207', country: 'USA' } }),
    )
    expect(response.status).toBe(400)
    expect(conforms(PlatformError, response.body).errors?.[0]?.field).toBe('address.administrativeArea')
  })
})

import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { JournalEntry, PlatformError, SessionCreated, dataOf } from '#contract/index.ts'
import { openApiDocument } from '../openapi.ts'
import { createSandboxCore } from '../sandbox-core.ts'
import { conforms, send } from '../test-request.ts'
import { magic, platformAccount } from './platform-test-kit.ts'

const core = createSandboxCore()
const minimal = { externalCustomerId: 'user-1', deviceIp: '203.0.113.7' }

async function create(headers: Record<string, string>, body: unknown, path = '/platform/v1/sessions') {
  return send(core, `POST ${path}`, { headers, body })
}

async function expectFieldError(body: unknown, field: string, fragment: string) {
  const { headers } = platformAccount(core)
  const response = await create(headers, body)
  expect(response.status).toBe(400)
  const error = conforms(PlatformError, response.body)
  expect(error.code).toBe('invalid_request')
  expect(error.errors).toEqual(expect.arrayContaining([{ field, message: expect.stringContaining(fragment) }]))
}

describe('POST /platform/v1/sessions', () => {
  it('creates a session valid for 24 hours of sandbox time', async () => {
    const { headers } = platformAccount(core)
    const response = await create(headers, { ...minimal, ...magic.usNy })
    expect(response.status).toBe(201)
    const { data } = conforms(dataOf(SessionCreated), response.body)
    expect(data.expiresAt).toBe('2026-01-02T00:00:00.000Z')
    expect(data.sessionToken).toMatch(/^st_/)
  })

  it('refuses a publishable key', async () => {
    const response = await create({ 'x-api-key': 'pk_test_sandbox' }, minimal)
    expect(response.status).toBe(401)
    expect(conforms(PlatformError, response.body).message).toBe('X-Api-Key header must be a secret key (sk_...)')
  })

  it('accepts Authorization: Api-Key', async () => {
    expect((await create({ authorization: 'Api-Key sk_test_apikeyscheme' }, minimal)).status).toBe(201)
  })

  it('requires email and phoneNumber together', () =>
    expectFieldError({ ...minimal, email: 'a@b.co' }, 'phoneNumber', 'email and phoneNumber must be given together'))
  it('requires an E.164 phone number', () =>
    expectFieldError({ ...minimal, email: 'a@b.co', phoneNumber: '212-555-0101' }, 'phoneNumber', 'E.164'))
  it('requires an IP address as deviceIp', () =>
    expectFieldError({ ...minimal, deviceIp: 'localhost' }, 'deviceIp', 'IPv4 or IPv6'))
  it('accepts an IPv6 deviceIp', async () => {
    expect((await create(platformAccount(core).headers, { ...minimal, deviceIp: '2001:db8::1' })).status).toBe(201)
  })
  it('requires externalCustomerId', () =>
    expectFieldError({ deviceIp: '203.0.113.7' }, 'externalCustomerId', 'externalCustomerId is required'))
  it('refuses unknown fields', () =>
    expectFieldError({ ...minimal, sourceAmount: 1 }, 'sourceAmount', 'is not a known field'))
  it('refuses a customerId that is not a customer of the account', () =>
    expectFieldError({ ...minimal, customerId: 'cus_nobody' }, 'customerId', 'is not a customer of this account'))
  it('refuses termsAcceptedAt that is not ISO 8601', () =>
    expectFieldError({ ...minimal, termsAcceptedAt: 'yesterday' }, 'termsAcceptedAt', 'termsAcceptedAt'))

  it('refuses termsAcceptedAt more than 60 s ahead of the sandbox clock', () =>
    expectFieldError(
      { ...minimal, termsAcceptedAt: '2026-01-01T00:01:01.000Z' },
      'termsAcceptedAt',
      'at most 60 s after the sandbox clock',
    ))

  it('accepts termsAcceptedAt up to 60 s ahead of the sandbox clock', async () => {
    expect(
      (await create(platformAccount(core).headers, { ...minimal, termsAcceptedAt: '2026-01-01T00:01:00.000Z' })).status,
    ).toBe(201)
  })

  it('refuses termsAcceptedAt without the identity or guest checkout capability', async () => {
    const { headers } = platformAccount(core)
    await send(core, 'PUT /__sandbox/settings', {
      headers,
      body: { capabilities: { identity: false, guestCheckout: false } },
    })
    const response = await create(headers, { ...minimal, termsAcceptedAt: '2026-01-01T00:00:00.000Z' })
    expect(response.status).toBe(403)
    expect(conforms(PlatformError, response.body).errors?.[0]?.field).toBe('termsAcceptedAt')
  })

  it('accepts termsAcceptedAt with only the guest checkout capability', async () => {
    const { headers } = platformAccount(core)
    await send(core, 'PUT /__sandbox/settings', {
      headers,
      body: { capabilities: { identity: false, guestCheckout: true } },
    })
    expect((await create(headers, { ...minimal, termsAcceptedAt: '2026-01-01T00:00:00.000Z' })).status).toBe(201)
  })
})

describe('POST /platform/v1/session (legacy)', () => {
  it('behaves as the plural path and is journaled with the path it was renamed to', async () => {
    const { headers } = platformAccount(core)
    const response = await create(headers, minimal, '/platform/v1/session')
    expect(response.status).toBe(201)
    conforms(dataOf(SessionCreated), response.body)
    const journal = conforms(
      dataOf(z.array(JournalEntry)),
      (await send(core, 'GET /__sandbox/journal?kind=api', { headers })).body,
    )
    expect(journal.data.at(-1)).toMatchObject({
      path: '/platform/v1/session',
      status: 201,
      renamedTo: '/platform/v1/sessions',
    })
    expect((journal.data.at(-1) as { deprecated?: boolean }).deprecated).toBeUndefined()
  })

  it('keeps working under --strict-deprecations: a rename is not a deprecation', async () => {
    const strict = createSandboxCore({ strictDeprecations: true })
    const response = await send(strict, 'POST /platform/v1/session', {
      headers: { 'x-api-key': 'sk_test_strict' },
      body: minimal,
    })
    expect(response.status).toBe(201)
    conforms(dataOf(SessionCreated), response.body)
  })

  it('is not marked deprecated in the OpenAPI document', () => {
    const document = openApiDocument(core.routes) as {
      paths: Record<string, { post: { deprecated?: boolean; summary: string } }>
    }
    const operation = document.paths['/platform/v1/session']!.post
    expect(operation.deprecated).toBeUndefined()
    expect(operation.summary).toMatch(/renamed/)
  })
})

describe('DELETE /platform/v1/sessions', () => {
  it('revokes a session so that its connection can no longer be resolved', async () => {
    const account = platformAccount(core)
    const sessionToken = await account.session(magic.usNy)
    expect(
      (await send(core, 'DELETE /platform/v1/sessions', { headers: account.headers, body: { sessionToken } })).status,
    ).toBe(204)
    const response = await send(core, 'POST /__sandbox/connections', {
      headers: account.headers,
      body: { sessionToken },
    })
    expect(response.status).toBe(401)
    expect(conforms(PlatformError, response.body).message).toBe('sessionToken belongs to a session that was revoked')
  })

  it('revokes every token issued under the session', async () => {
    const account = platformAccount(core)
    const { sessionToken, connection } = await account.connect(magic.usNy)
    const bearer = { authorization: `Bearer ${connection.credentials.accessToken}` }
    expect((await send(core, 'GET /platform/v1/payment-methods', { headers: bearer })).status).toBe(200)
    await send(core, `DELETE /platform/v1/sessions?sessionToken=${sessionToken}`, { headers: account.headers })
    expect((await send(core, 'GET /platform/v1/payment-methods', { headers: bearer })).status).toBe(401)
  })

  it('revokes every session of an externalCustomerId', async () => {
    const account = platformAccount(core)
    const first = await account.session({ externalCustomerId: 'shared' })
    const second = await account.session({ externalCustomerId: 'shared' })
    expect(
      (await send(core, 'DELETE /platform/v1/sessions?externalCustomerId=shared', { headers: account.headers })).status,
    ).toBe(204)
    for (const sessionToken of [first, second]) {
      expect(
        (await send(core, 'POST /__sandbox/connections', { headers: account.headers, body: { sessionToken } })).status,
      ).toBe(401)
    }
  })

  it('answers 404 for an externalCustomerId without sessions', async () => {
    const response = await send(core, 'DELETE /platform/v1/sessions?externalCustomerId=nobody', {
      headers: platformAccount(core).headers,
    })
    expect(response.status).toBe(404)
  })

  it("refuses another account's session token", async () => {
    const a = platformAccount(core)
    const b = platformAccount(core)
    const sessionToken = await a.session()
    const response = await send(core, 'DELETE /platform/v1/sessions', { headers: b.headers, body: { sessionToken } })
    expect(response.status).toBe(401)
    expect(conforms(PlatformError, response.body).message).toBe('sessionToken was not issued to this account')
  })

  it('needs exactly one of sessionToken and externalCustomerId', async () => {
    const response = await send(core, 'DELETE /platform/v1/sessions', {
      headers: platformAccount(core).headers,
      body: {},
    })
    expect(response.status).toBe(400)
    expect(conforms(PlatformError, response.body).errors?.[0]?.field).toBe('sessionToken')
  })
})

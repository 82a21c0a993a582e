import { describe, expect, it } from 'vitest'
import { createSandboxCore } from '#http/sandbox-core.ts'
import { send } from '#http/test-request.ts'
import { magic, platformAccount } from '#http/routes/platform-test-kit.ts'
import { peekToken } from '#portable/peek-token.ts'

const core = createSandboxCore()

const scopeOf = (token: string) => peekToken(token)?.scope

describe('connection decision', () => {
  it('is active with full credentials for an active customer found by email and phone', async () => {
    const { connection } = await platformAccount(core).connect(magic.usNy)
    expect(connection.status).toBe('active')
    expect(connection.customer).toMatchObject({ country: 'USA', administrativeArea: 'NY', area: null })
    expect(scopeOf(connection.credentials.accessToken)).toBe('full')
    expect(scopeOf(connection.credentials.clientToken)).toBe('full')
  })

  it('reports country, administrativeArea and area of an EEA customer', async () => {
    const { connection } = await platformAccount(core).connect(magic.eea)
    expect(connection.customer).toMatchObject({ country: 'DEU', administrativeArea: null, area: 'EEA' })
  })

  it('is active for a returning customerId, skipping the lookup', async () => {
    const account = platformAccount(core)
    const store = await account.tenant().store()
    const customerId = store.customerByEmail(magic.gb.email)!.id
    const { connection } = await account.connect({ customerId })
    expect(connection.status).toBe('active')
    expect(connection.customer?.id).toBe(customerId)
  })

  it('requires a connection for a new customer, with anonymous credentials and no mismatch field', async () => {
    const { connection } = await platformAccount(core).connect(magic.stranger)
    expect(connection.status).toBe('connectionRequired')
    expect(connection).not.toHaveProperty('mismatch')
    expect(connection).not.toHaveProperty('customer')
    expect(scopeOf(connection.credentials.accessToken)).toBe('anonymous')
  })

  it('flags mismatch: true when email and phone resolve to two different customers', async () => {
    const { connection } = await platformAccount(core).connect({
      email: magic.usNy.email,
      phoneNumber: magic.gb.phoneNumber,
    })
    expect(connection.status).toBe('connectionRequired')
    expect(connection.mismatch).toBe(true)
    expect(scopeOf(connection.credentials.accessToken)).toBe('anonymous')
  })

  it('has no mismatch field when only the email is known', async () => {
    const { connection } = await platformAccount(core).connect({
      email: magic.usNy.email,
      phoneNumber: magic.stranger.phoneNumber,
    })
    expect(connection.status).toBe('active')
    expect(Object.keys(connection)).not.toContain('mismatch')
  })

  it('requires terms acceptance while the terms are outstanding', async () => {
    const { connection } = await platformAccount(core).connect(magic.terms)
    expect(connection.status).toBe('termsAcceptanceRequired')
    expect(scopeOf(connection.credentials.accessToken)).toBe('anonymous')
  })

  it('becomes active through a new session carrying termsAcceptedAt, and stays so', async () => {
    const account = platformAccount(core)
    expect((await account.connect(magic.terms)).connection.status).toBe('termsAcceptanceRequired')
    expect(
      (await account.connect({ ...magic.terms, termsAcceptedAt: '2026-01-01T00:00:00.000Z' })).connection.status,
    ).toBe('active')
    expect((await account.connect(magic.terms)).connection.status).toBe('active')
  })

  it('is pending while KYC is under review', async () => {
    expect((await platformAccount(core).connect(magic.kycPending)).connection.status).toBe('pending')
  })

  it('is failed when KYC was rejected', async () => {
    expect((await platformAccount(core).connect(magic.kycFailed)).connection.status).toBe('failed')
  })

  it('is unavailable in a restricted country', async () => {
    const { connection } = await platformAccount(core).connect(magic.unavailable)
    expect(connection.status).toBe('unavailable')
    expect(connection.customer?.country).toBe('CUB')
  })
})

describe('guest checkout', () => {
  it('adds capabilities.guestCheckout to a guest session when the partner has it', async () => {
    const { connection } = await platformAccount(core).connect(magic.guest)
    expect(connection.status).toBe('active')
    expect(connection.capabilities?.guestCheckout).toEqual({ enabled: true })
    expect(connection.customer?.capabilities.guestCheckout).toEqual({ enabled: true })
  })

  it('leaves capabilities.guestCheckout out when the partner has it disabled', async () => {
    const account = platformAccount(core)
    await send(core, 'PUT /__sandbox/settings', {
      headers: account.headers,
      body: { capabilities: { guestCheckout: false } },
    })
    const { connection } = await account.connect(magic.guest)
    expect(connection.status).toBe('connectionRequired')
    expect(connection.capabilities).not.toHaveProperty('guestCheckout')
  })

  it('leaves capabilities.guestCheckout out of a session that is not a guest session', async () => {
    const { connection } = await platformAccount(core).connect(magic.usNy)
    expect(connection.capabilities).not.toHaveProperty('guestCheckout')
  })
})

describe('deprecated capabilities.ramps.requirements.paymentDisclosures', () => {
  it('mirrors the disclosures of the customer geography', async () => {
    const { connection } = await platformAccount(core).connect(magic.usWa)
    expect(connection.capabilities?.ramps?.requirements.paymentDisclosures).toEqual([
      { id: 'us-transaction-finality', version: '1' },
    ])
  })

  it('is gone under --strict-deprecations', async () => {
    const strict = createSandboxCore({ strictDeprecations: true })
    const { connection } = await platformAccount(strict).connect(magic.usWa)
    expect(connection.capabilities).not.toHaveProperty('ramps')
  })
})

describe('skipKyc (the Customer API onboarding path)', () => {
  const accepted = { termsAcceptedAt: '2026-01-01T00:00:00.000Z' }
  const skipKyc = { skipKyc: true }

  it('creates a new customer from the session and answers authenticationRequired with anonymous credentials naming it', async () => {
    const account = platformAccount(core)
    const { connection } = await account.connect({ ...magic.stranger, ...accepted }, skipKyc)
    expect(connection.status).toBe('authenticationRequired')
    expect(connection.customer).toMatchObject({
      id: expect.stringMatching(/^cus_/),
      country: 'USA',
      kyc: { status: 'not_started', requirements: ['details', 'identity_document', 'selfie'] },
    })
    expect(peekToken(connection.credentials.clientToken)).toMatchObject({
      scope: 'anonymous',
      customer: connection.customer!.id,
    })
    const stored = (await account.tenant().store()).customerByEmail(magic.stranger.email)
    expect(stored).toMatchObject({
      id: connection.customer!.id,
      phoneNumber: magic.stranger.phoneNumber,
      termsAcceptedAt: accepted.termsAcceptedAt,
    })
  })

  it('keeps the customer it created: the next skipKyc connection is the same customer', async () => {
    const account = platformAccount(core)
    const first = await account.connect({ ...magic.stranger, ...accepted }, skipKyc)
    const second = await account.connect(magic.stranger, skipKyc)
    expect(second.connection).toMatchObject({
      status: 'authenticationRequired',
      customer: { id: first.connection.customer!.id },
    })
  })

  it('asks a new customer for terms first when the session carries no termsAcceptedAt, naming the customer it created', async () => {
    const { connection } = await platformAccount(core).connect(magic.stranger, skipKyc)
    expect(connection.status).toBe('termsAcceptanceRequired')
    expect(connection.customer?.id).toMatch(/^cus_/)
  })

  it('answers authenticationRequired for a known customer whose KYC has not started (a guest the partner cannot serve as a guest)', async () => {
    const account = platformAccount(core)
    await send(core, 'PUT /__sandbox/settings', {
      headers: account.headers,
      body: { capabilities: { guestCheckout: false } },
    })
    expect((await account.connect({ ...magic.guest, ...accepted })).connection.status).toBe('connectionRequired')
    expect((await account.connect({ ...magic.guest, ...accepted }, skipKyc)).connection.status).toBe(
      'authenticationRequired',
    )
  })

  it.each([
    ['an active customer', magic.usNy, 'active'],
    ['a customer whose KYC is pending', magic.kycPending, 'pending'],
    ['a customer whose KYC failed', magic.kycFailed, 'failed'],
    ['a customer in a restricted country', magic.unavailable, 'unavailable'],
    ['a customer whose terms are outstanding', magic.terms, 'termsAcceptanceRequired'],
    ['a guest-checkout session', magic.guest, 'active'],
  ] as const)('changes nothing for %s (%s)', async (_who, body, status) => {
    expect((await platformAccount(core).connect(body, skipKyc)).connection.status).toBe(status)
  })

  it('changes nothing for a mismatch, and creates no customer', async () => {
    const account = platformAccount(core)
    const before = (await account.tenant().store()).customers.all().length
    const mismatch = await account.connect(
      { email: magic.usNy.email, phoneNumber: magic.gb.phoneNumber, ...accepted },
      skipKyc,
    )
    expect(mismatch.connection).toMatchObject({ status: 'connectionRequired', mismatch: true })
    expect(mismatch.connection).not.toHaveProperty('customer')
    expect((await account.tenant().store()).customers.all().length).toBe(before)
  })

  it('stays connectionRequired without a customer for a session with neither email nor phone', async () => {
    const account = platformAccount(core)
    const before = (await account.tenant().store()).customers.all().length
    const { connection } = await account.connect(accepted, skipKyc)
    expect(connection.status).toBe('connectionRequired')
    expect(connection).not.toHaveProperty('customer')
    expect((await account.tenant().store()).customers.all().length).toBe(before)
  })
})

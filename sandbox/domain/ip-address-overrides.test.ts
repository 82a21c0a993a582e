import { describe, expect, it } from 'vitest'
import {
  IpAddressCheck,
  PlatformError,
  SandboxSnapshot,
  TenantFixtures,
  TenantSettings,
  dataOf,
} from '#contract/index.ts'
import { createSandboxCore } from '#http/sandbox-core.ts'
import { conforms, send } from '#http/test-request.ts'
import { platformAccount } from '#http/routes/platform-test-kit.ts'

const SECRET = 'cd'.repeat(32)
const core = createSandboxCore({ secret: SECRET, bootId: 'boot1' })

/** A fresh account with `ipAddresses` set; the PUT's reply. */
async function withOverrides(ipAddresses: unknown) {
  const account = platformAccount(core)
  const response = await send(core, 'PUT /__sandbox/settings', { headers: account.headers, body: { ipAddresses } })
  const check = async (ip: string) =>
    conforms(
      IpAddressCheck,
      (await send(core, `GET /v3/ip_address?apiKey=pk_test_${account.account}&ipAddress=${encodeURIComponent(ip)}`))
        .body,
    )
  return { account, response, check }
}

async function refusal(ipAddresses: unknown) {
  const { response } = await withOverrides(ipAddresses)
  expect(response.status).toBe(400)
  return conforms(PlatformError, response.body).errors?.[0]
}

describe('IP-map overrides (PUT /__sandbox/settings ipAddresses)', () => {
  it('answers an overridden address from the override first', async () => {
    const { check } = await withOverrides([{ range: '198.51.100.7', alpha2: 'GB' }])
    expect(await check('198.51.100.7')).toMatchObject({
      alpha2: 'GB',
      alpha3: 'GBR',
      country: 'United Kingdom',
      state: null,
      isAllowed: true,
    })
    expect(await check('198.51.100.8')).toMatchObject({ alpha2: 'CU', isAllowed: false })
  })

  it("takes a CIDR range, a US state, and the country's answer unless the entry says otherwise", async () => {
    const { check } = await withOverrides([
      { range: '192.0.2.0/28', alpha2: 'US', state: 'TX', isSellAllowed: false },
      { range: '2001:db8:9::/48', alpha2: 'CU' },
    ])
    expect(await check('192.0.2.9')).toMatchObject({
      alpha2: 'US',
      state: 'TX',
      isAllowed: true,
      isBuyAllowed: true,
      isSellAllowed: false,
    })
    expect(await check('2001:db8:9::1')).toMatchObject({
      alpha2: 'CU',
      isAllowed: false,
      isBuyAllowed: false,
      isSellAllowed: false,
    })
  })

  it('lets the most specific override decide', async () => {
    const { check } = await withOverrides([
      { range: '192.0.2.0/24', alpha2: 'FR' },
      { range: '192.0.2.5', alpha2: 'JP' },
    ])
    expect((await check('192.0.2.5')).alpha2).toBe('JP')
    expect((await check('192.0.2.6')).alpha2).toBe('FR')
  })

  it('changes only its own tenant', async () => {
    await withOverrides([{ range: '198.51.100.7', alpha2: 'GB' }])
    const { check } = await withOverrides([])
    expect((await check('198.51.100.7')).alpha2).toBe('CU')
  })

  it('clears the overrides with []', async () => {
    const { account, check } = await withOverrides([{ range: '198.51.100.7', alpha2: 'GB' }])
    const cleared = await send(core, 'PUT /__sandbox/settings', { headers: account.headers, body: { ipAddresses: [] } })
    expect(conforms(dataOf(TenantSettings), cleared.body).data.ipAddresses).toBeUndefined()
    expect((await check('198.51.100.7')).alpha2).toBe('CU')
  })

  it('keeps the overrides when another setting changes', async () => {
    const { account, check } = await withOverrides([{ range: '198.51.100.7', alpha2: 'GB' }])
    await send(core, 'PUT /__sandbox/settings', { headers: account.headers, body: { googlePayAvailable: false } })
    expect((await check('198.51.100.7')).alpha2).toBe('GB')
  })

  it('lists the effective map in GET /__sandbox/fixtures, overrides first', async () => {
    const { account } = await withOverrides([{ range: '198.51.100.7', alpha2: 'GB' }])
    const fixtures = conforms(
      dataOf(TenantFixtures),
      (await send(core, 'GET /__sandbox/fixtures', { headers: account.headers })).body,
    ).data
    expect(fixtures.ipRanges?.[0]).toMatchObject({
      range: '198.51.100.7/32',
      alpha3: 'GBR',
      meaning: expect.stringContaining('tenant override'),
    })
    expect(fixtures.ipRanges?.[1]).toMatchObject({ range: '192.0.2.0/26' })
  })

  it('refuses a range that is no address or CIDR range, naming it', async () => {
    expect(
      await refusal([
        { range: '192.0.2.0/24', alpha2: 'GB' },
        { range: '192.0.2.0/33', alpha2: 'GB' },
      ]),
    ).toMatchObject({
      field: 'ipAddresses.1.range',
      message: expect.stringMatching(/^ipAddresses\.1\.range must be an IPv4 or IPv6 address or CIDR range/),
    })
    expect((await refusal([{ range: 'example.com', alpha2: 'GB' }]))?.field).toBe('ipAddresses.0.range')
  })

  it('refuses a country GET /v3/countries does not list', async () => {
    expect(await refusal([{ range: '192.0.2.1', alpha2: 'ZZ' }])).toMatchObject({
      field: 'ipAddresses.0.alpha2',
      message: expect.stringContaining('must be a country GET /v3/countries lists'),
    })
  })

  it('refuses a state outside the US', async () => {
    expect((await refusal([{ range: '192.0.2.1', alpha2: 'GB', state: 'NY' }]))?.field).toBe('ipAddresses.0.state')
  })

  it('refuses a range given twice and more than 50 entries', async () => {
    expect(
      (
        await refusal([
          { range: '192.0.2.1', alpha2: 'GB' },
          { range: '192.0.2.1', alpha2: 'FR' },
        ])
      )?.field,
    ).toBe('ipAddresses.1.range')
    const many = Array.from({ length: 51 }, (_, i) => ({ range: `192.0.2.${i}`, alpha2: 'GB' }))
    expect((await refusal(many))?.message).toContain('at most 50')
  })

  it('refuses a field an entry does not take', async () => {
    expect((await refusal([{ range: '192.0.2.1', alpha2: 'GB', city: 'London' }]))?.message).toContain('city')
  })

  it('is kept by the snapshot: a restored sandbox answers from the override', async () => {
    const { account } = await withOverrides([{ range: '198.51.100.7', alpha2: 'GB' }])
    const snapshot = SandboxSnapshot.parse(JSON.parse(JSON.stringify(await core.snapshot())))
    const restored = createSandboxCore({ seed: snapshot.seed, secret: snapshot.secret, bootId: snapshot.bootId })
    await restored.restore(snapshot)
    const answer = await send(restored, `GET /v3/ip_address?apiKey=pk_test_${account.account}&ipAddress=198.51.100.7`)
    expect(conforms(IpAddressCheck, answer.body).alpha2).toBe('GB')
  })
})

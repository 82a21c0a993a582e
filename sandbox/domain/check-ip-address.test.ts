import { describe, expect, it } from 'vitest'
import { IpAddressCheck } from '#contract/index.ts'
import { checkIpAddress, ipRangeFixtures } from './check-ip-address.ts'
import { inRange, parseIp } from './ip-address.ts'

describe('checkIpAddress', () => {
  it('answers an allowed country for 192.0.2.0/24', () => {
    expect(checkIpAddress('192.0.2.70')).toMatchObject({
      alpha2: 'GB',
      alpha3: 'GBR',
      country: 'United Kingdom',
      state: null,
      isAllowed: true,
    })
  })

  it('answers a restricted country for 198.51.100.0/24', () => {
    expect(checkIpAddress('198.51.100.7')).toMatchObject({
      alpha3: 'CUB',
      isAllowed: false,
      isBuyAllowed: false,
      isSellAllowed: false,
      isNftAllowed: false,
    })
  })

  it('answers a buy-only US state for 203.0.113.128/26', () => {
    expect(checkIpAddress('203.0.113.130')).toMatchObject({
      alpha2: 'US',
      state: 'TX',
      isAllowed: true,
      isBuyAllowed: true,
      isSellAllowed: false,
    })
  })

  it('answers a restricted US state for 203.0.113.192/26', () => {
    expect(checkIpAddress('203.0.113.200')).toMatchObject({ alpha2: 'US', state: 'HI', isAllowed: false })
  })

  it('answers the IPv6 documentation range', () => {
    expect(checkIpAddress('2001:db8:2::1')).toMatchObject({ alpha3: 'CUB', isAllowed: false })
    expect(checkIpAddress('2001:db8:abcd::1')).toMatchObject({ alpha3: 'DEU', isAllowed: true })
  })

  it('answers the United States, allowed, for an address outside the documentation ranges', () => {
    expect(checkIpAddress('8.8.8.8')).toEqual({
      alpha2: 'US',
      alpha3: 'USA',
      country: 'United States',
      state: null,
      ipAddress: '8.8.8.8',
      isAllowed: true,
      isBuyAllowed: true,
      isSellAllowed: true,
      isNftAllowed: true,
    })
  })

  it('names an IPv4-mapped IPv6 caller by its IPv4 address', () => {
    expect(checkIpAddress('::ffff:198.51.100.7')).toMatchObject({ ipAddress: '198.51.100.7', alpha3: 'CUB' })
  })

  it('answers every rule of the map with a body matching the contract', () => {
    for (const rule of ipRangeFixtures()) {
      const [base] = rule.range.split('/') as [string]
      const body = IpAddressCheck.parse(checkIpAddress(base))
      expect(body, rule.range).toMatchObject({
        alpha3: rule.alpha3,
        state: rule.state,
        isAllowed: rule.isAllowed,
        isSellAllowed: rule.isSellAllowed,
      })
    }
  })
})

describe('ipRangeFixtures', () => {
  it('keeps every range inside the documentation ranges', () => {
    const documentation = ['192.0.2.0/24', '198.51.100.0/24', '203.0.113.0/24', '2001:db8::/32']
    for (const rule of ipRangeFixtures()) {
      const base = parseIp(rule.range.split('/')[0]!)!
      expect(
        documentation.some((range) => inRange(base, range)),
        rule.range,
      ).toBe(true)
    }
  })
})

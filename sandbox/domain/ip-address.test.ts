import { describe, expect, it } from 'vitest'
import { displayIp, inRange, parseIp } from './ip-address.ts'

describe('parseIp', () => {
  it('parses an IPv4 address to its 32-bit value', () => {
    expect(parseIp('192.0.2.1')).toEqual({ family: 4, value: 0xc0000201n })
  })

  it('parses a compressed IPv6 address', () => {
    expect(parseIp('2001:db8::1')).toEqual({ family: 6, value: (0x20010db8n << 96n) | 1n })
  })

  it('reads an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(parseIp('::ffff:198.51.100.3')).toEqual(parseIp('198.51.100.3'))
  })

  it('refuses text that is no address', () => {
    expect([parseIp('300.1.1.1'), parseIp('1::2::3'), parseIp('nope'), parseIp('')]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ])
  })
})

describe('inRange', () => {
  it('holds an address inside the range and not the next one', () => {
    expect(inRange(parseIp('192.0.2.63')!, '192.0.2.0/26')).toBe(true)
    expect(inRange(parseIp('192.0.2.64')!, '192.0.2.0/26')).toBe(false)
  })

  it('matches IPv6 prefixes', () => {
    expect(inRange(parseIp('2001:db8:ffff::1')!, '2001:db8::/32')).toBe(true)
    expect(inRange(parseIp('2001:db9::1')!, '2001:db8::/32')).toBe(false)
  })

  it('never matches an address of the other family', () => {
    expect(inRange(parseIp('::1')!, '192.0.2.0/24')).toBe(false)
  })
})

describe('displayIp', () => {
  it('shows an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(displayIp('::ffff:203.0.113.9')).toBe('203.0.113.9')
  })

  it('keeps any other address as given', () => {
    expect(displayIp('2001:db8::1')).toBe('2001:db8::1')
  })
})

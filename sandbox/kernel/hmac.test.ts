import { describe, expect, it } from 'vitest'
import { nodeHmacSha256 } from '#adapters/node-http/node-hmac.ts'
import { portableHmacSha256 } from './hmac.ts'

describe('portableHmacSha256', () => {
  it('matches the RFC 4231 test case 2', () => {
    // key "Jefe", data "what do ya want for nothing?" → 5bdcc146…3843, here in base64url
    expect(portableHmacSha256('Jefe', 'what do ya want for nothing?')).toBe(
      Buffer.from('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843', 'hex').toString('base64url'),
    )
  })

  it('gives what node:crypto gives, for any text', () => {
    for (const [key, message] of [
      ['k', ''],
      ['a'.repeat(100), 'sell|eth|usd|0.5'],
      ['ключ', 'Grüße 😀'],
    ]) {
      expect(portableHmacSha256(key!, message!)).toBe(nodeHmacSha256(key!, message!))
    }
  })
})

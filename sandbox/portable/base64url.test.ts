import { describe, expect, it } from 'vitest'
import { base64UrlToBytes, base64UrlToText, bytesToBase64Url, textToBase64Url } from './base64url.ts'

describe('base64url', () => {
  it('matches node for any bytes', () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => (i * 37) % 256)
    for (let n = 0; n < 40; n++)
      expect(bytesToBase64Url(bytes.subarray(0, n))).toBe(Buffer.from(bytes.subarray(0, n)).toString('base64url'))
  })

  it('decodes as node does, for every length', () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => (i * 53 + 7) % 256)
    for (let n = 0; n < 40; n++) {
      const text = Buffer.from(bytes.subarray(0, n)).toString('base64url')
      expect(base64UrlToBytes(text)).toEqual(new Uint8Array(bytes.subarray(0, n)))
    }
  })

  it('drops the bits left over past the last byte, as atob does', () => {
    expect(base64UrlToBytes('AB')).toEqual(new Uint8Array([0]))
    expect(base64UrlToBytes('AAB')).toEqual(new Uint8Array([0, 0]))
  })

  it('round-trips UTF-8 text', () => {
    expect(base64UrlToText(textToBase64Url('Grüße €😀 +/='))).toBe('Grüße €😀 +/=')
  })

  it('refuses what is not base64url, or not UTF-8', () => {
    expect(base64UrlToBytes('a+b')).toBeUndefined()
    expect(base64UrlToBytes('abcde')).toBeUndefined()
    expect(base64UrlToBytes('ab=c')).toBeUndefined()
    expect(base64UrlToBytes('abcé')).toBeUndefined()
    expect(base64UrlToText(bytesToBase64Url(new Uint8Array([0xff, 0xfe])))).toBeUndefined()
  })
})

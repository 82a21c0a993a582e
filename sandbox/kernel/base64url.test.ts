import { describe, expect, it } from 'vitest'
import { base64UrlToBytes, base64UrlToText, bytesToBase64Url, textToBase64Url } from './base64url.ts'

describe('base64url', () => {
  it('matches node for any bytes', () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => (i * 37) % 256)
    for (let n = 0; n < 40; n++) expect(bytesToBase64Url(bytes.subarray(0, n))).toBe(Buffer.from(bytes.subarray(0, n)).toString('base64url'))
  })

  it('round-trips UTF-8 text', () => {
    expect(base64UrlToText(textToBase64Url('Grüße €😀 +/='))).toBe('Grüße €😀 +/=')
  })

  it('refuses what is not base64url, or not UTF-8', () => {
    expect(base64UrlToBytes('a+b')).toBeUndefined()
    expect(base64UrlToBytes('abcde')).toBeUndefined()
    expect(base64UrlToText(bytesToBase64Url(new Uint8Array([0xff, 0xfe])))).toBeUndefined()
  })
})

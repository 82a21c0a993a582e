import { afterEach, describe, expect, it, vi } from 'vitest'
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

  // Every printable ASCII character, at every offset of a 3-byte group: the bytes that make `+`, `/` and padding.
  const ascii = `${Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + ((i * 7) % 95))).join('')}\u0000\u007f`

  it('encodes ASCII text of every length as node does, `-` and `_` where base64 has `+` and `/`, unpadded', () => {
    const texts = Array.from({ length: ascii.length + 1 }, (_, n) => ascii.slice(0, n))
    for (const text of [...texts, '>>>???', '~~~', '\u007f\u007f\u007f'])
      expect(textToBase64Url(text)).toBe(Buffer.from(text, 'utf8').toString('base64url'))
    expect(textToBase64Url('>>>???')).toBe('Pj4-Pz8_')
  })

  it('encodes text beyond ASCII as its UTF-8 bytes, as node does', () => {
    for (const text of ['é', 'aé', 'abé', 'Grüße €😀 +/=', `${ascii}\u0080`, '\u00ff\u00ff'])
      expect(textToBase64Url(text)).toBe(Buffer.from(text, 'utf8').toString('base64url'))
  })

  describe('where the runtime has no btoa', () => {
    afterEach(() => vi.unstubAllGlobals())

    it('encodes text as node does all the same', () => {
      vi.stubGlobal('btoa', undefined)
      for (const text of [ascii, '>>>???', 'Grüße €😀 +/=', ''])
        expect(textToBase64Url(text)).toBe(Buffer.from(text, 'utf8').toString('base64url'))
    })
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

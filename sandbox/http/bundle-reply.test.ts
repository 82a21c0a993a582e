import { describe, expect, it } from 'vitest'
import { bundleEtag, bundleReply, chooseEncoding, noneMatchHas } from './bundle-reply.ts'
import type { BrowserBundle } from '#bundles/browser-bundle.ts'

const bundle: BrowserBundle = {
  identity: new Uint8Array([1, 1, 1]),
  gzip: new Uint8Array([2]),
  br: new Uint8Array([3]),
  hash: 'abc',
}
const get = (headers: Record<string, string>) =>
  bundleReply({ method: 'GET', path: '/sandbox-client.js', query: {}, headers }, bundle, {
    'access-control-allow-origin': '*',
  })

describe('chooseEncoding', () => {
  it('picks brotli, then gzip, from what a browser sends', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br')
    expect(chooseEncoding('gzip, deflate')).toBe('gzip')
    expect(chooseEncoding('GZIP')).toBe('gzip')
  })

  it('sends the bytes as they are when nothing is asked for or nothing compressed is acceptable', () => {
    expect(chooseEncoding(undefined)).toBe('identity')
    expect(chooseEncoding('')).toBe('identity')
    expect(chooseEncoding('deflate')).toBe('identity')
    expect(chooseEncoding('br;q=0, gzip;q=0')).toBe('identity')
  })

  it('follows q-values, and a wildcard for codings the header does not name', () => {
    expect(chooseEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip')
    expect(chooseEncoding('br;q=0, *')).toBe('gzip')
    expect(chooseEncoding('gzip;q=0.5')).toBe('gzip')
    expect(chooseEncoding('gzip;q=0.5, identity')).toBe('identity')
    expect(chooseEncoding('gzip;q=0.5, *;q=0')).toBe('gzip')
    expect(chooseEncoding('br;q=nonsense, gzip')).toBe('gzip')
  })
})

describe('noneMatchHas', () => {
  it('matches a listed tag, a weak form of it, or the wildcard, and nothing else', () => {
    expect(noneMatchHas('"x", "abc-br"', '"abc-br"')).toBe(true)
    expect(noneMatchHas('W/"abc-br"', '"abc-br"')).toBe(true)
    expect(noneMatchHas('*', '"abc"')).toBe(true)
    expect(noneMatchHas('"abc"', '"abc-br"')).toBe(false)
    expect(noneMatchHas(undefined, '"abc"')).toBe(false)
  })
})

describe('bundleReply', () => {
  it('sends the accepted encoding with its own strong tag, a cache policy and Vary', () => {
    const reply = get({ 'accept-encoding': 'gzip, br' })
    expect(reply).toMatchObject({ status: 200, raw: bundle.br })
    expect(reply.headers).toEqual({
      'access-control-allow-origin': '*',
      etag: bundleEtag('abc', 'br'),
      'cache-control': 'public, no-cache',
      vary: 'accept-encoding',
      'content-type': 'text/javascript; charset=utf-8',
      'content-encoding': 'br',
    })
    expect(get({ 'accept-encoding': 'gzip' })).toMatchObject({
      raw: bundle.gzip,
      headers: { 'content-encoding': 'gzip', etag: '"abc-gzip"' },
    })
    const plain = get({})
    expect(plain).toMatchObject({ raw: bundle.identity, headers: { etag: '"abc"' } })
    expect(plain.headers).not.toHaveProperty('content-encoding')
  })

  it('answers 304 without a body when If-None-Match names the tag of the encoding it would send', () => {
    const reply = get({ 'accept-encoding': 'br', 'if-none-match': '"abc-br"' })
    expect(reply.status).toBe(304)
    expect(reply.raw).toBeUndefined()
    expect(reply.headers).toMatchObject({
      etag: '"abc-br"',
      'cache-control': 'public, no-cache',
      'access-control-allow-origin': '*',
    })
    // The gzip copy's tag does not stand for the brotli bytes.
    expect(get({ 'accept-encoding': 'br', 'if-none-match': '"abc-gzip"' }).status).toBe(200)
  })
})

import { request } from 'node:http'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningSandbox } from '#adapters/node-http/index.ts'

let sandbox: RunningSandbox
beforeAll(async () => {
  sandbox = await startServer({ port: 0, framesPort: 0 })
}, 60_000)
afterAll(() => sandbox?.close())

/** A GET whose body is read as the wire carried it (fetch would decode it): status, headers and bytes. */
function rawGet(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
      )
      response.on('error', reject)
    })
      .on('error', reject)
      .end()
  })
}

const BUDGET = 100_000

describe.each([
  ['the browser client', () => `${sandbox.apiUrl}/sandbox-client.js`],
  ['the frame page script', () => `${sandbox.framesUrl}/__frames/app.js`],
  ['the demo page script', () => `${sandbox.apiUrl}/demo/app.js`],
])('%s over the node server', { timeout: 60_000 }, (_name, url) => {
  it('sends brotli or gzip as the request accepts, each the same script, under 100 kB, and plain bytes otherwise', async () => {
    const plain = await rawGet(url())
    expect(plain.status).toBe(200)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8')
    const br = await rawGet(url(), { 'accept-encoding': 'gzip, deflate, br' })
    const gzip = await rawGet(url(), { 'accept-encoding': 'gzip, deflate' })
    expect([br.headers['content-encoding'], gzip.headers['content-encoding']]).toEqual(['br', 'gzip'])
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true)
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true)
    for (const sent of [br, gzip]) {
      expect(sent.body.length).toBeLessThanOrEqual(BUDGET)
      expect(Number(sent.headers['content-length'])).toBe(sent.body.length)
      expect(sent.headers.vary).toBe('accept-encoding')
      expect(sent.headers['cache-control']).toBe('public, no-cache')
    }
  })

  it('tags each encoding with its own strong ETag and answers 304 to a request naming it', async () => {
    const first = await rawGet(url(), { 'accept-encoding': 'br' })
    const etag = String(first.headers.etag)
    expect(etag).toMatch(/^"[\w-]+-br"$/)
    expect((await rawGet(url(), { 'accept-encoding': 'gzip' })).headers.etag).toBe(etag.replace(/-br"$/, '-gzip"'))
    const again = await rawGet(url(), { 'accept-encoding': 'br', 'if-none-match': etag })
    expect(again.status).toBe(304)
    expect(again.body.length).toBe(0)
    expect(again.headers.etag).toBe(etag)
    expect((await rawGet(url(), { 'accept-encoding': 'br', 'if-none-match': '"stale-br"' })).status).toBe(200)
  })
})

it('keeps the browser client readable from any origin, 304 included', async () => {
  const url = `${sandbox.apiUrl}/sandbox-client.js`
  const { headers } = await rawGet(url, { 'accept-encoding': 'br' })
  const revalidated = await rawGet(url, {
    'accept-encoding': 'br',
    'if-none-match': String(headers.etag),
    origin: 'https://partner.example',
  })
  expect(revalidated.status).toBe(304)
  expect(revalidated.headers['access-control-allow-origin']).toBe('*')
}, 60_000)

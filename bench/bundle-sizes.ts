/**
 * The browser bundles' weight (issue 40, decision 0092): for the client (`/sandbox-client.js`), the frame page's
 * script (`/__frames/app.js`) and the demo page's (`/demo/app.js`), the built file's size raw, gzip and brotli
 * (`dist/browser/…`), and the bytes the built server actually sends for each on a fresh connection (status line,
 * headers and body, as the socket read them): for what Chromium asks (`gzip, deflate, br, zstd`) and for gzip alone.
 * Target: every one sent in at most 100 kB (100 000 bytes); exits 1 above.
 *
 *   npm run bench -- bundle-sizes      # builds dist/ if stale, then this
 */
import { existsSync, statSync } from 'node:fs'
import { request } from 'node:http'
import type { RunningSandbox } from '#adapters/node-http/index.ts'

const BUDGET_BYTES = 100_000
const SERVER = '../dist/sandbox/adapters/node-http/index.js'

if (!existsSync('dist/.built')) throw new Error('no dist/: run `npm run build` first (npm run bench does)')

/** What one GET cost on the wire: every byte the socket read, and the body's share, with the encoding sent. */
function wireGet(
  url: string,
  acceptEncoding: string,
): Promise<{ status: number; encoding: string; total: number; body: number }> {
  return new Promise((resolve, reject) => {
    // agent: false, so the socket is this request's alone and its byte count is this answer's.
    request(url, { agent: false, headers: { 'accept-encoding': acceptEncoding } }, (response) => {
      let body = 0
      response.on('data', (chunk: Buffer) => (body += chunk.length))
      response.on('end', () =>
        resolve({
          status: response.statusCode!,
          encoding: String(response.headers['content-encoding'] ?? 'identity'),
          total: response.socket.bytesRead,
          body,
        }),
      )
      response.on('error', reject)
    })
      .on('error', reject)
      .end()
  })
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`.padStart(9)

const { startServer } = (await import(SERVER)) as {
  startServer(options: { port: number; framesPort: number }): Promise<RunningSandbox>
}
const sandbox = await startServer({ port: 0, framesPort: 0 })
const bundles = [
  { name: '/sandbox-client.js', file: 'dist/browser/client/index.js', url: `${sandbox.apiUrl}/sandbox-client.js` },
  {
    name: '/__frames/app.js',
    file: 'dist/browser/frame-page/frame-app.js',
    url: `${sandbox.framesUrl}/__frames/app.js`,
  },
  { name: '/demo/app.js', file: 'dist/browser/demo-page/demo-app.js', url: `${sandbox.apiUrl}/demo/app.js` },
]
const missed: string[] = []
try {
  console.log(
    `browser bundles: built file sizes, and bytes the built server sends (target: each at most ${kb(BUDGET_BYTES).trim()} on the wire)`,
  )
  console.log(
    `${'bundle'.padEnd(20)}${'raw'.padStart(9)}${'gzip'.padStart(9)}${'brotli'.padStart(9)}   ${'sent (Chromium)'.padEnd(22)}${'sent (gzip only)'.padEnd(22)}`,
  )
  for (const bundle of bundles) {
    const sizes = ['', '.gz', '.br'].map((suffix) => statSync(bundle.file + suffix).size)
    const chromium = await wireGet(bundle.url, 'gzip, deflate, br, zstd')
    const gzipOnly = await wireGet(bundle.url, 'gzip')
    const sent = (wire: typeof chromium) => `${kb(wire.total)} ${wire.encoding}`.padEnd(22)
    console.log(`${bundle.name.padEnd(20)}${sizes.map(kb).join('')}   ${sent(chromium)}${sent(gzipOnly)}`)
    for (const [how, wire] of [
      ['Chromium', chromium],
      ['gzip only', gzipOnly],
    ] as const) {
      if (wire.status !== 200 || wire.encoding === 'identity' || wire.total > BUDGET_BYTES)
        missed.push(`${bundle.name} (${how}): ${wire.status} ${wire.encoding}, ${wire.total} bytes`)
    }
  }
} finally {
  await sandbox.close()
}
console.log(
  missed.length === 0 ? 'bundle sizes: every bundle within budget' : `bundle sizes: MISSED: ${missed.join('; ')}`,
)
process.exitCode = missed.length === 0 ? 0 : 1

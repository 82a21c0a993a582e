/**
 * Which source files a request runs through, measured: V8's precise coverage is reset once the account is made and
 * warm, then read after one more request. Prints the files (under `sandbox/` and `fixtures/`) whose functions ran,
 * grouped by folder, for a sell quote over HTTP on the API origin and for a frame effect, the purchase, over HTTP on the
 * frames origin (the one pipeline both take, then the route's domain). What docs/architecture.md's "How a request
 * flows" lists; `request-flow-doc.test.ts` keeps that list true.
 *
 *   npm run request-files
 */
import { Session } from 'node:inspector/promises'
import { relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startServer } from '#adapters/node-http/start-server.ts'
import { magicContacts } from '#fixtures/magic-customers.ts'
import { WALLET_ADDRESS as WALLET } from '#harness/steps.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const session = new Session()
session.connect()
await session.post('Profiler.enable')
await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false })

/** The product's files whose functions ran since the last call (reading resets the counts). */
async function filesRun(): Promise<string[]> {
  const { result } = await session.post('Profiler.takePreciseCoverage')
  const files = result
    .filter(
      (script) =>
        script.url.startsWith('file://') && script.functions.some((fn) => fn.ranges.some((range) => range.count > 0)),
    )
    .map((script) => relative(ROOT, fileURLToPath(script.url)))
    .filter((path) => /^(sandbox|fixtures)\//.test(path))
  return [...new Set(files)].sort()
}

function print(title: string, files: string[]): void {
  const folders = new Map<string, string[]>()
  for (const file of files) {
    const folder = file.slice(0, file.lastIndexOf('/'))
    folders.set(folder, [...(folders.get(folder) ?? []), file.slice(folder.length + 1)])
  }
  console.log(`${title}: ${files.length} files in ${folders.size} folders`)
  for (const [folder, names] of folders) console.log(`  ${folder}/  ${names.join(', ')}`)
}

// A sell quote, over HTTP through the node adapter: the second one, once the account is made and the code warm.
const server = await startServer({ port: 0, framesPort: 0, seed: 1, logger: () => undefined })
const quote = `${server.apiUrl}/v3/currencies/eth/sell_quote?apiKey=pk_test_trace&quoteCurrencyCode=usd&baseCurrencyAmount=0.5&payoutMethod=sepa_bank_transfer`
for (let i = 0; i < 3; i++) await (await fetch(quote)).text()
await filesRun()
const answer = await fetch(quote)
await answer.text()
print(`GET sell_quote (${answer.status})`, await filesRun())
await server.close()

// A frame effect, the purchase, over HTTP on the frames origin as a page posts it (`POST /__frames/effects/purchase.execute`
// with its ticket): a customer connected, a quote made and the buy frame's page loaded first; the second account's, once warm.
const frames = await startServer({ port: 0, framesPort: 0, seed: 1, logger: () => undefined })
async function purchase(account: string): Promise<Response> {
  const secret = { 'x-api-key': `sk_test_${account}`, 'content-type': 'application/json' }
  const post = async (path: string, headers: Record<string, string>, body: unknown) =>
    (
      (await (
        await fetch(`${frames.apiUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })
      ).json()) as { data: any }
    ).data
  const session = await post('/platform/v1/sessions', secret, {
    externalCustomerId: `${account}-customer`,
    deviceIp: '203.0.113.7',
    ...magicContacts.usNy,
  })
  const { accessToken, clientToken } = (
    await post('/__sandbox/connections', secret, { sessionToken: session.sessionToken })
  ).credentials
  const quoteBody = {
    source: { asset: { code: 'usd' }, amount: 50 },
    destination: { asset: { code: 'eth' } },
    wallet: { address: WALLET },
    paymentMethod: { type: 'apple_pay' },
  }
  const quote = await post(
    '/platform/v1/quotes/buy',
    { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    quoteBody,
  )
  const page = await (
    await fetch(
      `${frames.framesUrl}/platform/v1/apple-pay?${new URLSearchParams({ channelId: `trace-${account}`, clientToken, quote: Buffer.from(JSON.stringify(quote)).toString('base64url') })}`,
    )
  ).text()
  const ticket = JSON.parse(/<script type="application\/json" id="frame-config">(.*?)<\/script>/s.exec(page)![1]!)
    .ticket as string
  await filesRun()
  return fetch(`${frames.framesUrl}/__frames/effects/purchase.execute`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ticket, effect: { type: 'purchase.execute', quote } }),
  })
}
await (await purchase('trace_warm')).text()
const executed = await purchase('trace')
const result = (await executed.json()) as { ok: boolean }
print(`POST /__frames/effects/purchase.execute (${executed.status}, ok: ${result.ok})`, await filesRun())
await frames.close()
session.disconnect()

/**
 * Which source files a request runs through, measured: V8's precise coverage is reset once the account is made and
 * warm, then read after one more request. Prints the files (under `sandbox/` and `fixtures/`) whose functions ran,
 * grouped by folder, for a sell quote over HTTP and for a headless buy-frame purchase of 48 in test mode (the node
 * driver's frames: machine, effects, domain; harness files left out). What docs/architecture.md's "How a request
 * flows" counts.
 *
 *   npm run request-files
 */
import { Session } from 'node:inspector/promises'
import { relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startServer } from '../sandbox/adapters/node-http/start-server.ts'
import { createSandboxCore } from '../sandbox/http/sandbox-core.ts'
import { send } from '../sandbox/http/test-request.ts'
import { nodeFrames } from '../harness/drivers/node-frames.ts'
import { nodeWebhookListeners } from '../harness/drivers/node-webhooks.ts'
import { runStep } from '../harness/drivers/run-step.ts'
import type { ApiCall } from '../harness/drivers/api-steps.ts'
import { newRecording, resolveInput, type Recording } from '../harness/recording.ts'
import type { Step } from '../harness/scenario.ts'
import { connectCustomer, magic, openPayFrame, quoteFor } from '../harness/steps.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const session = new Session()
session.connect()
await session.post('Profiler.enable')
await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false })

/** The product's files whose functions ran since the last call (reading resets the counts). */
async function filesRun(): Promise<string[]> {
  const { result } = await session.post('Profiler.takePreciseCoverage')
  const files = result
    .filter((script) => script.url.startsWith('file://') && script.functions.some((fn) => fn.ranges.some((range) => range.count > 0)))
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
const server = await startServer({ port: 0, framesPort: 0, seed: 1 })
const quote = `${server.apiUrl}/v3/currencies/eth/sell_quote?apiKey=pk_test_trace&quoteCurrencyCode=usd&baseCurrencyAmount=0.5&payoutMethod=sepa_bank_transfer`
for (let i = 0; i < 3; i++) await (await fetch(quote)).text()
await filesRun()
const answer = await fetch(quote)
await answer.text()
print(`GET sell_quote (${answer.status})`, await filesRun())
await server.close()

// A headless buy-frame purchase of 48 in test mode, in process: a customer connected and a quote made first.
const core = createSandboxCore({ seed: 1 })
async function purchaseOf48(account: string): Promise<Recording> {
  const recording = newRecording()
  const resolve = (input: unknown) => resolveInput(input, recording.results) as never
  const api: ApiCall = async (line, options) => {
    const reply = await send(core, line, options)
    return { status: reply.status, body: reply.body as never, headers: reply.headers }
  }
  const frames = nodeFrames(core, recording)
  const driver = { api, mode: 'test' as const, account, resolve, recording, frames, webhooks: nodeWebhookListeners() }
  for (const step of [...connectCustomer(magic.usNy), ...quoteFor({ amount: 48, method: 'card' })]) await runStep(step, driver)
  await filesRun()
  const purchase: Step[] = [openPayFrame('buy'), { until: 'pay', kind: 'challenge' }]
  for (const step of purchase) await runStep(step, driver)
  await frames.finish()
  return recording
}
await purchaseOf48('trace_warm')
const recording = await purchaseOf48('trace')
const kinds = (recording.channels.pay ?? []).map((event) => event.kind).join(' → ')
print(`buy frame, 48 (${kinds})`, await filesRun())
session.disconnect()

/**
 * What one account costs in memory (issues 17 and 43; docs/decisions/0049): a served sandbox in this process holds,
 * in the same run,
 *
 * - N IDLE accounts: each makes one call that builds the account and loads its store but keeps nothing in it,
 *   `GET /__sandbox/usage` with its secret key (the control API's GETs are not journaled, and the route reads the
 *   store's caps: `tenant.store()`; a sell quote would not load the store at all);
 * - then N accounts that each run one partner flow (session, connection, quote, two clock advances, an Apple Pay
 *   purchase, the transaction list: what a typical test does, `runAccountFlow`);
 *
 * and the RSS and heap after full collections are compared before and after each group: per idle account, per
 * account after a flow, and their ratio. The default `--max-accounts` is set from the figure after a flow.
 *
 *   node --expose-gc --import tsx bench/account-memory.ts [N=200] [idle N=N]
 */
import { z } from 'zod'
import { startServer } from '#adapters/node-http/start-server.ts'
import { runAccountFlow } from '#scripts/soak/account-flow.ts'

const accounts = Number(process.argv[2] ?? 200)
const idleAccounts = Number(process.argv[3] ?? accounts)
const settle = async () => {
  for (let i = 0; i < 3; i++) {
    globalThis.gc?.()
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return process.memoryUsage()
}
const mb = (bytes: number) => bytes / 1024 / 1024
const perAccount = (from: NodeJS.MemoryUsage, to: NodeJS.MemoryUsage, count: number) => ({
  rssMb: mb(to.rss - from.rss) / count,
  heapMb: mb(to.heapUsed - from.heapUsed) / count,
})
const round = (value: number) => Number(value.toFixed(3))

const tenants = accounts + idleAccounts + 10
const sandbox = await startServer({
  port: 0,
  framesPort: 0,
  // Room for every account of both groups and its seed (about 200 records each): none is evicted or refused.
  limits: { tenants, records: tenants * 400 },
  logger: () => undefined,
})
const target = { api: sandbox.apiUrl, frames: sandbox.framesUrl }
const warm = await runAccountFlow(target, 'memory_warmup', { seed: 1, maxPauseMs: 0 })
if (warm.kind !== 'done') throw new Error(`the warm-up flow failed: ${JSON.stringify(warm)}`)

const Usage = z.object({ data: z.object({ bytes: z.object({ total: z.number() }) }) })

/** The idle call; what the account says it holds beyond its seed, from the answer. */
async function idleCall(account: string): Promise<number> {
  const response = await fetch(`${target.api}/__sandbox/usage`, { headers: { 'x-api-key': `sk_test_${account}` } })
  const text = await response.text()
  if (response.status !== 200)
    throw new Error(`GET /__sandbox/usage for ${account} answered ${response.status}: ${text}`)
  return Usage.parse(JSON.parse(text)).data.bytes.total
}
await idleCall('memory_idle_warmup')

const before = await settle()
let idleBytesHeld = 0
for (let start = 0; start < idleAccounts; start += 20) {
  const held = await Promise.all(
    Array.from({ length: Math.min(20, idleAccounts - start) }, (_, i) => idleCall(`memory_idle_${start + i}`)),
  )
  idleBytesHeld = Math.max(idleBytesHeld, ...held)
}
const afterIdle = await settle()
for (let start = 0; start < accounts; start += 20) {
  const batch = await Promise.all(
    Array.from({ length: Math.min(20, accounts - start) }, (_, i) =>
      runAccountFlow(target, `memory_${start + i}`, { seed: start + i, maxPauseMs: 0 }),
    ),
  )
  const failed = batch.filter((outcome) => outcome.kind !== 'done')
  if (failed.length > 0) throw new Error(`flows failed: ${JSON.stringify(failed)}`)
}
const after = await settle()
await sandbox.close()
const idle = perAccount(before, afterIdle, idleAccounts)
const flow = perAccount(afterIdle, after, accounts)
console.log(
  `account memory: per idle account (GET /__sandbox/usage, ${idleAccounts} accounts) RSS ${idle.rssMb.toFixed(3)} MB, heap ${idle.heapMb.toFixed(3)} MB; per account after a flow (${accounts} accounts) RSS ${flow.rssMb.toFixed(3)} MB, heap ${flow.heapMb.toFixed(3)} MB; idle / flow: RSS ${(idle.rssMb / flow.rssMb).toFixed(2)}, heap ${(idle.heapMb / flow.heapMb).toFixed(2)}`,
)
console.log(
  JSON.stringify({
    accounts,
    idleAccounts,
    rssBeforeMb: Math.round(mb(before.rss)),
    rssAfterIdleMb: Math.round(mb(afterIdle.rss)),
    rssAfterMb: Math.round(mb(after.rss)),
    perAccountRssMb: round(flow.rssMb),
    perAccountHeapMb: round(flow.heapMb),
    perIdleAccountRssMb: round(idle.rssMb),
    perIdleAccountHeapMb: round(idle.heapMb),
    idleOverFlowRss: round(idle.rssMb / flow.rssMb),
    idleOverFlowHeap: round(idle.heapMb / flow.heapMb),
    idleAccountBytesHeldMax: idleBytesHeld,
  }),
)

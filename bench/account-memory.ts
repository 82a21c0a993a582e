/**
 * What one account costs in memory (issue 17; docs/decisions/0049): a served sandbox in this process runs one
 * partner flow (session, connection, quote, two clock advances, an Apple Pay purchase, the transaction list) for
 * each of N accounts, and the RSS and heap after full collections are compared with those after a warm-up account.
 * The default `--max-accounts` is set from this figure.
 *
 *   node --expose-gc --import tsx bench/account-memory.ts [N]
 */
import { startServer } from '#adapters/node-http/start-server.ts'
import { runAccountFlow } from '#scripts/soak/account-flow.ts'

const accounts = Number(process.argv[2] ?? 200)
const settle = async () => {
  for (let i = 0; i < 3; i++) {
    globalThis.gc?.()
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return process.memoryUsage()
}
const mb = (bytes: number) => bytes / 1024 / 1024

const sandbox = await startServer({
  port: 0,
  framesPort: 0,
  limits: { tenants: accounts + 10 },
  logger: () => undefined,
})
const target = { api: sandbox.apiUrl, frames: sandbox.framesUrl }
const warm = await runAccountFlow(target, 'memory_warmup', { seed: 1, maxPauseMs: 0 })
if (warm.kind !== 'done') throw new Error(`the warm-up flow failed: ${JSON.stringify(warm)}`)
const before = await settle()
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
const perAccount = {
  rssMb: mb(after.rss - before.rss) / accounts,
  heapMb: mb(after.heapUsed - before.heapUsed) / accounts,
}
console.log(
  JSON.stringify({
    accounts,
    rssBeforeMb: Math.round(mb(before.rss)),
    rssAfterMb: Math.round(mb(after.rss)),
    perAccountRssMb: Number(perAccount.rssMb.toFixed(3)),
    perAccountHeapMb: Number(perAccount.heapMb.toFixed(3)),
  }),
)

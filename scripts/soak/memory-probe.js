/**
 * Preloaded into the sandbox process by the soak, and only there (`node --expose-gc --import memory-probe.js`):
 * answers `{type: 'memory:measure'}` on the IPC channel with `{type: 'memory:measured', rssMb, heapUsedMb}`,
 * read after full collections, so two readings compare what the process keeps rather than where the garbage
 * collector's sawtooth happened to stand (decision 0047).
 */
import { setTimeout as sleep } from 'node:timers/promises'

const MB = 1024 * 1024
/** Pages a full collection frees are handed back to the system by background threads: give them a moment. */
const SETTLE_MS = 300

if (process.send) {
  process.on('message', async (message) => {
    if (message?.type !== 'memory:measure') return
    if (typeof globalThis.gc !== 'function')
      return void process.send?.({ type: 'memory:failed', reason: 'the sandbox was started without --expose-gc' })
    globalThis.gc()
    await sleep(SETTLE_MS)
    globalThis.gc()
    const { rss, heapUsed } = process.memoryUsage()
    process.send?.({ type: 'memory:measured', rssMb: rss / MB, heapUsedMb: heapUsed / MB })
  })
  // The channel must not keep the sandbox alive on its own.
  process.channel?.unref()
}

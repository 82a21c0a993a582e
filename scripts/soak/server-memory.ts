import type { ChildProcess } from 'node:child_process'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'

/** What one reading of the server's memory found, after full collections. */
export interface MemoryReading {
  rssMb: number
  heapUsedMb: number
}

/** The node flags that load {@link measureServerMemory}'s probe into a child process. */
export const MEMORY_PROBE_FLAGS = [
  '--expose-gc',
  '--import',
  fileURLToPath(new URL('./memory-probe.js', import.meta.url)),
]

const Answer = z.discriminatedUnion('type', [
  z.object({ type: z.literal('memory:measured'), rssMb: z.number(), heapUsedMb: z.number() }),
  z.object({ type: z.literal('memory:failed'), reason: z.string() }),
])

/** One reading from the probe of a child started with {@link MEMORY_PROBE_FLAGS} and an `ipc` channel. */
function probe(child: ChildProcess, timeoutMs: number): Promise<MemoryReading> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => done(new Error(`the server did not report its memory within ${timeoutMs} ms`)),
      timeoutMs,
    )
    const onMessage = (message: unknown) => {
      const answer = Answer.safeParse(message)
      if (!answer.success) return
      if (answer.data.type === 'memory:failed') done(new Error(answer.data.reason))
      else done(undefined, { rssMb: answer.data.rssMb, heapUsedMb: answer.data.heapUsedMb })
    }
    const done = (error?: Error, reading?: MemoryReading) => {
      clearTimeout(timer)
      child.off('message', onMessage)
      if (error) reject(error)
      else resolve(reading!)
    }
    child.on('message', onMessage)
    child.send({ type: 'memory:measure' })
  })
}

/**
 * What the process keeps, from readings taken while the load runs: the lowest RSS and the lowest heap in use. Work in
 * flight (sockets' buffers, requests half parsed) only ever adds to a reading, so the lowest one is nearest to what
 * stays; readings 300 ms apart under the soak's load differ by up to 20 MB of RSS with the heap unchanged
 * (decision 0047).
 *
 * @example
 * keptMemory([{ rssMb: 175, heapUsedMb: 28 }, { rssMb: 152, heapUsedMb: 27.9 }]) // { rssMb: 152, heapUsedMb: 27.9 }
 */
export function keptMemory(readings: readonly MemoryReading[]): MemoryReading {
  if (readings.length === 0) throw new RangeError('keptMemory needs at least one reading')
  return {
    rssMb: Math.min(...readings.map((r) => r.rssMb)),
    heapUsedMb: Math.min(...readings.map((r) => r.heapUsedMb)),
  }
}

/**
 * The server's memory after full collections: {@link keptMemory} of `count` readings `gapMs` apart, each taken after
 * the probe collected all garbage twice. What the soak compares after warm-up and at the end (decision 0047).
 *
 * @example
 * await measureServerMemory(child) // { rssMb: 146.1, heapUsedMb: 27.7 }
 */
export async function measureServerMemory(
  child: ChildProcess,
  { count = 5, gapMs = 300, timeoutMs = 10_000 } = {},
): Promise<MemoryReading> {
  const readings: MemoryReading[] = []
  for (let i = 0; i < count; i++) {
    if (i > 0) await sleep(gapMs)
    readings.push(await probe(child, timeoutMs))
  }
  return keptMemory(readings)
}

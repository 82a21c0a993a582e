import { spawn, type ChildProcess } from 'node:child_process'
import { afterEach, describe, expect, it } from 'vitest'
import { keptMemory, measureServerMemory, MEMORY_PROBE_FLAGS } from './server-memory.ts'

/** A process that keeps `keptMb` of live data and makes garbage as fast as it can, like a server under load. */
const LIVE_AND_GARBAGE = (keptMb: number) => `
  globalThis.kept = Array.from({ length: ${keptMb} }, () => new Array(128 * 1024).fill(1.5))
  setInterval(() => { for (let i = 0; i < 2000; i++) void { garbage: new Array(64).fill(i) } }, 1)
`

describe('measureServerMemory', () => {
  let child: ChildProcess | undefined
  afterEach(() => void child?.kill())

  const start = (args: string[], keptMb: number) => {
    child = spawn(process.execPath, [...args, '--input-type=module', '-e', LIVE_AND_GARBAGE(keptMb)], {
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    })
    return child
  }

  it('reads the live heap of a process started with the probe, after full collections', async () => {
    const reading = await measureServerMemory(start(MEMORY_PROBE_FLAGS, 64), { count: 2, gapMs: 50 })
    // 64 arrays of 128 Ki doubles: 64 MB live; the garbage the process makes is gone.
    expect(reading.heapUsedMb).toBeGreaterThan(64)
    expect(reading.heapUsedMb).toBeLessThan(80)
    expect(reading.rssMb).toBeGreaterThan(reading.heapUsedMb)
  }, 30_000)

  it('says so when the process was started without --expose-gc', async () => {
    const flags = MEMORY_PROBE_FLAGS.filter((flag) => flag !== '--expose-gc')
    await expect(measureServerMemory(start(flags, 1), { count: 1 })).rejects.toThrow(
      'the sandbox was started without --expose-gc',
    )
  }, 30_000)
})

describe('keptMemory', () => {
  it('takes the lowest RSS and the lowest heap of the readings: load in flight only adds to a reading', () => {
    expect(
      keptMemory([
        { rssMb: 175, heapUsedMb: 28 },
        { rssMb: 152, heapUsedMb: 28.2 },
        { rssMb: 160, heapUsedMb: 27.9 },
      ]),
    ).toEqual({ rssMb: 152, heapUsedMb: 27.9 })
  })

  it('refuses no readings at all', () => {
    expect(() => keptMemory([])).toThrow(RangeError)
  })
})

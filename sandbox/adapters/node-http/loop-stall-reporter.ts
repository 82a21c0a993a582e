import type { IncomingMessage, ServerResponse } from 'node:http'
import { Worker } from 'node:worker_threads'

/**
 * The shared buffer, in 32-bit words: the heartbeat, how many requests are open, the wall time of the last beat
 * (a float64 in words 2–3), then SLOTS slots of [sequence (0 = free), text length] and, in 16-bit units after
 * them, SLOTS texts of TEXT_UNITS (`GET /path`). Sequences start at 1 and only grow; a slot is
 * `sequence % SLOTS`, so more than SLOTS open requests overwrite the oldest (the least likely to hold the loop).
 */
const BEAT = 0
const OPEN = 1
const BEAT_WALL_BYTE = 8
const SLOT_BASE = 4
const SLOTS = 8
const SLOT_WORDS = 2
const HEADER_WORDS = SLOT_BASE + SLOTS * SLOT_WORDS
const TEXT_UNITS = 160

/** What a report names of a request: its method, a space and its path, cut at TEXT_UNITS (never the query). */
function writeText(texts: Uint16Array, slot: number, method: string, url: string): number {
  const base = slot * TEXT_UNITS
  let length = 0
  for (let index = 0; index < method.length && length < TEXT_UNITS; index += 1)
    texts[base + length++] = method.charCodeAt(index)
  if (length < TEXT_UNITS) texts[base + length++] = 0x20
  for (let index = 0; index < url.length && length < TEXT_UNITS; index += 1) {
    const unit = url.charCodeAt(index)
    // `?` starts the query, which may carry keys and tokens.
    if (unit === 0x3f) break
    texts[base + length++] = unit
  }
  return length
}

/**
 * The watcher, run as a worker from this text so that the sources, the tsc build and the CLI's single-file bundle
 * all carry it alike. It writes with `fs.writeSync(2, …)`: a worker's `process.stderr` goes through the main
 * thread, which is the one that is stuck.
 */
const WATCHER = String.raw`
const { workerData } = require('node:worker_threads')
const { writeSync } = require('node:fs')
const { buffer, thresholdMs, checkMs, beatWallByte, slotBase, slots, slotWords, headerWords, textUnits } = workerData
const words = new Int32Array(buffer)
const beatWall = new Float64Array(buffer, beatWallByte, 1)
const texts = new Uint16Array(buffer, headerWords * 4)
const say = (line) => {
  try {
    writeSync(2, 'ramp-sandbox: ' + line + '\n')
  } catch {
    // stderr closed or full: the report is lost, the sandbox goes on.
  }
}
const seconds = (ms) => (ms / 1000).toFixed(1) + ' s'
/** The open requests, the one that started last first, as 'GET /a (started last), POST /b and 3 more'. */
const inFlight = () => {
  const open = []
  for (let slot = 0; slot < slots; slot += 1) {
    const sequence = Atomics.load(words, slotBase + slot * slotWords)
    if (sequence === 0) continue
    const length = Math.min(words[slotBase + 1 + slot * slotWords], textUnits)
    let text = ''
    for (let unit = 0; unit < length; unit += 1) {
      const code = texts[slot * textUnits + unit]
      // A path is the client's: no control character reaches the operator's terminal or log.
      text += code < 0x20 || code === 0x7f ? '?' : String.fromCharCode(code)
    }
    open.push({ sequence, text: length === textUnits ? text + '…' : text })
  }
  open.sort((a, b) => b.sequence - a.sequence)
  const total = Math.max(Atomics.load(words, 1), open.length)
  if (open.length === 0) return undefined
  const named = open.slice(0, 3).map((request, index) => (index === 0 ? request.text + ' (started last)' : request.text))
  return named.join(', ') + (total > named.length ? ' and ' + (total - named.length) + ' more' : '')
}
let lastBeat = Atomics.load(words, 0)
// A watcher that starts while the loop is already held (its thread takes some tens of milliseconds to start, and
// startServer does not wait for it) counts from the last beat, by the wall clock, not from its own start. Only here:
// after that it measures monotonic time, which a clock set back or forward, or a machine's sleep, does not move.
let lastCheck = performance.now()
let lastChange = lastCheck - Math.max(0, Date.now() - beatWall[0])
let reported
setInterval(() => {
  const now = performance.now()
  const beat = Atomics.load(words, 0)
  if (beat !== lastBeat) {
    if (reported !== undefined) say('the event loop was held for ' + seconds(now - lastChange) + (reported === '' ? '' : ' (in flight: ' + reported + ')'))
    lastBeat = beat
    lastChange = now
    reported = undefined
  } else if (now - lastCheck > thresholdMs) {
    // The watcher itself ran late (the machine starved every thread): no measure of the loop, so it starts over, or,
    // past a report, waits for the loop to come back. A sleep of the machine does not get here: performance.now()
    // is monotonic time, which stands still while it sleeps.
    if (reported === undefined) lastChange = now
  } else if (reported === undefined && now - lastChange > thresholdMs) {
    reported = inFlight() ?? ''
    say('the event loop has been held for ' + seconds(now - lastChange) + (reported === '' ? ', with no request in flight (a timer or a job holds it)' : '; in flight: ' + reported))
  }
  lastCheck = now
}, checkMs)
`

/** A loop-stall reporter: told of each request, stopped with `close()`. */
export interface LoopStallReporter {
  /** Marks a request open until its response closes: what a report names while the loop is held. */
  track(request: IncomingMessage, response: ServerResponse): void
  /** Stops the heartbeat and the watcher. */
  close(): Promise<void>
}

/**
 * Reports on stderr an event loop held longer than `thresholdMs` (issue 37): one line when it is found held, naming
 * the method and path of the requests in flight (the one that started last first; never the query), and one when the
 * loop is free again, with how long it was held. The main thread beats a heartbeat into a shared buffer and writes
 * each request's method and path there (no allocation per request); a worker thread watches the heartbeat, so it
 * reports while the loop is still held. Neither keeps the process alive.
 *
 * @example
 * const stalls = startLoopStallReporter({ thresholdMs: 3_000 })
 * const server = createServer((request, response) => {
 *   stalls.track(request, response)
 *   response.end('ok')
 * })
 * // … on shutdown:
 * await stalls.close()
 */
export function startLoopStallReporter(options: {
  thresholdMs: number
  warn?: (message: string) => void
}): LoopStallReporter {
  const buffer = new SharedArrayBuffer(HEADER_WORDS * 4 + SLOTS * TEXT_UNITS * 2)
  const words = new Int32Array(buffer)
  const texts = new Uint16Array(buffer, HEADER_WORDS * 4)
  const beatWall = new Float64Array(buffer, BEAT_WALL_BYTE, 1)
  beatWall[0] = Date.now()
  // Several checks per threshold, so a stall is seen soon after it passes it; never busier than every 10 ms.
  const checkMs = Math.max(10, Math.min(250, Math.floor(options.thresholdMs / 4)))
  const heartbeat = setInterval(() => {
    beatWall[0] = Date.now()
    Atomics.add(words, BEAT, 1)
  }, checkMs)
  heartbeat.unref()
  const worker = new Worker(WATCHER, {
    eval: true,
    // None of the process's flags: `--input-type=module` would make this script a module (no `require`), `--inspect`
    // would want a second debugger port, `--import tsx` would load a compiler the watcher does not need.
    execArgv: [],
    // It holds a few small strings: a small young generation spares the process ~1 MB of the ~10 MB a thread costs.
    resourceLimits: { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 16 },
    workerData: {
      buffer,
      thresholdMs: options.thresholdMs,
      checkMs,
      beatWallByte: BEAT_WALL_BYTE,
      slotBase: SLOT_BASE,
      slots: SLOTS,
      slotWords: SLOT_WORDS,
      headerWords: HEADER_WORDS,
      textUnits: TEXT_UNITS,
    },
  })
  worker.unref()
  worker.on('error', (error) =>
    (options.warn ?? ((message: string) => process.stderr.write(`${message}\n`)))(
      `ramp-sandbox: the loop-stall reporter stopped: ${error.message}`,
    ),
  )
  // Which response holds which slot; a plain array of SLOTS, searched on close, so a request costs no allocation.
  const owners: Array<ServerResponse | undefined> = new Array<ServerResponse | undefined>(SLOTS).fill(undefined)
  let sequence = 0
  // Plain writes, not Atomics (each a memory fence): the watcher reads the slots only once the loop has been still
  // for the threshold, long after the last of them reached memory.
  function closed(this: ServerResponse): void {
    words[OPEN] = words[OPEN]! - 1
    const slot = owners.indexOf(this)
    if (slot === -1) return
    owners[slot] = undefined
    words[SLOT_BASE + slot * SLOT_WORDS] = 0
  }
  return {
    track(request, response) {
      // Sequences wrap at 2^31 - 1 back to 1: a slot's 0 always means free.
      sequence = sequence === 0x7fffffff ? 1 : sequence + 1
      const slot = sequence % SLOTS
      words[SLOT_BASE + slot * SLOT_WORDS] = sequence
      words[SLOT_BASE + 1 + slot * SLOT_WORDS] = writeText(texts, slot, request.method ?? 'GET', request.url ?? '/')
      owners[slot] = response
      words[OPEN] = words[OPEN]! + 1
      response.on('close', closed)
    },
    async close() {
      clearInterval(heartbeat)
      await worker.terminate()
    },
  }
}

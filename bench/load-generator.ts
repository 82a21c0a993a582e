/**
 * Runs load against one URL from a second process, pinned to core 1 when `taskset` works (the servers under test run
 * in the bench's process, pinned to core 0): wrk when it is installed (`apt-get install wrk`; it costs less CPU per
 * request than any node client, so it saturates a fast server), autocannon otherwise. `BENCH_LOAD=autocannon` forces
 * autocannon. Both sides of a ratio are measured with the same generator.
 *
 * @example
 * const load = loadGenerator()
 * const { rate } = await load.run({ url: 'http://127.0.0.1:3000/', connections: 32, seconds: 2 })
 */
import { execFile, execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** One load run: where, what, how many connections, for how long. */
export interface LoadSpec {
  url: string
  method?: string
  headers?: Record<string, string>
  body?: string
  connections: number
  seconds: number
}

/** Requests per second, and how many answers were not 2xx (or 3xx, for wrk) or failed. */
export interface LoadResult {
  rate: number
  non2xx: number
  errors: number
}

function works(command: string, args: string[]): boolean {
  try {
    execFileSync(command, args, { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

/** A Lua long string holding `text` as it is. */
function luaString(text: string): string {
  let level = ''
  while (text.includes(`]${level}]`)) level += '='
  return `[${level}[${text}]${level}]`
}

function wrkScript(spec: LoadSpec): string {
  const lines = [`wrk.method = ${luaString(spec.method ?? 'GET')}`]
  if (spec.body !== undefined) lines.push(`wrk.body = ${luaString(spec.body)}`)
  for (const [name, value] of Object.entries(spec.headers ?? {}))
    lines.push(`wrk.headers[ ${luaString(name)} ] = ${luaString(value)}`)
  return `${lines.join('\n')}\n`
}

/** Reads wrk's summary: `Requests/sec:`, `Non-2xx or 3xx responses:` and `Socket errors:`. */
export function parseWrk(output: string): LoadResult {
  const rate = /Requests\/sec:\s+([\d.]+)/.exec(output)
  if (!rate) throw new Error(`wrk printed no rate:\n${output}`)
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? 0)
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output)
  const errors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0
  return { rate: Number(rate[1]), non2xx, errors }
}

/** The generator this machine has, and whether it pins the load to core 1. */
export function loadGenerator(): {
  name: 'wrk' | 'autocannon'
  pinned: boolean
  run(spec: LoadSpec): Promise<LoadResult>
  close(): void
} {
  const pinned = works('taskset', ['-cp', '0', String(process.pid)])
  const prefix = pinned ? ['taskset', '-c', '1'] : []
  const useWrk = process.env.BENCH_LOAD !== 'autocannon' && works('which', ['wrk'])
  const scripts = mkdtempSync(join(tmpdir(), 'ramp-bench-'))
  let n = 0
  const exec = (args: string[]) => {
    const [command, ...rest] = [...prefix, ...args] as [string, ...string[]]
    return run(command, rest, { maxBuffer: 1 << 20 })
  }
  return {
    name: useWrk ? 'wrk' : 'autocannon',
    pinned,
    async run(spec) {
      if (!useWrk) {
        const { stdout } = await exec([process.execPath, '--import', 'tsx', 'bench/load.ts', JSON.stringify(spec)])
        return JSON.parse(stdout) as LoadResult
      }
      const script = join(scripts, `load-${++n}.lua`)
      writeFileSync(script, wrkScript(spec))
      const { stdout } = await exec([
        'wrk',
        '-t1',
        `-c${spec.connections}`,
        `-d${spec.seconds}s`,
        '-s',
        script,
        spec.url,
      ])
      return parseWrk(stdout)
    },
    close: () => rmSync(scripts, { recursive: true, force: true }),
  }
}

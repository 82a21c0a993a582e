/**
 * `npm run soak`: loads a real sandbox process (the built CLI, on loopback) with every route family across many
 * accounts, plus one client creating sessions as fast as it can, and judges the run: no 5xx, no dropped
 * connection, no unexpected status, RSS flat after warm-up and bounded (issue 12; docs/decisions/0044).
 *
 *   npm run soak -- [--duration 60] [--warmup 10] [--connections 64] [--tenants 16] [--max-requests 20000000]
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { processRssMb } from './process-rss.ts'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { z } from 'zod'
import { provisionTenant, type SoakTarget } from './soak/request-mix.ts'
import { runLoad } from './soak/run-load.ts'
import { judgeSoak, rssBeforeAfter, type SoakStats } from './soak/soak-criteria.ts'
import { quantile } from './statistics.ts'

const Flags = z.object({
  duration: z.coerce.number().positive().max(3_600).default(60),
  warmup: z.coerce.number().min(0).optional(),
  connections: z.coerce.number().int().min(1).max(1_024).default(64),
  tenants: z.coerce.number().int().min(1).max(200).default(16),
  maxRequests: z.coerce.number().int().min(1).default(20_000_000),
})

const BIN = fileURLToPath(new URL('../bin/ramp-sandbox.js', import.meta.url))
/** The flags `npm start` runs the sandbox with (package.json): the soak loads the server as partners run it. */
const SERVER_FLAGS = ['--max-semi-space-size=32']

/** Starts the sandbox CLI on free loopback ports; resolves with its origins once the ready line is out. */
function startSandbox(): Promise<{ child: ChildProcess; target: SoakTarget }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...SERVER_FLAGS, BIN, 'serve', '--host', '127.0.0.1', '--port', '0', '--frames-port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] })
    let out = ''
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk
      const ready = /ready: api (\S+) · frames (\S+)/.exec(out)
      if (ready) resolve({ child, target: { api: ready[1]!, frames: ready[2]! } })
    })
    child.once('exit', (code) => reject(new Error(`the sandbox exited (${code}) before it was ready:\n${out}`)))
  })
}


async function main(): Promise<number> {
  const { values } = parseArgs({ options: { duration: { type: 'string' }, warmup: { type: 'string' }, connections: { type: 'string' }, tenants: { type: 'string' }, 'max-requests': { type: 'string' } } })
  const flags = Flags.safeParse({ ...values, maxRequests: values['max-requests'] })
  if (!flags.success) {
    process.stderr.write(`soak: ${flags.error.issues.map((issue) => `--${String(issue.path[0])}: ${issue.message}`).join('; ')}\n`)
    return 2
  }
  const { duration, connections, tenants: tenantCount, maxRequests } = flags.data
  const warmup = flags.data.warmup ?? Math.min(10, duration / 6)
  const { child, target } = await startSandbox()
  const stop = () => child.kill('SIGTERM')
  process.once('SIGINT', () => (stop(), process.exit(130)))
  try {
    const tenants = await Promise.all(Array.from({ length: tenantCount }, (_, i) => provisionTenant(target, `soak${String(i + 1).padStart(2, '0')}`)))
    const samples: number[] = [processRssMb(child.pid!)]
    const sampler = setInterval(() => samples.push(processRssMb(child.pid!)), 1_000)
    process.stdout.write(`soak: ${connections} connections + 1 session flood, ${tenantCount} accounts, ${duration} s (warm-up ${warmup} s) against ${target.api}\n`)
    const started = performance.now()
    const load = await runLoad({ target, tenants, connections, durationMs: duration * 1_000, maxRequests, floodKey: 'sk_test_soakflood' })
    const seconds = (performance.now() - started) / 1_000
    clearInterval(sampler)
    samples.push(processRssMb(child.pid!))
    const stats: SoakStats = {
      requests: load.requests,
      byStatus: load.byStatus,
      serverErrors: load.serverErrors,
      dropped: load.dropped,
      unexpected: load.unexpected,
      latencyMs: { p50: quantile(load.latencies, 0.5), p99: quantile(load.latencies, 0.99), max: quantile(load.latencies, 1) },
      rssMb: samples,
      warmupIndex: Math.min(samples.length - 1, Math.ceil(warmup) + 1),
    }
    const failures = judgeSoak(stats)
    const classes = Object.entries(load.byStatus).filter(([key]) => key.endsWith('xx')).map(([key, count]) => `${key} ${count}`).join(', ')
    const rss = { start: samples[0]!, ...rssBeforeAfter(stats), max: Math.max(...samples) }
    process.stdout.write(
      [
        `requests   ${load.requests} in ${seconds.toFixed(1)} s (${Math.round(load.requests / seconds)}/s): ${classes}`,
        `errors     5xx ${load.serverErrors}, dropped ${load.dropped}, unexpected status ${load.unexpected}`,
        `latency    p50 ${stats.latencyMs.p50.toFixed(2)} ms, p99 ${stats.latencyMs.p99.toFixed(2)} ms, max ${stats.latencyMs.max.toFixed(1)} ms`,
        `flood      ${load.flood.created} sessions created, ${load.flood.refused} refused with 429 (the account's cap)`,
        `RSS        ${rss.start.toFixed(0)} MB at start, ${rss.afterWarmup.toFixed(0)} MB after warm-up, ${rss.atEnd.toFixed(0)} MB at the end (medians of ${rss.windowSamples} s), ${rss.max.toFixed(0)} MB at most`,
        ...load.samples.map((line) => `  ${line}`),
        failures.length === 0 ? 'soak: passed' : `soak: FAILED: ${failures.join('; ')}`,
        JSON.stringify({ soak: { duration, connections, tenants: tenantCount, requests: load.requests, byStatus: load.byStatus, latencyMs: stats.latencyMs, rssMb: rss, rssSamples: samples.map((mb) => Math.round(mb)), flood: load.flood, failures } }),
      ].join('\n') + '\n',
    )
    return failures.length === 0 ? 0 : 1
  } finally {
    stop()
  }
}

process.exitCode = await main()

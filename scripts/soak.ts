/**
 * `npm run soak`: loads a real sandbox process (the built CLI, on loopback) with every route family across many
 * accounts, plus one client creating sessions as fast as it can, and judges the run: no 5xx, no dropped
 * connection, no unexpected status, RSS flat after warm-up and bounded (issue 12; docs/decisions/0044, 0047).
 * Durations are in seconds; `--help` prints the usage. `--churn <writers>` adds clients that fill new accounts with
 * sessions, one account after another, against a server whose accounts go idle after 3 s: the record budget fills
 * and idle accounts are evicted for the next, and the run is judged on the memory bound (decision 0047).
 *
 *   npm run soak -- [--duration 60] [--warmup 10] [--connections 64] [--tenants 16] [--max-requests 20000000] [--churn 0]
 */
import { processRssMb } from './process-rss.ts'
import { setTimeout as sleep } from 'node:timers/promises'
import { parseArgs } from 'node:util'
import { z } from 'zod'
import { provisionTenant } from './soak/request-mix.ts'
import { runLoad } from './soak/run-load.ts'
import { judgeSoak, type SoakStats } from './soak/soak-criteria.ts'
import { measureServerMemory } from './soak/server-memory.ts'
import { readUsage } from './soak/server-usage.ts'
import { startSandbox } from './soak/start-sandbox.ts'
import { quantile } from './statistics.ts'

const Flags = z.object({
  duration: z.coerce.number().positive().max(3_600).default(60),
  warmup: z.coerce.number().min(0).optional(),
  connections: z.coerce.number().int().min(1).max(1_024).default(64),
  tenants: z.coerce.number().int().min(1).max(200).default(16),
  maxRequests: z.coerce.number().int().min(1).default(20_000_000),
  churn: z.coerce.number().int().min(0).max(64).default(0),
})

const USAGE =
  'usage: npm run soak -- [--duration 60] [--warmup 10] [--connections 64] [--tenants 16] [--max-requests 20000000] [--churn 0]'
/** Sessions each churn writer creates on an account before it moves on to the next. */
const CHURN_SESSIONS_PER_ACCOUNT = 2_000
/** In a churn run, an account is idle (and may be evicted for records) 3 s after its last use. */
const CHURN_SERVER_FLAGS = ['--active-minutes', '0.05']
/** How long one memory reading takes at most (five probes, each after two full collections), and the gap it keeps from the load's end. */
const READING_SECONDS = 4

async function main(): Promise<number> {
  let values
  try {
    ;({ values } = parseArgs({
      options: {
        duration: { type: 'string' },
        warmup: { type: 'string' },
        connections: { type: 'string' },
        tenants: { type: 'string' },
        'max-requests': { type: 'string' },
        churn: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }))
  } catch (error) {
    process.stderr.write(`soak: ${(error as Error).message}\n${USAGE}\n`)
    return 2
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`)
    return 0
  }
  const flags = Flags.safeParse({ ...values, maxRequests: values['max-requests'] })
  if (!flags.success) {
    process.stderr.write(
      `soak: ${flags.error.issues.map((issue) => `--${String(issue.path[0])}: ${issue.message}`).join('; ')}\n`,
    )
    return 2
  }
  const { duration, connections, tenants: tenantCount, maxRequests, churn } = flags.data
  const warmup = flags.data.warmup ?? Math.min(10, duration / 6)
  const { child, target } = await startSandbox(churn > 0 ? CHURN_SERVER_FLAGS : [])
  const stop = () => child.kill('SIGTERM')
  process.once('SIGINT', () => (stop(), process.exit(130)))
  try {
    const tenants = await Promise.all(
      Array.from({ length: tenantCount }, (_, i) => provisionTenant(target, `soak${String(i + 1).padStart(2, '0')}`)),
    )
    const samples: number[] = [processRssMb(child.pid!)]
    const usage = { peakRecords: 0, recordLimit: 0, peakAccounts: 0 }
    const sampler = setInterval(() => {
      samples.push(processRssMb(child.pid!))
      void readUsage(target.api).then(
        (now) => {
          usage.peakRecords = Math.max(usage.peakRecords, now.records.held)
          usage.recordLimit = now.records.limit
          usage.peakAccounts = Math.max(usage.peakAccounts, now.accounts.held)
        },
        () => undefined,
      )
    }, 1_000)
    process.stdout.write(
      `soak: ${connections} connections + 1 session flood, ${tenantCount} accounts, ${duration} s (warm-up ${warmup} s) against ${target.api}\n`,
    )
    const started = performance.now()
    // Memory is read after full collections once the warm-up is over and again just before the load ends, while
    // the load runs; a run too short to fit both takes neither, and fails.
    const readingAt = (second: number) => sleep(second * 1_000).then(() => measureServerMemory(child))
    // A probe that fails settles as its reason, so it is judged with the run rather than left to reject unhandled.
    const readings: Promise<Pick<SoakStats, 'memory' | 'memoryFailure'>> | undefined =
      duration - warmup >= 2 * READING_SECONDS + 1
        ? Promise.all([readingAt(warmup), readingAt(duration - READING_SECONDS - 0.5)]).then(
            ([afterWarmup, atEnd]) => ({ memory: { afterWarmup, atEnd } }),
            (error: Error) => ({ memoryFailure: error.message }),
          )
        : undefined
    const load = await runLoad({
      target,
      tenants,
      connections,
      durationMs: duration * 1_000,
      maxRequests,
      floodKey: 'sk_test_soakflood',
      ...(churn > 0 ? { churn: { writers: churn, sessionsPerAccount: CHURN_SESSIONS_PER_ACCOUNT } } : {}),
    })
    const seconds = (performance.now() - started) / 1_000
    const memory = await readings
    clearInterval(sampler)
    samples.push(processRssMb(child.pid!))
    const stats: SoakStats = {
      requests: load.requests,
      byStatus: load.byStatus,
      serverErrors: load.serverErrors,
      dropped: load.dropped,
      unexpected: load.unexpected,
      latencyMs: {
        p50: quantile(load.latencies, 0.5),
        p99: quantile(load.latencies, 0.99),
        max: quantile(load.latencies, 1),
      },
      rssMb: samples,
      ...memory,
      ...(churn > 0 ? { churn: { peakRecords: usage.peakRecords, recordLimit: usage.recordLimit } } : {}),
    }
    const failures = judgeSoak(stats)
    const classes = Object.entries(load.byStatus)
      .filter(([key]) => key.endsWith('xx'))
      .map(([key, count]) => `${key} ${count}`)
      .join(', ')
    const rss = { start: samples[0]!, max: Math.max(...samples), afterFullCollections: stats.memory }
    const mb = (value: number | undefined) => (value === undefined ? '?' : value.toFixed(0))
    process.stdout.write(
      `${[
        `requests   ${load.requests} in ${seconds.toFixed(1)} s (${Math.round(load.requests / seconds)}/s): ${classes}`,
        `errors     5xx ${load.serverErrors}, dropped ${load.dropped}, unexpected status ${load.unexpected}`,
        `latency    p50 ${stats.latencyMs.p50.toFixed(2)} ms, p99 ${stats.latencyMs.p99.toFixed(2)} ms, max ${stats.latencyMs.max.toFixed(1)} ms`,
        `flood      ${load.flood.created} sessions created, ${load.flood.refused} refused with 429 (the account's cap)`,
        `records    at most ${usage.peakRecords} of ${usage.recordLimit} held, in at most ${usage.peakAccounts} accounts at once${churn > 0 ? `; churn: ${load.churn.created} sessions created on ${load.churn.accounts} accounts, ${load.churn.refused} refused with 429` : ''}`,
        `RSS        ${mb(stats.memory?.afterWarmup.rssMb)} MB after warm-up, ${mb(stats.memory?.atEnd.rssMb)} MB at the end (after full collections); ${mb(rss.start)} MB at start, ${mb(rss.max)} MB at most (sampled each second)`,
        `heap       ${mb(stats.memory?.afterWarmup.heapUsedMb)} MB in use after warm-up, ${mb(stats.memory?.atEnd.heapUsedMb)} MB at the end (after full collections: the records the load made and the sandbox keeps)`,
        ...load.samples.map((line) => `  ${line}`),
        failures.length === 0 ? 'soak: passed' : `soak: FAILED: ${failures.join('; ')}`,
        JSON.stringify({
          soak: {
            duration,
            connections,
            tenants: tenantCount,
            churn: churn > 0 ? { writers: churn, ...load.churn, ...usage } : undefined,
            requests: load.requests,
            byStatus: load.byStatus,
            latencyMs: stats.latencyMs,
            rssMb: rss,
            rssSamples: samples.map((mb) => Math.round(mb)),
            flood: load.flood,
            failures,
          },
        }),
      ].join('\n')}\n`,
    )
    return failures.length === 0 ? 0 : 1
  } finally {
    stop()
  }
}

process.exitCode = await main()

import type { MemoryReading } from './server-memory.ts'

/** What a soak run measured. */
export interface SoakStats {
  requests: number
  /** Answers by status class (`2xx` …) and by status. */
  byStatus: Record<string, number>
  serverErrors: number
  /** Connections that failed: reset, refused, timed out, or a request that got no answer. */
  dropped: number
  /** Answers whose status the mix did not expect for that request (a 4xx where a 200 was due …). */
  unexpected: number
  latencyMs: { p50: number; p99: number; max: number }
  /** The server's resident set size (MB), sampled once a second as it stood: what the 400 MB bound is judged on. */
  rssMb: number[]
  /**
   * The server's memory after full collections, once the warm-up is over and again just before the load ends: what
   * "flat" is judged on (decision 0047). Missing when the run was too short to take both.
   */
  memory?: { afterWarmup: MemoryReading; atEnd: MemoryReading }
  /** Why the readings are missing when the probe failed (no answer in time, no `--expose-gc`). */
  memoryFailure?: string
  /**
   * A churn run (`--churn`): the most records the sandbox held (its health's `usage`) and its budget. The records grow
   * to the budget by design, so such a run is judged on the bound and on reaching the budget, not on flatness.
   */
  churn?: { peakRecords: number; recordLimit: number }
}

/** The limits of a passing soak (issue 12): no 5xx, nothing dropped, RSS flat after warm-up and bounded. */
const SOAK_LIMITS = { rssGrowth: 0.2, rssMaxMb: 400 } as const

/**
 * The criteria a soak is judged by: each failure as a sentence; none means it passed.
 *
 * @example
 * judgeSoak(stats) // [] or ['3 answers were 5xx', …]
 */
export function judgeSoak(stats: SoakStats, limits = SOAK_LIMITS): string[] {
  const failures: string[] = []
  if (stats.requests === 0) failures.push('no request was answered')
  if (stats.serverErrors > 0) failures.push(`${stats.serverErrors} answers were 5xx`)
  if (stats.dropped > 0) failures.push(`${stats.dropped} connections were dropped`)
  if (stats.unexpected > 0) failures.push(`${stats.unexpected} answers had a status the request did not expect`)
  if (stats.memoryFailure !== undefined) failures.push(`the server's memory could not be read: ${stats.memoryFailure}`)
  else if (!stats.memory) failures.push('no memory reading after warm-up and at the end: run longer than the warm-up')
  else if (stats.churn) {
    const highest = Math.max(stats.memory.afterWarmup.rssMb, stats.memory.atEnd.rssMb)
    if (highest >= limits.rssMaxMb)
      failures.push(`RSS after full collections reached ${highest.toFixed(0)} MB (limit ${limits.rssMaxMb} MB)`)
  } else {
    const { afterWarmup, atEnd } = stats.memory
    if (atEnd.rssMb > afterWarmup.rssMb * (1 + limits.rssGrowth)) {
      failures.push(
        `RSS grew from ${afterWarmup.rssMb.toFixed(0)} MB after warm-up to ${atEnd.rssMb.toFixed(0)} MB at the end (more than ${limits.rssGrowth * 100} %, both after full collections)`,
      )
    }
  }
  if (stats.churn && stats.churn.peakRecords < stats.churn.recordLimit * 0.9) {
    failures.push(
      `the churn never filled the record budget: at most ${stats.churn.peakRecords} of ${stats.churn.recordLimit} records were held; run longer or with more --churn writers`,
    )
  }
  const highest = Math.max(0, ...stats.rssMb)
  if (highest >= limits.rssMaxMb) failures.push(`RSS reached ${highest.toFixed(0)} MB (limit ${limits.rssMaxMb} MB)`)
  return failures
}

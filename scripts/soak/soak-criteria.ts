import { median } from '../statistics.ts'

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
  /** The server's resident set size (MB), sampled once a second; `warmupIndex` is the first sample after warm-up. */
  rssMb: number[]
  warmupIndex: number
}

/**
 * Seconds of samples whose median stands for "after warm-up" and for "at the end": RSS under load is a garbage
 * collector's sawtooth (a major collection every several seconds), so one sample says little; a leak shows as the
 * end standing above the start. The 400 MB bound is judged on every single sample.
 */
export const RSS_WINDOW = 10

/** The limits of a passing soak (issue 12): no 5xx, nothing dropped, RSS flat after warm-up and bounded. */
export const SOAK_LIMITS = { rssGrowth: 0.2, rssMaxMb: 400 } as const

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
  const after = stats.rssMb.slice(stats.warmupIndex)
  if (after.length < 3) failures.push('fewer than 3 RSS samples after warm-up: run longer than the warm-up')
  else {
    const { afterWarmup, atEnd } = rssBeforeAfter(stats)
    if (atEnd > afterWarmup * (1 + limits.rssGrowth)) {
      failures.push(`RSS grew from ${afterWarmup.toFixed(0)} MB after warm-up to ${atEnd.toFixed(0)} MB at the end (more than ${limits.rssGrowth * 100} %)`)
    }
  }
  const highest = Math.max(0, ...stats.rssMb)
  if (highest >= limits.rssMaxMb) failures.push(`RSS reached ${highest.toFixed(0)} MB (limit ${limits.rssMaxMb} MB)`)
  return failures
}

/**
 * RSS after warm-up and at the end: medians of the first and last {@link RSS_WINDOW} samples after warm-up (a
 * third of them each when the run is shorter).
 *
 * @example
 * rssBeforeAfter(stats) // { afterWarmup: 164, atEnd: 167, windowSamples: 10 }
 */
export function rssBeforeAfter(stats: Pick<SoakStats, 'rssMb' | 'warmupIndex'>): { afterWarmup: number; atEnd: number; windowSamples: number } {
  const after = stats.rssMb.slice(stats.warmupIndex)
  const window = Math.max(1, Math.min(RSS_WINDOW, Math.floor(after.length / 3)))
  return { afterWarmup: median(after.slice(0, window)), atEnd: median(after.slice(-window)), windowSamples: window }
}

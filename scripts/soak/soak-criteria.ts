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
 * Samples per window when RSS is judged flat: the median of each 5 s window, so one garbage collector's sawtooth
 * is not taken for growth (the 400 MB bound is judged on every single sample).
 */
export const RSS_WINDOW = 5

/** Medians of consecutive windows of `size` samples (a last, shorter window counts when it has half as many). */
function medians(samples: number[], size: number): number[] {
  const out: number[] = []
  for (let start = 0; start < samples.length; start += size) {
    const window = samples.slice(start, start + size).sort((a, b) => a - b)
    if (window.length * 2 >= size) out.push(window[Math.floor((window.length - 1) / 2)]!)
  }
  return out
}

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
  const windows = medians(stats.rssMb.slice(stats.warmupIndex), RSS_WINDOW)
  const base = windows[0]
  if (base === undefined) failures.push('no RSS sample after warm-up: run longer than the warm-up')
  else {
    const peak = Math.max(...windows)
    if (peak > base * (1 + limits.rssGrowth)) failures.push(`RSS grew from ${base.toFixed(0)} MB after warm-up to ${peak.toFixed(0)} MB (more than ${limits.rssGrowth * 100} %)`)
  }
  const highest = Math.max(0, ...stats.rssMb)
  if (highest >= limits.rssMaxMb) failures.push(`RSS reached ${highest.toFixed(0)} MB (limit ${limits.rssMaxMb} MB)`)
  return failures
}

/**
 * The `q`-quantile (0..1) of latencies sorted ascending, nearest rank.
 *
 * @example
 * quantile([1, 2, 3, 4], 0.5) // 2
 */
export function quantile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return 0
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!
}

let lastMs = Number.NaN
let lastIso = ''

/**
 * ISO 8601 of an epoch-ms instant, remembering the last one: a frozen sandbox
 * clock asks for the same instant again and again.
 *
 * @example
 * isoTime(Date.UTC(2026, 0, 1)) // '2026-01-01T00:00:00.000Z'
 */
export function isoTime(ms: number): string {
  if (ms !== lastMs) {
    lastIso = new Date(ms).toISOString()
    lastMs = ms
  }
  return lastIso
}

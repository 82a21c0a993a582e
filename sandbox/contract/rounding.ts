/** Decimal rounding of amounts, shared by fixtures and domain: numeric, never through strings (it sits on the quote path). */
const POWERS = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000]
const pow10 = (digits: number) => POWERS[digits] ?? 10 ** digits

/**
 * Converts an amount to integer minor units of a currency with `precision`
 * digits, rounding half up. The tiny relative nudge absorbs binary artefacts
 * such as 1.005 * 100 = 100.49999999999999.
 *
 * @example
 * toMinor(1.005, 2) // 101
 */
export function toMinor(value: number, precision: number): number {
  const scaled = value * pow10(precision)
  return Math.round(scaled + Math.abs(scaled) * 1e-12)
}

/**
 * Converts integer minor units back to an amount: the division by an exact power
 * of ten yields the nearest double, so 144551 / 100 prints as 1445.51.
 */
export function fromMinor(minor: number, precision: number): number {
  return minor / pow10(precision)
}

/**
 * `percent` % of an amount in integer minor units, rounded half up exactly: the percentage is taken in whole
 * hundredths of a percent (the fee tables' finest step) and the rest is integer arithmetic, where
 * `Math.round(25_000 * 2.01 / 100)` gives 502 because 25 000 × 2.01 is 50 249.99999999999 in binary.
 *
 * @example
 * percentOfMinor(25_000, 2.01) // 503 (502.5, half up)
 */
export function percentOfMinor(minor: number, percent: number): number {
  const scaled = minor * Math.round(percent * 100) + 5_000
  return (scaled - (scaled % 10_000)) / 10_000
}

/** Rounds half up to `digits` decimal places (1.005 → 1.01). */
export function roundTo(value: number, digits: number): number {
  return fromMinor(toMinor(value, digits), digits)
}

/** Rounds to `digits` significant digits without going through strings. */
export function roundSignificant(value: number, digits: number): number {
  if (value === 0 || !Number.isFinite(value)) return value
  const decimals = digits - 1 - Math.floor(Math.log10(Math.abs(value)))
  return decimals >= 0 ? roundTo(value, decimals) : Math.round(value / 10 ** -decimals) * 10 ** -decimals
}

/**
 * Rounds half away from zero to `digits` decimal places without binary
 * artefacts (1.005 → 1.01).
 *
 * @example
 * roundTo(1.005, 2) // 1.01
 */
export function roundTo(value: number, digits: number): number {
  return Number(`${Math.round(Number(`${value}e${digits}`))}e-${digits}`)
}

/** Converts an amount to integer minor units of a currency with `precision` digits. */
export function toMinor(value: number, precision: number): number {
  return Math.round(Number((value * 10 ** precision).toPrecision(15)))
}

/** Converts integer minor units back to an amount. */
export function fromMinor(minor: number, precision: number): number {
  return roundTo(minor / 10 ** precision, precision)
}

/** Rounds to `digits` significant digits. */
export function roundSignificant(value: number, digits: number): number {
  return Number(value.toPrecision(digits))
}

/** Number of decimal places written in a decimal text ("0.50" → 2). */
export function decimalPlaces(text: string): number {
  return text.split('.')[1]?.length ?? 0
}

/**
 * The median of some values (for an even count, the upper of the two middle ones), as the benches and the soak
 * report them.
 *
 * @example
 * median([3, 1, 2]) // 2
 */
export function median(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
}

/**
 * The `q`-quantile (0..1) of values sorted ascending, nearest rank.
 *
 * @example
 * quantile([1, 2, 3, 4], 0.5) // 2
 */
export function quantile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return 0
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!
}

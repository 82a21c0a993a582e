/**
 * A tally of the iterations a quote's searches make: each search adds one per candidate it looks at. Quoting code
 * takes one optionally (a fresh tally when none is given), so a test or a sweep can pass its own and assert
 * "answered within N steps" as a count, never a time; each search's JSDoc proves its bound.
 *
 * @example
 * const count: StepCount = { steps: 0 }
 * buyLimits(tenant, 'eth', { baseCurrencyCode: 'usd' }, count)
 * count.steps // at most MAX_LIMITS_STEPS
 */
export interface StepCount {
  steps: number
}

/** A tally nobody reads: what a search counts into when its caller passed none. */
export const uncounted = (): StepCount => ({ steps: 0 })

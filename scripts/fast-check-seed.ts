import fc from 'fast-check'

/**
 * The seed every fast-check property in the suite runs from (vitest's `setupFiles`), so a run that fails fails again
 * on a rerun, and its report (`seed: …, path: …`) reproduces it. `FAST_CHECK_SEED=<n> npm test` explores other
 * inputs; a failure found that way is reproduced with the same variable.
 *
 * @example
 * fc.readConfigureGlobal().seed // FAST_CHECK_SEED
 */
export const FAST_CHECK_SEED = seedFrom(process.env.FAST_CHECK_SEED)

function seedFrom(text: string | undefined): number {
  if (text === undefined || text === '') return 20261125
  if (!/^-?\d+$/.test(text)) throw new Error(`FAST_CHECK_SEED must be an integer, got ${JSON.stringify(text)}`)
  return Number(text)
}

fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: FAST_CHECK_SEED })

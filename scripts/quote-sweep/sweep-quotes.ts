import type { CryptoCurrency, FiatCurrency, Mode, WidgetBuyPaymentMethod } from '#contract/index.ts'
import { swapPairs } from '#domain/swap-pairs.ts'
import { createSandboxCore } from '#http/sandbox-core.ts'
import {
  sweepByDestination,
  sweepEstimate,
  sweepLimits,
  sweepSell,
  sweepSwap,
  type BuyCase,
  type SweepContext,
} from './sweep-families.ts'
import { SweepTally, type SweepFigures } from './sweep-tally.ts'

/** What to sweep: a seed's catalog in one mode, `days` of the price walk from `from`, an instant every `strideMinutes`. */
export interface SweepOptions {
  seed: number
  mode: Mode
  /** The first instant (ISO 8601). */
  from: string
  days: number
  strideMinutes: number
  /** Every instant, but one case of the grid at each (a fixed stride through it) instead of all of them. */
  sample: boolean
}

/** The week the sweep walks by default: it starts at the instant issue 37 found limits looping forever. */
export const SWEEP_DEFAULTS: SweepOptions = {
  seed: 1,
  mode: 'test',
  from: '2026-11-28T00:02:03.457Z',
  days: 7,
  strideMinutes: 5,
  sample: false,
}

/** How a sample walks the grid: a prime, so that case `i × STRIDE mod n` goes through every case of a grid of `n` (not a multiple of it). */
const SAMPLE_STRIDE = 7_919

const METHODS: readonly WidgetBuyPaymentMethod[] = ['credit_debit_card', 'apple_pay', 'google_pay']

/** A sweep's figures, with what it covered and how long it took. */
export interface SweepRun extends SweepFigures {
  options: SweepOptions
  instants: number
  cases: number
  seconds: number
}

/** A small seeded generator (mulberry32): the sweep's drawn amounts repeat from run to run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

/**
 * Runs every quote family over every crypto × fiat pair × widget payment method × fee mode of the seed's catalog, at an
 * instant every `strideMinutes` across `days` of the price walk (a sample: one case per instant), and tallies the
 * answers: a quote or a 4xx, within each family's step bound. `progress` hears of each instant done.
 *
 * @example
 * const run = await sweepQuotes({ ...SWEEP_DEFAULTS, sample: true })
 * run.families.limits.maxSteps // ≤ MAX_LIMITS_STEPS
 */
export async function sweepQuotes(
  options: SweepOptions,
  progress: (done: number, of: number) => void = () => {},
): Promise<SweepRun> {
  const started = performance.now()
  const core = createSandboxCore({ seed: options.seed, clockStart: options.from })
  const tenant = core.tenants.get('quote-sweep', options.mode)
  const store = await tenant.store()
  const ctx: SweepContext = { core, tenant, store, tally: new SweepTally(), random: seeded(options.seed) }
  const fiats = tenant.catalog.currencies.filter((c): c is FiatCurrency => c.type === 'fiat')
  const cryptos = tenant.catalog.currencies.filter((c): c is CryptoCurrency => c.type === 'crypto')
  const pairs = cryptos.flatMap((crypto) => fiats.map((fiat) => ({ fiat, crypto })))
  const grid: BuyCase[] = pairs.flatMap((pair) =>
    METHODS.flatMap((method) => [false, true].map((feesIncluded) => ({ ...pair, method, feesIncluded }))),
  )
  const swaps = swapPairs(tenant)
  const instants = Math.floor((options.days * 24 * 60) / options.strideMinutes)
  for (let i = 0; i < instants; i++) {
    if (i > 0) tenant.clock.advance(options.strideMinutes * 60_000)
    const at = tenant.clock.iso()
    const cases = options.sample ? [grid[(i * SAMPLE_STRIDE) % grid.length]!] : grid
    for (const c of cases) {
      const label = `${at} ${c.crypto.code}/${c.fiat.code} ${c.method} fees ${c.feesIncluded ? 'included' : 'on top'}`
      await sweepLimits(ctx, c, label)
      await sweepByDestination(ctx, c, label)
    }
    for (const { fiat, crypto } of options.sample ? cases : pairs) {
      await sweepEstimate(ctx, fiat, crypto, `${at} ${crypto.code}/${fiat.code}`)
      await sweepSell(ctx, fiat, crypto, `${at} ${crypto.code}/${fiat.code}`)
    }
    for (const swap of options.sample ? [swaps[i % swaps.length]!] : swaps) await sweepSwap(ctx, swap, at)
    progress(i + 1, instants)
  }
  const { families, failures } = ctx.tally.figures
  const cases = Object.values(families).reduce((sum, family) => sum + family.cases, 0)
  return { options, instants, cases, families, failures, seconds: (performance.now() - started) / 1000 }
}

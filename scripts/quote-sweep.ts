/**
 * `npm run sweep:quotes`: every quote family that searches or steps (limits, buy by destination on the widget and the
 * platform APIs) and those that only compute (the widget frame's estimate, sell, swap), over every crypto × fiat pair
 * × widget payment method × fee mode, at an instant every few minutes across a week of the price walk (issue 37). Each
 * must answer a quote or a 4xx within its proven step bound (a count, not a time); limits must tell the truth (the
 * buy quote takes each bound and refuses a minor unit beyond it). Prints the figures; exits 1 on any failure.
 * `--sample` runs one case per instant (what `scripts/quote-sweep.test.ts` runs); `--json` prints the figures as JSON
 * and each instant done to stderr.
 *
 *   npm run sweep:quotes -- [--sample] [--seed 1] [--mode test] [--from 2026-11-28T00:02:03.457Z] [--days 7] [--stride-minutes 5] [--json]
 */
import { parseArgs } from 'node:util'
import { z } from 'zod'
import { sweepQuotes, SWEEP_DEFAULTS, type SweepRun } from './quote-sweep/sweep-quotes.ts'
import { FAMILIES } from './quote-sweep/sweep-tally.ts'

const USAGE =
  'usage: npm run sweep:quotes -- [--sample] [--seed 1] [--mode test|live] [--from ISO] [--days 7] [--stride-minutes 5] [--json]'

const Flags = z.object({
  seed: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .default(SWEEP_DEFAULTS.seed),
  mode: z.enum(['test', 'live']).default(SWEEP_DEFAULTS.mode),
  from: z.iso.datetime({ offset: true }).default(SWEEP_DEFAULTS.from),
  days: z.coerce.number().positive().max(366).default(SWEEP_DEFAULTS.days),
  strideMinutes: z.coerce.number().positive().max(10_080).default(SWEEP_DEFAULTS.strideMinutes),
  sample: z.boolean().default(false),
})

/** The figures as a table a person reads. */
function report(run: SweepRun): string {
  const { options } = run
  const lines = [
    `quote sweep: seed ${options.seed}, ${options.mode} mode, ${run.instants} instants every ${options.strideMinutes} min from ${options.from}${options.sample ? ' (sample: one case per instant)' : ''}`,
    `${'family'.padEnd(30)}${'cases'.padStart(10)}${'quoted'.padStart(10)}${'refused'.padStart(10)}${'failed'.padStart(8)}${'max steps'.padStart(11)}${'bound'.padStart(7)}`,
    ...FAMILIES.map((family) => {
      const f = run.families[family]
      const steps = f.maxSteps === null ? 'no loop' : String(f.maxSteps)
      return `${family.padEnd(30)}${String(f.cases).padStart(10)}${String(f.quoted).padStart(10)}${String(f.refused).padStart(10)}${String(f.failed).padStart(8)}${steps.padStart(11)}${String(f.bound ?? '–').padStart(7)}`
    }),
    `${run.cases} cases in ${run.seconds.toFixed(1)} s`,
    ...run.failures.map((failure) => `FAILED ${failure}`),
  ]
  return `${lines.join('\n')}\n`
}

async function main(): Promise<number> {
  let values
  try {
    ;({ values } = parseArgs({
      options: {
        seed: { type: 'string' },
        mode: { type: 'string' },
        from: { type: 'string' },
        days: { type: 'string' },
        'stride-minutes': { type: 'string' },
        sample: { type: 'boolean' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }))
  } catch (error) {
    process.stderr.write(`sweep:quotes: ${(error as Error).message}\n${USAGE}\n`)
    return 2
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`)
    return 0
  }
  const flags = Flags.safeParse({ ...values, strideMinutes: values['stride-minutes'] })
  if (!flags.success) {
    process.stderr.write(
      `sweep:quotes: ${flags.error.issues.map((issue) => `--${String(issue.path[0])}: ${issue.message}`).join('; ')}\n`,
    )
    return 2
  }
  const json = values.json === true
  let shown = -1
  const run = await sweepQuotes(flags.data, (done, of) => {
    // JSON callers (the test's watchdog) hear of every instant; people, of every 5 %.
    const percent = Math.floor((done * 20) / of)
    if (json) process.stderr.write(`${done}/${of}\n`)
    else if (percent !== shown) process.stderr.write(`${(shown = percent) * 5} % (${done}/${of} instants)\n`)
  })
  process.stdout.write(json ? `${JSON.stringify(run)}\n` : report(run))
  return run.failures.length === 0 && Object.values(run.families).every((family) => family.failed === 0) ? 0 : 1
}

process.exitCode = await main()

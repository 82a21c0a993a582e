import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'
import type { SweepRun } from './quote-sweep/sweep-quotes.ts'
import { FAMILIES } from './quote-sweep/sweep-tally.ts'

/** Longest the sample may go without finishing an instant: each takes milliseconds, start-up a few seconds (more on a busy machine). */
const SILENCE_MS = 20_000
const START_UP_MS = 60_000

/**
 * `npm run sweep:quotes -- --sample --json` in a child process, killed when it goes SILENCE_MS without finishing an
 * instant (START_UP_MS for the first): a quote that loops forever fails the test instead of hanging the suite.
 */
function sampleInChild(): Promise<{ stalledAt: string | null; output: string; errors: string }> {
  const cwd = fileURLToPath(new URL('..', import.meta.url))
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/quote-sweep.ts', '--sample', '--json'], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  let errors = ''
  let lastInstant = 'start-up'
  return new Promise((resolve) => {
    let watchdog = setTimeout(stall, START_UP_MS)
    function stall() {
      child.kill('SIGKILL')
      resolve({ stalledAt: lastInstant, output, errors })
    }
    child.stdout.on('data', (chunk: Buffer) => (output += chunk))
    child.stderr.on('data', (chunk: Buffer) => {
      errors = (errors + chunk).slice(-4_000)
      lastInstant = `after instant ${errors.trim().split('\n').at(-1)}`
      clearTimeout(watchdog)
      watchdog = setTimeout(stall, SILENCE_MS)
    })
    child.on('close', () => {
      clearTimeout(watchdog)
      resolve({ stalledAt: null, output, errors })
    })
  })
}

it('answers every quote family, at an instant every 5 minutes of a week with one case of the grid each, with a quote or a 4xx within its step bound', async () => {
  const sample = await sampleInChild()
  expect(sample.stalledAt, `the sample went silent (${sample.stalledAt}): a quote loops`).toBeNull()
  const run = JSON.parse(sample.output || 'null') as SweepRun | null
  expect(run, sample.errors).not.toBeNull()
  expect(run!.failures).toEqual([])
  expect(run!.instants).toBe(2016)
  for (const family of FAMILIES) {
    const figures = run!.families[family]
    expect(figures.failed, family).toBe(0)
    expect(figures.quoted, family).toBeGreaterThan(0)
    expect(figures.refused, family).toBeGreaterThan(0)
    if (figures.bound !== null) {
      expect(figures.maxSteps, family).toBeGreaterThan(0)
      expect(figures.maxSteps, family).toBeLessThanOrEqual(figures.bound)
    }
  }
  expect(run!.families.limits.cases).toBe(2016)
}, 180_000)

/**
 * The scenario catalog under each driver:
 *   npm run bench:scenarios                       # node figure, then the browser driver's median
 *   npm run bench:scenarios -- --node-only        # the node figure alone (also RAMP_BENCH_BROWSER=0), no Chromium needed
 *   npm run bench:scenarios -- --passes 7         # passes of the whole catalog under the node driver (default 5)
 * The node figure: scenarios per second over the whole catalog, the median of the passes (target ≥ 200/s, issue 25),
 * with the median time of one scenario and the CPU time per scenario (steadier than wall time on a busy machine). Pass 0 (module loading, the seed's core, the JIT) is a warm-up and not counted.
 */
import { parseArgs } from 'node:util'
import { loadScenarios } from '#harness/load-scenarios.ts'
import { runInNode } from '#harness/drivers/node-driver.ts'
import { median } from '#scripts/statistics.ts'

const { values } = parseArgs({
  options: { 'node-only': { type: 'boolean', default: false }, passes: { type: 'string', default: '5' } },
})
const passes = Number(values.passes)
if (!Number.isInteger(passes) || passes < 1) throw new Error('--passes must be a whole number from 1')
const withBrowser = !values['node-only'] && process.env.RAMP_BENCH_BROWSER !== '0'

const catalog = await loadScenarios()

/** One pass of the whole catalog under the node driver: its total (ms) and each scenario's time (ms). */
async function nodePass(): Promise<{ total: number; times: number[]; cpu: number }> {
  const times: number[] = []
  const cpuStart = process.cpuUsage()
  const start = performance.now()
  for (const { scenario } of catalog) {
    const started = performance.now()
    await runInNode(scenario)
    times.push(performance.now() - started)
  }
  const total = performance.now() - start
  const { user, system } = process.cpuUsage(cpuStart)
  return { total, times, cpu: (user + system) / 1000 }
}

await nodePass() // warm-up
const runs: Array<{ total: number; times: number[]; cpu: number }> = []
for (let pass = 0; pass < passes; pass++) runs.push(await nodePass())
const perSecond = runs.map(({ total }) => (catalog.length / total) * 1000)
const medianPerSecond = median(perSecond)
const medianMs = median(runs.flatMap(({ times }) => times))

console.log(`scenarios: ${catalog.length}`)
console.log(
  `node driver: ${medianPerSecond.toFixed(0)} scenarios/s (target ≥ 200/s), median of ${passes} passes ` +
    `[${perSecond.map((value) => value.toFixed(0)).join(', ')}]; median ${medianMs.toFixed(1)} ms per scenario, ` +
    `pass total ${(median(runs.map(({ total }) => total)) / 1000).toFixed(2)} s, ` +
    // CPU time (this process, all its threads) moves less than wall time when other jobs share the machine.
    `${median(runs.map(({ cpu }) => cpu / catalog.length)).toFixed(1)} ms CPU per scenario`,
)

if (withBrowser) {
  const { runInBrowser, startBrowserEnv } = await import('#harness/drivers/browser-driver.ts')
  const { launchChromium } = await import('#page-host/chromium.ts')
  const browser = await launchChromium()
  const env = await startBrowserEnv({ browser })
  const browserTimes: number[] = []
  for (const { scenario } of catalog) {
    const started = performance.now()
    await runInBrowser(env, { ...scenario, account: `bench_${browserTimes.length}` })
    browserTimes.push(performance.now() - started)
  }
  await env.close()
  await browser.close()
  console.log(
    `browser driver: total ${(browserTimes.reduce((a, b) => a + b, 0) / 1000).toFixed(1)} s, median ${median(browserTimes).toFixed(0)} ms per scenario`,
  )
}

/**
 * Time per scenario under each driver, over the whole catalog:
 *   npm run bench:scenarios
 * prints the node driver's total (target: under 5 s) and the browser driver's median.
 */
import { loadScenarios } from '../harness/load-scenarios.ts'
import { runInNode } from '../harness/drivers/node-driver.ts'
import { runInBrowser, startBrowserEnv } from '../harness/drivers/browser-driver.ts'
import { launchChromium } from '../sandbox/testing/chromium.ts'
import { median } from '../scripts/statistics.ts'

const catalog = await loadScenarios()

const nodeTimes: number[] = []
const nodeStart = performance.now()
for (const { scenario } of catalog) {
  const started = performance.now()
  await runInNode(scenario)
  nodeTimes.push(performance.now() - started)
}
const nodeTotal = performance.now() - nodeStart

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

console.log(`scenarios: ${catalog.length}`)
console.log(`node driver: total ${(nodeTotal / 1000).toFixed(2)} s (target < 5 s), median ${median(nodeTimes).toFixed(1)} ms per scenario`)
console.log(`browser driver: total ${(browserTimes.reduce((a, b) => a + b, 0) / 1000).toFixed(1)} s, median ${median(browserTimes).toFixed(0)} ms per scenario`)

/**
 * Where the node driver's time goes over the scenario catalog: a warm-up pass, then passes of the whole catalog under
 * the V8 CPU profiler. Writes the profile (reports/profile-scenarios.cpuprofile; open it in Chrome's DevTools,
 * Performance tab) and prints self and total time by function and by file (tsx loses line numbers: read the names).
 *
 *   node --import tsx bench/profile-scenarios.ts [passes=3] [grep]
 */
import { runInNode } from '#harness/drivers/node-driver.ts'
import { loadScenarios } from '#harness/load-scenarios.ts'
import { profileWhile, summariseProfile } from './cpu-profile.ts'

const [passes = '3', grep] = process.argv.slice(2)
const catalog = (await loadScenarios()).filter(({ id }) => grep === undefined || new RegExp(grep).test(id))
for (const { scenario } of catalog) await runInNode(scenario)

let wall = 0
let cpu = { user: 0, system: 0 }
const { profile } = await profileWhile(
  'profile-scenarios',
  async () => {
    const started = performance.now()
    const cpuStart = process.cpuUsage()
    for (let pass = 0; pass < Number(passes); pass++) for (const { scenario } of catalog) await runInNode(scenario)
    cpu = process.cpuUsage(cpuStart)
    wall = performance.now() - started
  },
  200,
)

const runs = catalog.length * Number(passes)
console.log(
  `${runs} scenario runs: ${(wall / runs).toFixed(2)} ms wall and ${((cpu.user + cpu.system) / 1000 / runs).toFixed(2)} ms CPU per scenario (under the profiler)`,
)
console.log(summariseProfile(profile, { self: 30, total: 60, files: 20 }).join('\n'))

/**
 * Where the node driver's time goes over the scenario catalog: a warm-up pass, then passes of the whole catalog under
 * the V8 CPU profiler. Writes the profile (reports/profile-scenarios.cpuprofile; open it in Chrome's DevTools,
 * Performance tab) and prints self and total time by function and by file (tsx loses line numbers: read the names).
 *
 *   node --import tsx bench/profile-scenarios.ts [passes=3] [grep]
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { Session, type Profiler } from 'node:inspector'
import { runInNode } from '../harness/drivers/node-driver.ts'
import { loadScenarios } from '../harness/load-scenarios.ts'

const [passes = '3', grep] = process.argv.slice(2)
const catalog = (await loadScenarios()).filter(({ id }) => grep === undefined || new RegExp(grep).test(id))
for (const { scenario } of catalog) await runInNode(scenario)

const session = new Session()
session.connect()
const post = <T>(method: string, params?: object) => new Promise<T>((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result as T))))
await post('Profiler.enable')
await post('Profiler.setSamplingInterval', { interval: 200 })
await post('Profiler.start')
const started = performance.now()
const cpuStart = process.cpuUsage()
for (let pass = 0; pass < Number(passes); pass++) for (const { scenario } of catalog) await runInNode(scenario)
const cpu = process.cpuUsage(cpuStart)
const wall = performance.now() - started
const { profile } = await post<{ profile: Profiler.Profile }>('Profiler.stop')
session.disconnect()

mkdirSync('reports', { recursive: true })
writeFileSync('reports/profile-scenarios.cpuprofile', JSON.stringify(profile))

const runs = catalog.length * Number(passes)
console.log(`${runs} scenario runs: ${(wall / runs).toFixed(2)} ms wall and ${((cpu.user + cpu.system) / 1000 / runs).toFixed(2)} ms CPU per scenario (under the profiler)`)

const counts = new Map<number, number>()
for (const id of profile.samples ?? []) counts.set(id, (counts.get(id) ?? 0) + 1)
const total = profile.samples?.length ?? 1
const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
const where = (url: string) => url.replace(/^file:\/\/.*?\/(node_modules|sandbox|bench|scripts|harness|fixtures|scenarios)\//, '$1/') || '(native)'
const nameOf = (node: Profiler.ProfileNode) => `${node.callFrame.functionName || '(anonymous)'} ${where(node.callFrame.url)}`
const self = new Map<string, number>()
const byFile = new Map<string, number>()
const inclusive = new Map<string, number>()
/** Total time: each sample counts once for every distinct function on its stack. */
function walk(id: number, onStack: Map<string, number>): number {
  const node = nodes.get(id)!
  let hits = counts.get(id) ?? 0
  const name = nameOf(node)
  self.set(name, (self.get(name) ?? 0) + hits)
  byFile.set(where(node.callFrame.url), (byFile.get(where(node.callFrame.url)) ?? 0) + hits)
  onStack.set(name, (onStack.get(name) ?? 0) + 1)
  for (const child of node.children ?? []) hits += walk(child, onStack)
  onStack.set(name, onStack.get(name)! - 1)
  if (onStack.get(name) === 0) inclusive.set(name, (inclusive.get(name) ?? 0) + hits)
  return hits
}
walk(profile.nodes[0]!.id, new Map())
const top = (map: Map<string, number>, n: number) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n).map(([name, hits]) => `  ${((100 * hits) / total).toFixed(1).padStart(5)} %  ${name}`)
console.log('self time by function:')
console.log(top(self, 30).join('\n'))
console.log('total time by function:')
console.log(top(inclusive, 60).join('\n'))
console.log('self time by file:')
console.log(top(byFile, 20).join('\n'))

/**
 * Where a route family's time goes: runs the sandbox in this process, loads one family (as `bench/route-families.ts`
 * does) for a few seconds under the V8 CPU profiler, writes the profile (open it in Chrome's DevTools, Performance
 * tab) and prints the functions with the most self time, and the files.
 *
 *   node --max-semi-space-size=32 --import tsx bench/profile-family.ts 'journal' [seconds=5]
 *
 * The same as `node --cpu-prof`, without the set-up in the profile.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { Session, type Profiler } from 'node:inspector'
import { startServer } from '../sandbox/adapters/node-http/index.ts'
import { loadGenerator } from './load-generator.ts'
import { prepareFamilies } from './route-family-setup.ts'

const [pattern = 'sell quote', seconds = '5'] = process.argv.slice(2)
const sandbox = await startServer({ port: 0, framesPort: 0, logger: () => {} })
const family = (await prepareFamilies(sandbox)).find((candidate) => new RegExp(pattern).test(candidate.name))
if (!family) throw new Error(`no family matches ${pattern}`)
const load = loadGenerator()
await family.beforeRun?.()
await load.run({ ...family.request, connections: 32, seconds: 1 })
await family.beforeRun?.()

const session = new Session()
session.connect()
const post = <T>(method: string, params?: object) => new Promise<T>((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result as T))))
await post('Profiler.enable')
await post('Profiler.setSamplingInterval', { interval: 100 })
await post('Profiler.start')
const result = await load.run({ ...family.request, connections: 32, seconds: Number(seconds) })
const { profile } = await post<{ profile: Profiler.Profile }>('Profiler.stop')
load.close()
await sandbox.close()

mkdirSync('reports', { recursive: true })
const file = `reports/profile-${family.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.cpuprofile`
writeFileSync(file, JSON.stringify(profile))

// Self time per node: samples whose top frame is that node, times the interval.
const counts = new Map<number, number>()
for (const id of profile.samples ?? []) counts.set(id, (counts.get(id) ?? 0) + 1)
const total = profile.samples?.length ?? 1
const byFunction = new Map<string, number>()
const byFile = new Map<string, number>()
for (const node of profile.nodes) {
  const hits = counts.get(node.id) ?? 0
  if (hits === 0) continue
  const { functionName, url, lineNumber } = node.callFrame
  const where = url.replace(/^file:\/\/.*?\/(node_modules|sandbox|bench|scripts)\//, '$1/') || '(native)'
  const name = `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`
  byFunction.set(name, (byFunction.get(name) ?? 0) + hits)
  byFile.set(where, (byFile.get(where) ?? 0) + hits)
}
const top = (map: Map<string, number>, n: number) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n).map(([name, hits]) => `  ${((100 * hits) / total).toFixed(1).padStart(5)} %  ${name}`)
console.log(`${family.name}: ${result.rate.toFixed(0)} req/s under the profiler; ${file}`)
console.log('self time by function:')
console.log(top(byFunction, 25).join('\n'))
console.log('self time by file:')
console.log(top(byFile, 15).join('\n'))

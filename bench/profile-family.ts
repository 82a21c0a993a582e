/**
 * Where a route family's time goes: runs the sandbox in this process, loads one family (as `bench/route-families.ts`
 * does) for a few seconds under the V8 CPU profiler, writes the profile (open it in Chrome's DevTools, Performance
 * tab) and prints the functions with the most self time, and the files.
 *
 *   node --max-semi-space-size=32 --import tsx bench/profile-family.ts 'journal' [seconds=5]
 *
 * The same as `node --cpu-prof`, without the set-up in the profile.
 */
import { startServer } from '#adapters/node-http/index.ts'
import { profileWhile, summariseProfile } from './cpu-profile.ts'
import { loadGenerator } from './load-generator.ts'
import { prepareFamilies } from './route-family-setup.ts'

const [pattern = 'sell quote', seconds = '5'] = process.argv.slice(2)
const sandbox = await startServer({
  port: 0,
  framesPort: 0,
  logger: () => {},
  // As the route-family bench: no cap met by a run at full speed.
  limits: { sessions: 1_000_000, records: 1_000_000, accountBytes: 1024 * 1024 * 1024, bytes: 1024 * 1024 * 1024 },
})
const family = (await prepareFamilies(sandbox)).find((candidate) => new RegExp(pattern).test(candidate.name))
if (!family) throw new Error(`no family matches ${pattern}`)
const load = loadGenerator()
await family.beforeRun?.()
await load.run({ ...family.request, connections: 32, seconds: 1 })
await family.beforeRun?.()

let rate = 0
const { profile, file } = await profileWhile(
  `profile-${family.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}`,
  async () => {
    rate = (await load.run({ ...family.request, connections: 32, seconds: Number(seconds) })).rate
  },
)
load.close()
await sandbox.close()

console.log(`${family.name}: ${rate.toFixed(0)} req/s under the profiler; ${file}`)
console.log(summariseProfile(profile).join('\n'))

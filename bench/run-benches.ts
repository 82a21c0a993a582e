/**
 * `npm run bench`: every benchmark in turn, each in its own node process with the flags it needs, each printed as it
 * runs; one that misses its target (exit code 1) does not stop the others. Exits 1 when any missed.
 *
 *   npm run bench
 *   npm run bench -- route-families store-lookups    # only these
 */
import { spawn } from 'node:child_process'

/** Each bench: its file under bench/ and the node flags it runs with. */
const BENCHES: ReadonlyArray<{ name: string; flags: string[] }> = [
  { name: 'start-up', flags: [] },
  // The servers run in the bench's process with the flags `npm start` uses; the sandbox's garbage is collected between runs.
  { name: 'route-families', flags: ['--expose-gc', '--max-semi-space-size=32'] },
  { name: 'store-lookups', flags: ['--expose-gc'] },
  { name: 'transaction-lookups', flags: [] },
  // The browser bundles' sizes and bytes on the wire, from the built server (decision 0092).
  { name: 'bundle-sizes', flags: [] },
  // A new account's first session against a warm account's, on a server in a process of its own (issue 43).
  { name: 'first-session', flags: [] },
  // 4 000 accounts with a session and a sell quote each, in the built CLI with --max-accounts 5000 (issue 43).
  { name: 'many-accounts', flags: [] },
]

const wanted = process.argv.slice(2)
const unknown = wanted.filter((name) => !BENCHES.some((bench) => bench.name === name))
if (unknown.length > 0) {
  console.error(
    `bench: no bench named ${unknown.join(', ')}; the benches are ${BENCHES.map((bench) => bench.name).join(', ')}`,
  )
  process.exit(2)
}

const missed: string[] = []
for (const bench of BENCHES.filter((candidate) => wanted.length === 0 || wanted.includes(candidate.name))) {
  console.log(`\n== ${bench.name}`)
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, [...bench.flags, '--import', 'tsx', `bench/${bench.name}.ts`], {
      stdio: 'inherit',
    })
    child.once('exit', resolve)
  })
  if (code !== 0) missed.push(`${bench.name} (exit ${code})`)
}
console.log(missed.length === 0 ? '\nbench: every target met' : `\nbench: missed: ${missed.join(', ')}`)
process.exitCode = missed.length === 0 ? 0 : 1

// Whether dist/ is missing or older than a source, and the build that refreshes it.
// Plain JavaScript, because it runs before there is any built output.
// As a command (`node scripts/ensure-built.js`, npm run bench): builds when stale.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { readdirSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
// What the build reads: a change to any of these makes dist/ stale.
const SOURCES = [
  'sandbox',
  'fixtures',
  'harness',
  'tsconfig.json',
  'tsconfig.build.json',
  'tsconfig.build-react-native.json',
  'scripts/build.ts',
  'package.json',
]

/** Tests are not built: a change to one leaves dist/ as it is. */
const TEST_FILE = /\.(test|test-d|spec)\.ts$/

/** Newest modification time (ms) under a file or folder, tests left out. */
function newest(path) {
  const stat = statSync(path, { throwIfNoEntry: false })
  if (!stat) return 0
  if (!stat.isDirectory()) return TEST_FILE.test(path) ? 0 : stat.mtimeMs
  let latest = stat.mtimeMs
  for (const name of readdirSync(path)) latest = Math.max(latest, newest(join(path, name)))
  return latest
}

/** Why dist/ needs a build (`none yet`, `the sources changed`), or undefined when it is up to date. */
export function staleness() {
  const built = statSync(join(root, 'dist/.built'), { throwIfNoEntry: false })
  if (!built) return 'none yet'
  return SOURCES.some((source) => newest(join(root, source)) > built.mtimeMs) ? 'the sources changed' : undefined
}

/**
 * Starts `npm run build`'s work (scripts/build.ts under tsx), its output on stderr so that stdout's
 * first line stays the ready line. On POSIX it leads its own process group, so `stopBuild` ends it
 * with tsc and esbuild.
 */
export function startBuild() {
  return spawn(process.execPath, ['--import', import.meta.resolve('tsx'), join(root, 'scripts/build.ts')], {
    stdio: ['ignore', 2, 2],
    detached: process.platform !== 'win32',
  })
}

/** Ends a build started by `startBuild`, children included. */
export function stopBuild(child, signal) {
  try {
    if (process.platform === 'win32') child.kill(signal)
    else process.kill(-child.pid, signal)
  } catch {
    // Already gone.
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const reason = staleness()
  if (reason) {
    process.stderr.write(`ramp-sandbox: building dist/ (${reason})…\n`)
    const [code] = await once(startBuild(), 'exit')
    process.exitCode = code ?? 1
  }
}

// Builds dist/ when it is missing or older than a source (`npm start`, `npm run bench`).
// Plain JavaScript, because it runs before there is any built output. Importing it does the work.
import { spawnSync } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
// What the build reads: a change to any of these makes dist/ stale.
const SOURCES = ['sandbox', 'fixtures', 'harness', 'tsconfig.json', 'tsconfig.build.json', 'scripts/build.ts', 'package.json']

/** Newest modification time (ms) under a file or folder. */
function newest(path) {
  const stat = statSync(path, { throwIfNoEntry: false })
  if (!stat) return 0
  if (!stat.isDirectory()) return stat.mtimeMs
  let latest = stat.mtimeMs
  for (const name of readdirSync(path)) latest = Math.max(latest, newest(join(path, name)))
  return latest
}

const built = statSync(join(root, 'dist/.built'), { throwIfNoEntry: false })
if (!built || SOURCES.some((source) => newest(join(root, source)) > built.mtimeMs)) {
  process.stderr.write(`ramp-sandbox: building dist/ (${built ? 'the sources changed' : 'none yet'})…\n`)
  const tsx = createRequire(import.meta.url).resolve('tsx/cli')
  // The build's output goes to stderr: stdout's first line stays the ready line.
  const result = spawnSync(process.execPath, [tsx, join(root, 'scripts/build.ts')], { stdio: ['ignore', 2, 2] })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

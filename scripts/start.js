// `npm start`: builds dist/ when it is missing or stale, then runs `ramp-sandbox serve` from it in
// this process, so the CLI's own handlers stop the server on SIGINT, SIGTERM, or when npm goes away.
// Plain JavaScript, because it runs before there is any built output.
import { once } from 'node:events'
import { constants } from 'node:os'
import { startBuild, staleness, stopBuild } from './ensure-built.js'

const reason = staleness()
if (reason) {
  process.stderr.write(`ramp-sandbox: building dist/ (${reason})…\n`)
  const build = startBuild()
  const stop = (signal) => stopBuild(build, signal)
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  // npm forwards SIGTERM to its `sh -c`, which dies without passing it on: a parent that goes away
  // during the build is a request to stop as well (the CLI watches the same once it serves).
  const parent = process.ppid
  const orphaned = setInterval(() => process.ppid !== parent && stop('SIGTERM'), 200)
  const [code, signal] = await once(build, 'exit')
  clearInterval(orphaned)
  process.off('SIGINT', stop)
  process.off('SIGTERM', stop)
  if (signal) process.exit(128 + constants.signals[signal])
  if (code !== 0) process.exit(code ?? 1)
}
process.argv.splice(2, 0, 'serve')
await import('../dist/sandbox/cli.js')

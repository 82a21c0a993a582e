// `npm start`: builds dist/ when it is missing or stale, then runs `ramp-sandbox serve` from it in
// this process, so the CLI's own SIGINT/SIGTERM handlers stop the server. Plain JavaScript, because
// it runs before there is any built output.
import { once } from 'node:events'
import { constants } from 'node:os'
import { startBuild, staleness, stopBuild } from './ensure-built.js'

// npm runs this through `sh -c`; npm forwards SIGTERM to the shell, which dies without passing it
// on. A parent that goes away is therefore a request to stop as well.
const parent = process.ppid
const orphaned = setInterval(() => {
  if (process.ppid === parent) return
  clearInterval(orphaned)
  process.kill(process.pid, 'SIGTERM')
}, 200)
orphaned.unref()

const reason = staleness()
if (reason) {
  process.stderr.write(`ramp-sandbox: building dist/ (${reason})…\n`)
  const build = startBuild()
  const stop = (signal) => stopBuild(build, signal)
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  const [code, signal] = await once(build, 'exit')
  process.off('SIGINT', stop)
  process.off('SIGTERM', stop)
  if (signal) process.exit(128 + constants.signals[signal])
  if (code !== 0) process.exit(code ?? 1)
}
process.argv.splice(2, 0, 'serve')
await import('../dist/sandbox/cli.js')

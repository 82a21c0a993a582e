#!/usr/bin/env node
// The `ramp-sandbox` command: plain node on the built output (`npm run build` makes dist/; the package ships it).
//
// Commands run by the harness (`scenarios`) live in harness/cli/ and are dispatched here, so sandbox/ never
// imports harness/. Every other command (serve, fixtures, record, --help) is the sandbox's CLI.
import { existsSync } from 'node:fs'

/** Commands `harness/cli/main.ts` (`runHarnessCommand`) runs. */
const HARNESS_COMMANDS = new Set(['scenarios'])

const command = process.argv[2]
const harness = HARNESS_COMMANDS.has(command ?? '')
const module = new URL(harness ? '../dist/harness/cli/main.js' : '../dist/sandbox/cli.js', import.meta.url)
if (!existsSync(module)) {
  process.stderr.write('ramp-sandbox: dist/ is missing; in a checkout, run `npm run build` (or `npm start`) first\n')
  process.exit(1)
}
// A reader that went away (`ramp-sandbox fixtures | head`) ends any command quietly.
process.stdout.on('error', (error) => {
  if (/** @type {NodeJS.ErrnoException} */ (error).code === 'EPIPE') process.exit(0)
  throw error
})
if (harness) {
  const { runHarnessCommand } = await import(module.href)
  process.exitCode = await runHarnessCommand(process.argv.slice(2))
} else {
  await import(module.href)
}

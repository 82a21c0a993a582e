#!/usr/bin/env node
// The `ramp-sandbox` command: plain node on the built output (`npm run build` makes dist/; the package ships it).
//
// Commands run by the harness live in harness/ and are listed here, so sandbox/ never imports harness/:
// a command `name` maps to a module of dist/ that runs it from `process.argv.slice(3)` when imported.
// Every other command (serve, fixtures, record, --help) is the sandbox's CLI.
import { existsSync } from 'node:fs'

/** @type {Record<string, string>} */
// e.g. { scenarios: '../dist/harness/scenarios-cli.js' }
const HARNESS_COMMANDS = {}

const command = process.argv[2]
const module = new URL(Object.hasOwn(HARNESS_COMMANDS, command ?? '') ? HARNESS_COMMANDS[command] : '../dist/sandbox/cli.js', import.meta.url)
if (!existsSync(module)) {
  process.stderr.write('ramp-sandbox: dist/ is missing; in a checkout, run `npm run build` (or `npm start`) first\n')
  process.exit(1)
}
// A reader that went away (`ramp-sandbox fixtures | head`) ends any command quietly.
process.stdout.on('error', (error) => {
  if (/** @type {NodeJS.ErrnoException} */ (error).code === 'EPIPE') process.exit(0)
  throw error
})
await import(module.href)

import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { SoakTarget } from './request-mix.ts'
import { MEMORY_PROBE_FLAGS } from './server-memory.ts'

const BIN = fileURLToPath(new URL('../../bin/ramp-sandbox.js', import.meta.url))
/** The flags `npm start` runs the sandbox with (package.json): the soak loads the server as partners run it. */
const SERVER_FLAGS = ['--max-semi-space-size=32']

/**
 * Starts the built sandbox CLI on free loopback ports, with the memory probe preloaded and an IPC channel to it
 * (decision 0047); resolves with its origins once the ready line is out. `extraFlags` go to `serve`.
 *
 * @example
 * const { child, target } = await startSandbox(['--active-minutes', '0.05'])
 */
export function startSandbox(extraFlags: string[] = []): Promise<{ child: ChildProcess; target: SoakTarget }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        ...SERVER_FLAGS,
        ...MEMORY_PROBE_FLAGS,
        BIN,
        'serve',
        '--host',
        '127.0.0.1',
        '--port',
        '0',
        '--frames-port',
        '0',
        ...extraFlags,
      ],
      { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] },
    )
    let out = ''
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk
      const ready = /ready: api (\S+) · frames (\S+)/.exec(out)
      if (ready) resolve({ child, target: { api: ready[1]!, frames: ready[2]! } })
    })
    child.once('exit', (code) => reject(new Error(`the sandbox exited (${code}) before it was ready:\n${out}`)))
  })
}

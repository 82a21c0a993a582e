import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const SERVER = fileURLToPath(new URL('./new-accounts-server.ts', import.meta.url))

/**
 * `bench/new-accounts-server.ts` in a process of its own (the flags `npm start` uses), resolved once it prints its
 * ready line: the server the account benches measure, with room for `maxAccounts` accounts.
 *
 * @example
 * const { child, api } = await spawnBenchServer(510, ['--in-one-go'])
 */
export function spawnBenchServer(
  maxAccounts: number,
  flags: readonly string[] = [],
): Promise<{ child: ChildProcess; api: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--max-semi-space-size=32', '--import', 'tsx', SERVER, String(maxAccounts), ...flags],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    )
    let out = ''
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk
      const ready = /ready (\S+)/.exec(out)
      if (ready) resolve({ child, api: ready[1]! })
    })
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before it was ready: ${out}`)))
  })
}

/**
 * The harness's commands of the `ramp-sandbox` bin. `sandbox/cli.ts` runs the sandbox's own commands and may not import
 * `harness/`, so the bin asks here first: a harness command resolves to its exit code, any other to `undefined`
 * (then the bin runs `sandbox/cli`). The command's code loads only when it is asked for, so `serve` starts no slower.
 *
 * @example
 * // bin/ramp-sandbox.js
 * const code = await runHarnessCommand(process.argv.slice(2))
 * if (code === undefined) await import('../dist/sandbox/cli.js')
 * else process.exitCode = code
 */
export async function runHarnessCommand(argv: string[]): Promise<number | undefined> {
  if (argv[0] !== 'scenarios') return undefined
  const { runScenariosCommand } = await import('./scenarios-command.ts')
  return runScenariosCommand(argv.slice(1))
}

import { spawn } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const repo = join(dirname(fileURLToPath(import.meta.url)), '../..')
const BIN = join(repo, 'bin/ramp-sandbox.js')

/** Runs the command; resolves with its exit code, what it printed, and the ms from its summary line to its exit. */
function runTimed(
  args: string[],
): Promise<{ code: number | null; stdout: string; afterSummaryMs: number | undefined }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let summaryAt: number | undefined
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk
      if (summaryAt === undefined && /\d+ scenarios? \(browser driver\): /.test(stdout)) summaryAt = performance.now()
    })
    child.stderr.resume()
    child.once('error', reject)
    child.once('exit', (code) =>
      resolve({ code, stdout, afterSummaryMs: summaryAt === undefined ? undefined : performance.now() - summaryAt }),
    )
  })
}

describe('ramp-sandbox scenarios --driver browser', () => {
  it('exits within a second of its summary after a run whose client call waited on a frame (no timer left pending)', async () => {
    const { code, stdout, afterSummaryMs } = await runTimed([
      'scenarios',
      'scenarios/challenges/identity-challenge-completed.scenario.ts',
      '--driver',
      'browser',
    ])
    expect(stdout).toContain('1 scenario (browser driver): 1 passed, 0 failed')
    expect(code).toBe(0)
    expect(afterSummaryMs).toBeLessThan(1_000)
  }, 120_000)
})

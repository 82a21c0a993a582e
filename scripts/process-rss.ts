import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'

/**
 * The resident set size of a process, in MB: /proc where there is one (Linux), `ps` elsewhere. What the start-up
 * bench and the soak measure the sandbox's memory with.
 *
 * @example
 * processRssMb(child.pid!) // 71.2
 */
export function processRssMb(pid: number): number {
  const status = `/proc/${pid}/status`
  if (existsSync(status)) return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(status, 'utf8'))![1]) / 1024
  return Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim()) / 1024
}

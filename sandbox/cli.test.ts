import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { afterEach, describe, expect, it } from 'vitest'

const children: ChildProcess[] = []
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL')
})

function cli(...args: string[]): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/cli.ts', ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  children.push(child)
  return child
}

function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString()
      if (text.includes('\n')) resolve(text.split('\n')[0]!)
    })
    child.once('exit', (code) => reject(new Error(`exited ${code} before ready`)))
  })
}

describe('ramp-sandbox serve', () => {
  it('prints one ready line with the URLs and keys, serves, and stops cleanly on SIGTERM', async () => {
    const child = cli('serve', '--port', '0', '--frames-port', '0', '--seed', '7')
    const line = await firstLine(child)
    expect(line).toMatch(/^ramp-sandbox ready: api http:\/\/127\.0\.0\.1:\d+ · frames http:\/\/127\.0\.0\.1:\d+ · keys pk_test_sandbox \/ sk_test_sandbox · seed 7$/)
    const api = /api (\S+)/.exec(line)![1]
    const response = await fetch(`${api}/v3/currencies/eth/sell_quote?apiKey=pk_test_sandbox&quoteCurrencyCode=usd&baseCurrencyAmount=0.5`)
    expect(response.status).toBe(200)
    child.kill('SIGTERM')
    const [code] = await once(child, 'exit')
    expect(code).toBe(0)
  }, 20_000)

  it('takes the port from the environment', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/cli.ts', 'serve'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, RAMP_SANDBOX_PORT: '0', RAMP_SANDBOX_FRAMES_PORT: '0', RAMP_SANDBOX_SEED: '3' },
    })
    children.push(child)
    const line = await firstLine(child)
    expect(line).not.toContain(':4010')
    expect(line).toMatch(/seed 3$/)
  }, 20_000)

  it('refuses a bad flag with exit code 2 and says which', async () => {
    const child = cli('serve', '--port', 'seventy')
    let stderr = ''
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const [code] = await once(child, 'exit')
    expect(code).toBe(2)
    expect(stderr).toContain('--port')
  }, 20_000)
})

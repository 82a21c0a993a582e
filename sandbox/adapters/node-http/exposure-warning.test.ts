import { spawn } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { exposureWarning, isLoopback } from './exposure-warning.ts'

describe('exposureWarning', () => {
  it('says nothing for loopback addresses', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', '::ffff:127.0.0.1'])
      expect(exposureWarning(address), address).toBeUndefined()
  })

  it('warns for wildcards and every other interface', () => {
    for (const address of ['0.0.0.0', '::', '192.168.1.20', '10.0.0.5', 'fe80::1', '::ffff:10.0.0.1'])
      expect(isLoopback(address), address).toBe(false)
    expect(exposureWarning('0.0.0.0')).toBe(
      'ramp-sandbox: WARNING: listening on 0.0.0.0, not a loopback address. Anyone who can reach this machine can call the sandbox, ' +
        'including its control API with the documented default key sk_test_sandbox (reset tenants, read journals, inject faults). ' +
        'Bind 127.0.0.1 (the default) unless that is what you want.',
    )
  })

  it('is printed on stderr by `serve --host 0.0.0.0`', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'sandbox/cli.ts', 'serve', '--host', '0.0.0.0', '--port', '0', '--frames-port', '0'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    )
    let stdout = ''
    let stderr = ''
    try {
      // The two pipes are read independently: wait for the ready line and then for stderr to hold the warning.
      await new Promise<void>((resolve, reject) => {
        const check = () => stdout.includes('ready') && stderr.includes('WARNING') && resolve()
        child.stdout.on('data', (chunk: Buffer) => ((stdout += chunk.toString()), check()))
        child.stderr.on('data', (chunk: Buffer) => ((stderr += chunk.toString()), check()))
        child.once('exit', (code) => reject(new Error(`exited ${code}: ${stderr}`)))
        setTimeout(() => reject(new Error(`no warning within 30 s; stdout: ${stdout}; stderr: ${stderr}`)), 30_000)
      })
      expect(stderr).toContain(exposureWarning('0.0.0.0'))
    } finally {
      child.kill('SIGKILL')
    }
  }, 60_000)
})

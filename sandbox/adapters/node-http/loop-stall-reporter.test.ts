import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const REPORTER = fileURLToPath(new URL('./loop-stall-reporter.ts', import.meta.url))
const SERVER = fileURLToPath(new URL('./start-server.ts', import.meta.url))

/**
 * What every child shares: `hold(ms)` busy-waits on the main thread, then writes the marker `held <ms>` straight to
 * fd 2 (the pipe the reporter's worker writes to as well, so stderr's order is the order of the writes);
 * `request(port, method, path)` sends a request and resolves once its headers are sent, leaving it open when the
 * server waits for a body it never gets.
 */
const PRELUDE = `
import { writeSync } from 'node:fs'
import { request as send, createServer } from 'node:http'
const hold = (ms) => {
  const end = performance.now() + ms
  while (performance.now() < end);
  writeSync(2, 'held ' + ms + '\\n')
}
const request = (port, method, path, body) => new Promise((resolve) => {
  const outgoing = send({ host: '127.0.0.1', port, method, path, headers: body === undefined ? {} : { 'content-length': '100' } }, (response) => response.resume().on('end', resolve))
  outgoing.on('error', () => {})
  if (body === undefined) outgoing.end()
  else outgoing.write(body, () => setTimeout(resolve, 50))
})
`

/**
 * Runs a child (`node --import tsx`) to its end, or, with `until`, until its stderr satisfies it (then stops it),
 * with a time limit; its stderr lines, in order.
 */
function child(code: string, until?: (stderr: string) => boolean, timeoutMs = 30_000): Promise<string[]> {
  return new Promise((done, fail) => {
    const process_ = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', PRELUDE + code], {
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let stderr = ''
    const lines = () => stderr.split('\n').filter((line) => line !== '')
    process_.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
      if (until?.(stderr)) process_.kill('SIGKILL')
    })
    // Without `until`, the reporter's worker and heartbeat keep no child alive: each ends by itself once its work is done.
    const timer = setTimeout(() => {
      process_.kill('SIGKILL')
      fail(
        new Error(
          `the child did not ${until ? 'write what was awaited' : 'end'} within ${timeoutMs} ms; stderr:\n${stderr}`,
        ),
      )
    }, timeoutMs)
    process_.once('close', (status) => {
      clearTimeout(timer)
      if (status === 0 || until?.(stderr)) done(lines())
      else fail(new Error(`the child exited ${status}; stderr:\n${stderr}`))
    })
  })
}

/** The lines before the marker `held …`, and the lines after it. */
function aroundHold(lines: string[]): { during: string[]; after: string[] } {
  const marker = lines.findIndex((line) => line.startsWith('held '))
  expect(marker, lines.join('\n')).toBeGreaterThan(-1)
  return { during: lines.slice(0, marker), after: lines.slice(marker + 1) }
}

describe('startLoopStallReporter', () => {
  it('names the method and path of the request holding the loop while it is still held, never its query', async () => {
    const lines = await child(
      `
      const { startLoopStallReporter } = await import(${JSON.stringify(REPORTER)})
      const stalls = startLoopStallReporter({ thresholdMs: 300 })
      const server = createServer((incoming, response) => {
        stalls.track(incoming, response)
        if (incoming.url.startsWith('/slow/path')) hold(1500)
        response.end('ok')
      }).listen(0, '127.0.0.1')
      await new Promise((resolve) => server.once('listening', resolve))
      await request(server.address().port, 'GET', '/slow/path?apiKey=sk_test_secret')
    `,
      (stderr) => stderr.includes('the event loop was held for'),
    )
    const { during, after } = aroundHold(lines)
    expect(during.filter((line) => line.includes('GET /slow/path'))).toEqual([
      expect.stringMatching(
        /^ramp-sandbox: the event loop has been held for \d+\.\d s; in flight: GET \/slow\/path \(started last\)$/,
      ),
    ])
    expect(after).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^ramp-sandbox: the event loop was held for \d+\.\d s \(in flight: GET \/slow\/path \(started last\)\)$/,
        ),
      ]),
    )
    expect(lines.join('\n')).not.toContain('sk_test_secret')
  })

  it('says no request is in flight when a timer holds the loop after every request was answered', async () => {
    const lines = await child(`
      const { startLoopStallReporter } = await import(${JSON.stringify(REPORTER)})
      const stalls = startLoopStallReporter({ thresholdMs: 300 })
      const server = createServer((incoming, response) => {
        stalls.track(incoming, response)
        response.end('ok')
      }).listen(0, '127.0.0.1')
      await new Promise((resolve) => server.once('listening', resolve))
      await request(server.address().port, 'GET', '/answered')
      await request(server.address().port, 'POST', '/answered-too')
      setTimeout(() => {
        hold(1500)
        server.close()
      }, 10)
    `)
    const { during } = aroundHold(lines)
    expect(during).toContainEqual(
      expect.stringMatching(
        /^ramp-sandbox: the event loop has been held for \d+\.\d s, with no request in flight \(a timer or a job holds it\)$/,
      ),
    )
    expect(lines.join('\n')).not.toContain('/answered')
  })

  it('names the request that started last among those still open first, then the others', async () => {
    const lines = await child(`
      const { startLoopStallReporter } = await import(${JSON.stringify(REPORTER)})
      const stalls = startLoopStallReporter({ thresholdMs: 300 })
      // Requests with a body wait for it: one that never comes whole stays open.
      const server = createServer((incoming, response) => {
        stalls.track(incoming, response)
        incoming.resume().on('end', () => response.end('ok'))
      }).listen(0, '127.0.0.1')
      await new Promise((resolve) => server.once('listening', resolve))
      const port = server.address().port
      await request(port, 'POST', '/first/open', 'partial')
      await request(port, 'GET', '/answered')
      await request(port, 'PUT', '/second/open', 'partial')
      setTimeout(() => {
        hold(1500)
        server.closeAllConnections()
        server.close()
      }, 10)
    `)
    const { during } = aroundHold(lines)
    expect(during).toContainEqual(
      expect.stringMatching(/; in flight: PUT \/second\/open \(started last\), POST \/first\/open$/),
    )
  })
})

describe('startServer and the loop-stall reporter', () => {
  const sandbox = (options: string) => `
    const { startServer } = await import(${JSON.stringify(SERVER)})
    const sandbox = await startServer({ port: 0, framesPort: 0, ${options} })
    const port = Number(new URL(sandbox.apiUrl).port)
  `

  it('names the requests open on the sandbox when the loop is held', async () => {
    const lines = await child(`
      ${sandbox('stallReportMs: 300')}
      await request(port, 'POST', '/platform/v1/sessions?apiKey=sk_test_stall', '{"externalCustomerId":')
      setTimeout(async () => {
        hold(1500)
        await sandbox.close()
      }, 10)
    `)
    const { during } = aroundHold(lines)
    expect(during).toContainEqual(expect.stringMatching(/; in flight: POST \/platform\/v1\/sessions \(started last\)$/))
    expect(lines.join('\n')).not.toContain('sk_test_stall')
  })

  it.concurrent('reports a loop held past 3 s by default', async () => {
    const lines = await child(`
      ${sandbox('')}
      hold(4500)
      await sandbox.close()
    `)
    const { during } = aroundHold(lines)
    expect(during).toEqual([
      expect.stringMatching(/^ramp-sandbox: the event loop has been held for (3|4)\.\d s, with no request in flight/),
    ])
  })

  it.concurrent('reports nothing with stallReportMs 0, nor once closed', async () => {
    const quiet = (options: string) =>
      child(`
        ${sandbox(options)}
        await sandbox.close()
        hold(1500)
        // The watcher, were it still running, would have seen the loop free again by now.
        setTimeout(() => {}, 300)
      `)
    expect(await Promise.all([quiet('stallReportMs: 0'), quiet('stallReportMs: 300')])).toEqual([
      ['held 1500'],
      ['held 1500'],
    ])
  })
})

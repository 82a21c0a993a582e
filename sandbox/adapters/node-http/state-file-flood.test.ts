import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { MAX_FRAME_MESSAGE_CHARS } from '#contract/index.ts'
import { frameConfigOf } from '#frames/server/frames-test-kit.ts'

/** The built command line (vitest's global setup builds dist/): starts in a fraction of a second. */
const CLI = fileURLToPath(new URL('../../../bin/ramp-sandbox.js', import.meta.url))

const children: ChildProcess[] = []
let dir: string | undefined
afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL')
  if (dir) await rm(dir, { recursive: true, force: true, maxRetries: 20, retryDelay: 10 })
})

/** A sandbox process keeping `path`, and its two origins once it is ready. */
function serve(path: string): Promise<{ child: ChildProcess; api: string; frames: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [CLI, 'serve', '--port', '0', '--frames-port', '0', '--frozen-clock', '--state-file', path],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    )
    children.push(child)
    let said = ''
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      said += chunk
      const ready = /api (http:\/\/[^ ]+) · frames (http:\/\/[^ ]+) /.exec(said)
      if (ready) resolve({ child, api: ready[1]!, frames: ready[2]! })
    })
    child.on('exit', (code) => reject(new Error(`the sandbox exited (${code}) before it was ready: ${said}`)))
  })
}

const json = { 'content-type': 'application/json' }

describe('a state file while other accounts flood their journals', () => {
  it('keeps every session a victim was told of, older than the save window, across a kill -9', async () => {
    dir = await mkdtemp(join(tmpdir(), 'ramp-flood-'))
    const path = join(dir, 'state.json')
    const first = await serve(path)
    // Two accounts with only a publishable key fill their frame journals with the longest messages a frame may journal.
    const flood = async (account: string) => {
      const page = await fetch(`${first.frames}/platform/v1/reset?channelId=ch_flood&apiKey=pk_test_${account}`)
      const { ticket } = frameConfigOf({ kind: 'reply', status: page.status, headers: {}, body: await page.text() })
      const message = {
        kind: 'error',
        payload: { code: 'unknown', message: 'm'.repeat(MAX_FRAME_MESSAGE_CHARS - 200) },
      }
      for (let i = 0; i < 150; i++) {
        const posted = await fetch(`${first.frames}/__frames/event`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ ticket, direction: 'out', message }),
        })
        expect(posted.status).toBe(204)
      }
    }
    const victim = { ...json, 'x-api-key': 'sk_test_victim' }
    const tokens: string[] = []
    const sessions = (async () => {
      for (let i = 0; i < 20; i++) {
        const made = await fetch(`${first.api}/platform/v1/sessions`, {
          method: 'POST',
          headers: victim,
          body: JSON.stringify({ externalCustomerId: `v${i}`, deviceIp: '203.0.113.7' }),
        })
        expect(made.status).toBe(201)
        tokens.push(((await made.json()) as { data: { sessionToken: string } }).data.sessionToken)
      }
    })()
    await Promise.all([flood('floodone'), flood('floodtwo'), sessions])
    // Past the save window (at most 2 s after the first unsaved change), and a margin for a busy machine.
    const health = async () =>
      (await (await fetch(`${first.api}/__sandbox/health`)).json()) as {
        status: string
        stateFile: { saving: { state: string; lastSavedAt: string | null } }
      }
    const acknowledged = Date.now()
    await expect
      .poll(async () => Date.parse((await health()).stateFile.saving.lastSavedAt ?? '0'), {
        timeout: 30_000,
        interval: 100,
      })
      .toBeGreaterThan(acknowledged)
    expect((await health()).status).toBe('ok')
    first.child.kill('SIGKILL')
    await new Promise((resolve) => first.child.once('exit', resolve))

    const second = await serve(path)
    for (const sessionToken of tokens) {
      const connection = await fetch(`${second.api}/__sandbox/connections`, {
        method: 'POST',
        headers: victim,
        body: JSON.stringify({ sessionToken }),
      })
      expect(connection.status).toBe(200)
    }
    const usage = await fetch(`${second.api}/__sandbox/usage`, { headers: { 'x-api-key': 'sk_test_floodone' } })
    const held = ((await usage.json()) as { data: { journal: { bytes: { held: number; limit: number } } } }).data
      .journal.bytes
    expect(held.held).toBeLessThanOrEqual(held.limit)
  }, 120_000)
})

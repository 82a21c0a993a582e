import { spawn } from 'node:child_process'
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SandboxSnapshot } from '#contract/index.ts'
import { createSandboxCore } from '#http/sandbox-core.ts'
import { send } from '#http/test-request.ts'
import { readStateFile, writeStateFile } from './state-file.ts'

/** The built writer (vitest's global setup builds dist/): a plain `node` child starts in a fraction of a second. */
const WRITER = fileURLToPath(new URL('../../../dist/sandbox/adapters/node-http/state-file.js', import.meta.url))
const KILLS = 70
const SECRET = '5e'.repeat(32)

/**
 * The child: reads the state, then writes it again and again through the real writer, each time as the next
 * generation (kept in `evictions`), saying on stdout, synchronously, when each write starts and ends.
 */
const CHILD = `
import { writeSync } from 'node:fs'
const { readStateFile, writeStateFile } = await import(${JSON.stringify(WRITER)})
const path = process.argv[2]
const snapshot = await readStateFile(path)
for (let generation = snapshot.evictions + 1; ; generation++) {
  snapshot.evictions = generation
  writeSync(1, 'writing ' + generation + '\\n')
  await writeStateFile(path, snapshot)
  writeSync(1, 'wrote ' + generation + '\\n')
}
`

/** A seeded sequence of kill delays (ms), so a failing run can be repeated. */
function* delays(seed: number): Generator<number> {
  let state = seed
  for (;;) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    yield state % 40
  }
}

let dir: string
let path: string
let child: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ramp-kill-'))
  path = join(dir, 'state.json')
  child = join(dir, 'writer.mjs')
  await writeFile(child, CHILD)
  // A sizeable state (a few hundred sessions and their journal), so a write takes long enough to be caught in it.
  const core = createSandboxCore({ secret: SECRET, bootId: 'kill' })
  for (let i = 0; i < 400; i++) {
    await send(core, 'POST /platform/v1/sessions', {
      headers: { 'x-api-key': 'sk_test_kill' },
      body: { externalCustomerId: `user-${i}`, deviceIp: '203.0.113.7' },
    })
  }
  await writeStateFile(path, { ...(await core.snapshot()), evictions: 0 })
}, 60_000)
afterAll(() => rm(dir, { recursive: true, force: true }))

/**
 * Runs the writer until it says `signal` the first time (`writing`: its first write has started; `wrote`: its first
 * write has finished, so the file has moved on), then `delay` ms more, then SIGKILLs it; returns what it said.
 */
function killWhileWriting(signal: 'writing' | 'wrote', delay: number): Promise<{ started: number; finished: number }> {
  return new Promise((resolve, reject) => {
    const writer = spawn(process.execPath, [child, path], { stdio: ['ignore', 'pipe', 'inherit'] })
    let said = ''
    let armed = false
    writer.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      said += chunk
      if (!armed && said.includes(`${signal} `)) {
        armed = true
        setTimeout(() => writer.kill('SIGKILL'), delay)
      }
    })
    writer.on('error', reject)
    // 'close', not 'exit': only then has everything the writer said been read (a busy machine delivers it late).
    writer.on('close', () => {
      const last = (word: string) =>
        Math.max(0, ...[...said.matchAll(new RegExp(`^${word} (\\d+)$`, 'gm'))].map((m) => Number(m[1])))
      resolve({ started: last('writing'), finished: last('wrote') })
    })
  })
}

describe('the state file under SIGKILL', () => {
  it(`is always the old state or the new one, and restores cleanly, at ${KILLS} kill points`, async () => {
    let generation = 0
    let midWrite = 0
    let tempsLeft = 0
    const delay = delays(12)
    for (let kill = 0; kill < KILLS; kill++) {
      // Every third kill waits for a finished write first, so the file moves on however slow the machine's writes are.
      const { started, finished } = await killWhileWriting(kill % 3 === 2 ? 'wrote' : 'writing', delay.next().value!)
      if (started > finished) midWrite++
      if ((await readdir(dir)).some((name) => name.startsWith('state.json.tmp-'))) tempsLeft++
      const snapshot = (await readStateFile(path)) as SandboxSnapshot
      // The old state (the last write that finished, or the one before the child's first) or the new one (renamed, not yet said).
      expect([Math.max(finished, generation), started]).toContain(snapshot.evictions)
      const restored = createSandboxCore({ secret: snapshot.secret, bootId: snapshot.bootId })
      await restored.restore(snapshot)
      expect((await restored.tenants.get('kill', 'test').store()).sessions.size).toBe(400)
      generation = snapshot.evictions
    }
    console.log(
      `state file: ${KILLS} SIGKILLs, ${midWrite} during a write, ${tempsLeft} left a half-written temp file; every time the file held a whole state and restored`,
    )
    expect(midWrite).toBeGreaterThanOrEqual(50)
    expect(generation).toBeGreaterThanOrEqual(Math.floor(KILLS / 3))
  }, 300_000) // 70 child processes: about 50 s on a quiet 2-core machine, over 100 s on a loaded one
})

/**
 * The image built without a Docker engine (issue 37): each stage of the Dockerfile replayed in an empty folder
 * (`replayStage`: exactly what its `COPY` lines name, `.dockerignore` respected; its `RUN` lines run here, `npm ci`
 * from the warm npm cache), then the last stage's command started as `ENTRYPOINT` + `CMD` start it, on free ports.
 * A file `npm run build` needs that the Dockerfile does not copy, or a source `.dockerignore` leaves out, fails here
 * as `docker build` would.
 *
 * Slow on purpose: an `npm ci` (from the npm cache; it needs no network then) and a build: 50–110 s on a 2-core
 * machine busy with other work (measured at load 3–10), and some seconds more to remove the folders.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { dockerignoreMatcher, parseDockerfile, words } from './dockerfile.ts'
import { replayStage } from './replay-docker-stage.ts'

const repo = join(dirname(fileURLToPath(import.meta.url)), '..')
const folders: string[] = []
let server: ChildProcess | undefined

afterAll(() => {
  if (server?.pid !== undefined && server.exitCode === null && server.signalCode === null)
    process.kill(-server.pid, 'SIGKILL')
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

/**
 * This machine's environment as a fresh shell has it: without what npm and vitest add for a script (npm's
 * `npm_config_local_prefix` would point the image's `npm ci` at this checkout), and without NODE_ENV.
 */
function shellEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !/^(npm_|VITEST|NODE_OPTIONS$|NODE_ENV$|TEST$|FORCE_COLOR$)/.test(name),
    ),
  )
}

/** Starts the image's command in its own process group; resolves with the origins of its ready line. */
function start(command: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<{ api: string; frames: string }> {
  // The image's `node` is this machine's node.
  const [program, ...args] = command[0] === 'node' ? [process.execPath, ...command.slice(1)] : command
  const child = spawn(program!, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
  server = child
  return new Promise((done, fail) => {
    let output = ''
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const ready = /ramp-sandbox ready: api (\S+) · frames (\S+)/.exec(output)
      if (ready) done({ api: ready[1]!, frames: ready[2]! })
    })
    child.once('exit', (code) =>
      fail(new Error(`${command.join(' ')} exited ${code} before its ready line:\n${output}`)),
    )
  })
}

describe('the Dockerfile, replayed without a Docker engine', () => {
  it('builds from exactly what its stages copy and serves the sandbox from its last stage', async () => {
    const stages = parseDockerfile(readFileSync(join(repo, 'Dockerfile'), 'utf8'))
    const ignored = dockerignoreMatcher(readFileSync(join(repo, '.dockerignore'), 'utf8'))
    const roots = new Map<string, string>()
    let last: { root: string; workdir: string; env: Record<string, string> } | undefined
    for (const [index, stage] of stages.entries()) {
      const root = mkdtempSync(join(tmpdir(), `ramp-sandbox-image-${index}-`))
      folders.push(root)
      const replayed = await replayStage(stage, {
        context: repo,
        ignored,
        root,
        stages: roots,
        env: shellEnv(),
        runTimeoutMs: 240_000,
      })
      roots.set(stage.name ?? String(index), root)
      last = { root, ...replayed }
    }
    const image = stages.at(-1)!
    const lastOf = (keyword: string) =>
      image.instructions.filter((instruction) => instruction.keyword === keyword).at(-1)?.args ?? '[]'
    // `docker run -p … ramp-sandbox` as it would start, on free ports and on loopback only.
    const command = [
      ...words(lastOf('ENTRYPOINT')),
      ...words(lastOf('CMD')),
      '--port',
      '0',
      '--frames-port',
      '0',
      '--host',
      '127.0.0.1',
    ]
    const { api, frames } = await start(command, join(last!.root, last!.workdir), { ...shellEnv(), ...last!.env })

    const index = await fetch(`${api}/`)
    expect(index.status).toBe(200)
    // The browser bundles are built files the run stage must carry (dist/browser/).
    expect((await fetch(`${api}/sandbox-client.js`)).status).toBe(200)
    expect((await fetch(`${frames}/platform/v1/check?channelId=image`)).status).toBe(200)
  }, 600_000)
})

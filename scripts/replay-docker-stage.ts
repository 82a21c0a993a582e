/**
 * A Dockerfile stage replayed without a Docker engine (issue 37): in an empty folder standing for the image's root,
 * its `COPY` lines copy exactly what they name (from the build context less what `.dockerignore` leaves out, or from
 * an earlier stage's folder), its `RUN` lines run on this machine's node and npm. What the base image holds (node,
 * npm, a shell) is this machine's; everything else the stage needs must come through its own lines, so a file the
 * build needs and the image lacks fails here as it would in `docker build`.
 */
import { spawn } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, statSync } from 'node:fs'
import { join, posix, relative, sep } from 'node:path'
import { words, type Instruction, type Stage } from './dockerfile.ts'

/** Where and from what a stage is replayed. */
export interface ReplayOptions {
  /** The build context: the repository. */
  context: string
  /** `.dockerignore`'s verdict on a context-relative path (`dockerignoreMatcher`). */
  ignored: (path: string) => boolean
  /** An empty folder standing for the stage's root (`/`). */
  root: string
  /** Earlier stages' root folders by name (`COPY --from=<name>`). */
  stages: ReadonlyMap<string, string>
  /** The environment `RUN` lines start from, before the stage's `ENV`. */
  env: NodeJS.ProcessEnv
  /** How long one `RUN` line may take. */
  runTimeoutMs: number
}

/** A replayed stage: its working directory (a path in the image) and its `ENV`, what its command runs with. */
export interface ReplayedStage {
  workdir: string
  env: Record<string, string>
}

/** Instructions that leave the stage's files as they are. */
const METADATA = new Set(['USER', 'EXPOSE', 'HEALTHCHECK', 'ENTRYPOINT', 'CMD', 'LABEL'])

/**
 * Replays a stage's instructions in order; throws with the instruction when one fails or is not understood.
 *
 * @example
 * const { workdir, env } = await replayStage(stage, { context: repo, ignored, root, stages: new Map(), env: process.env, runTimeoutMs: 300_000 })
 */
export async function replayStage(stage: Stage, options: ReplayOptions): Promise<ReplayedStage> {
  let workdir = '/'
  const env: Record<string, string> = {}
  for (const instruction of stage.instructions) {
    switch (instruction.keyword) {
      case 'WORKDIR':
        workdir = posix.resolve(workdir, instruction.args)
        mkdirSync(join(options.root, workdir), { recursive: true })
        break
      case 'ENV':
        Object.assign(env, parseEnv(instruction.args))
        break
      case 'COPY':
        copy(instruction, workdir, options)
        break
      case 'RUN': {
        const command = instruction.args.startsWith('[') ? words(instruction.args) : ['/bin/sh', '-c', instruction.args]
        await run(command, join(options.root, workdir), { ...options.env, ...env }, options.runTimeoutMs)
        break
      }
      default:
        if (!METADATA.has(instruction.keyword))
          throw new Error(`${instruction.keyword} ${instruction.args}: not understood by the replay`)
    }
  }
  return { workdir, env }
}

/** `ENV A=1 B=2` (no quotes). */
function parseEnv(args: string): Record<string, string> {
  return Object.fromEntries(
    args.split(/\s+/).map((pair) => {
      const equals = pair.indexOf('=')
      if (equals < 1 || /["'\\$]/.test(pair))
        throw new Error(`ENV ${args}: only unquoted NAME=value pairs are understood`)
      return [pair.slice(0, equals), pair.slice(equals + 1)]
    }),
  )
}

/**
 * `COPY [--from=<stage>] <source>… <destination>` as Docker does it: a folder's contents go into the destination;
 * a file goes to the destination, or into it when it ends in `/` or there are several sources. A source the
 * context lacks, or that `.dockerignore` leaves out, fails.
 */
function copy(instruction: Instruction, workdir: string, options: ReplayOptions): void {
  const all = words(instruction.args)
  const flags = all.filter((word) => word.startsWith('--'))
  const [destination, ...sources] = all.filter((word) => !word.startsWith('--')).reverse()
  if (destination === undefined || sources.length === 0)
    throw new Error(`COPY ${instruction.args}: needs a source and a destination`)
  let from: string | undefined
  for (const flag of flags) {
    if (flag.startsWith('--from=')) from = options.stages.get(flag.slice('--from='.length))
    else if (!/^--(chown|chmod)=/.test(flag) && flag !== '--link')
      throw new Error(`COPY ${instruction.args}: ${flag} is not understood by the replay`)
    if (flag.startsWith('--from=') && from === undefined)
      throw new Error(`COPY ${instruction.args}: no earlier stage is named ${flag.slice(7)}`)
  }
  const target = posix.resolve(workdir, destination)
  const intoFolder = destination.endsWith('/') || sources.length > 1
  for (const source of sources.reverse()) {
    if (/[*?[]/.test(source)) throw new Error(`COPY ${instruction.args}: wildcards are not understood by the replay`)
    let path: string
    if (from !== undefined) path = join(from, posix.resolve('/', source))
    else {
      const inContext = posix.normalize(source).replace(/^\/+/, '').replace(/\/+$/, '')
      if (inContext.startsWith('..')) throw new Error(`COPY ${source}: outside the build context`)
      if (options.ignored(inContext)) throw new Error(`COPY ${source}: left out of the build context by .dockerignore`)
      path = join(options.context, inContext)
    }
    if (!existsSync(path))
      throw new Error(
        `COPY ${source}: not found${from === undefined ? ' in the build context' : ' in the stage it copies from'}`,
      )
    const folder = statSync(path).isDirectory()
    const to = folder || !intoFolder ? target : posix.join(target, posix.basename(source))
    cpSync(path, join(options.root, to), {
      recursive: true,
      // Symbolic links are copied as links, as Docker does (node_modules/.bin).
      verbatimSymlinks: true,
      filter:
        from === undefined
          ? (file) => !options.ignored(relative(options.context, file).split(sep).join('/'))
          : undefined,
    })
  }
}

/** Runs one `RUN` line; fails with its output's tail when it exits non-zero or takes too long. */
function run(command: string[], cwd: string, env: NodeJS.ProcessEnv, timeoutMs: number): Promise<void> {
  return new Promise((done, fail) => {
    // Its own process group, so a timeout ends what it started too (npm's tsc, esbuild).
    const child = spawn(command[0]!, command.slice(1), { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
    let output = ''
    const keep = (chunk: Buffer) => void (output = (output + chunk.toString()).slice(-20_000))
    child.stdout.on('data', keep)
    child.stderr.on('data', keep)
    const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), timeoutMs)
    child.once('error', (error) => {
      clearTimeout(timer)
      fail(error)
    })
    child.once('close', (code, signal) => {
      clearTimeout(timer)
      if (code === 0) done()
      else
        fail(
          new Error(
            `RUN ${command.join(' ')} ${signal ? `was killed (${signal}; over ${timeoutMs} ms?)` : `exited ${code}`}:\n${output}`,
          ),
        )
    })
  })
}

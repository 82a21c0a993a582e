import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { z } from 'zod'
import { buildCatalog } from '#fixtures/catalog.ts'
import { SECRET_PATTERN, SECRET_RULE } from '#kernel/sandbox-secret.ts'
import { startServer, type RequestLogEntry, type RunningSandbox } from '#adapters/node-http/index.ts'
import { ALLOW_HOST_PATTERN } from '#adapters/node-http/host-check.ts'
import { USAGE } from './cli-usage.ts'

const Port = z.coerce.number().int().min(0).max(65535)
const ServeFlags = z.object({
  host: z.string().min(1).default('127.0.0.1'),
  port: Port.default(4010),
  framesPort: Port.default(4011),
  seed: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .default(1),
  frozenClock: z
    .union([
      z.literal(true),
      z.iso.datetime({ offset: true, error: 'must be an ISO 8601 instant such as 2026-01-01T00:00:00Z' }),
    ])
    .optional(),
  realtimeClock: z.boolean().default(false),
  strictDeprecations: z.boolean().default(false),
  journalSize: z.coerce.number().int().min(10).max(1_000_000).default(1000),
  secret: z.string().regex(SECRET_PATTERN, SECRET_RULE).optional(),
  log: z.enum(['text', 'json'], { error: 'must be text or json' }).optional(),
  stateFile: z.string().min(1, 'must be a file path').optional(),
  maxAccounts: z.coerce.number().int().min(1).max(100_000).optional(),
  activeMinutes: z.coerce
    .number()
    .min(0)
    .max(24 * 60)
    .optional(),
  allowHost: z
    .array(
      z
        .string()
        .regex(
          ALLOW_HOST_PATTERN,
          'must be host names such as sandbox or .example.test, or * (no scheme, port or path)',
        ),
    )
    .max(64)
    .default([]),
  stallReportSeconds: z.coerce.number().min(0).max(3600).default(3),
  webhookAllowHost: z
    .array(
      z
        .string()
        .regex(
          /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i,
          'must be host names such as partner.example (no scheme, port or path)',
        ),
    )
    .max(64)
    .default([]),
})

/** How the ready line names the clock: `wall time`, or `frozen at <ISO>`. */
function clockLabel(sandbox: RunningSandbox): string {
  const { clockStart, wall } = sandbox.core.options
  if (clockStart === 'wall') return 'wall time'
  const start = new Date(
    clockStart === undefined ? sandbox.core.catalog.priceEpoch : Date.parse(clockStart),
  ).toISOString()
  return wall ? `from ${start}, running` : `frozen at ${start}`
}

/** How the ready line names the state file: ` · state <path> (restored N accounts)` or `(new)`. */
function stateLabel(sandbox: RunningSandbox): string {
  if (!sandbox.state) return ''
  const { path, restoredTenants } = sandbox.state
  return ` · state ${path} (${restoredTenants > 0 ? `restored ${restoredTenants} account${restoredTenants === 1 ? '' : 's'}` : 'new'})`
}

/** A usage error (a bad flag, an unknown command): the message, then the usage text. */
function fail(message: string): never {
  process.stderr.write(`ramp-sandbox: ${message}\n\n${USAGE}\n`)
  process.exit(2)
}

/** A failure once the flags were right (a port in use, a state file that does not match, no sandbox to record from): its cause in one line. */
function exitWith(message: string): never {
  process.stderr.write(`ramp-sandbox: ${message}\n`)
  process.exit(2)
}

async function record(values: { key?: string; api?: string; title?: string; out?: string }): Promise<void> {
  if (!values.key) fail('record needs --key sk_test_<account> (the tenant whose journal to record)')
  const { recordFromServer } = await import('#record/record-from-server.ts')
  const { source } = await recordFromServer({
    api: values.api ?? 'http://127.0.0.1:4010',
    key: values.key,
    title: values.title ?? 'recorded flow',
  }).catch((error: Error) => exitWith(error.message))
  if (!values.out) return void process.stdout.write(source)
  const { mkdirSync, writeFileSync } = await import('node:fs')
  mkdirSync((await import('node:path')).dirname(values.out), { recursive: true })
  writeFileSync(values.out, source)
  process.stderr.write(`ramp-sandbox: recorded ${values.out}; run it with: npx ramp-sandbox scenarios ${values.out}\n`)
}

/** The frozen-clock flag, from `--frozen-clock`, `--frozen-clock ISO`, `--frozen-clock=ISO` or the env. */
function frozenClockFlag(value: string | undefined, env: string | undefined): true | string | undefined {
  const given = value ?? (env === undefined || env === '' || env === '0' ? undefined : env)
  return given === undefined ? undefined : given === '' || given === '1' || given === 'true' ? true : given
}

/** The log flag, from `--log`, `--log json`, `--log=json` or the env (`1` means text). */
function logFlag(value: string | undefined, env: string | undefined): string | undefined {
  const given = value ?? (env === undefined || env === '' || env === '0' ? undefined : env)
  return given === undefined ? undefined : given === '' || given === '1' || given === 'true' ? 'text' : given
}

/**
 * `--frozen-clock` and `--log` take an optional value: give parseArgs an empty one when none follows
 * (for `--log`, only `text` and `json` are its values, so `--log serve` still names the command).
 */
function withOptionalValues(argv: string[]): string[] {
  return argv.flatMap((arg, index) => {
    const next = argv[index + 1]
    if (arg === '--frozen-clock' && (next ?? '-').startsWith('-')) return ['--frozen-clock=']
    if (arg === '--log' && next !== 'json' && next !== 'text') return ['--log=']
    return [arg]
  })
}

/** `--log`'s line: `GET /v3/currencies/eth/sell_quote 200 sandbox:test 0.42ms` (`-` for no status or tenant). */
function requestLine(format: 'text' | 'json', entry: RequestLogEntry): string {
  if (format === 'json') return `${JSON.stringify(entry)}\n`
  return `${entry.method} ${entry.path} ${entry.status ?? '-'} ${entry.tenant ?? '-'} ${entry.ms}ms\n`
}

/** A reader that went away (`ramp-sandbox fixtures | head`) ends the command quietly, as other CLIs do. */
function quietOnBrokenPipe(): void {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0)
    throw error
  })
}

/** A process's state letter and parent, from /proc (Linux); undefined where there is none or it is gone. */
function procStat(pid: number): { state: string; ppid: number } | undefined {
  try {
    // /proc/<pid>/stat: `pid (comm) state ppid …`; comm may hold spaces and parentheses, so read after the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return { state: state!, ppid: Number(ppid) }
  } catch {
    return undefined
  }
}

/**
 * Whether npm still runs above the CLI's parent. Where /proc tells, npm runs while it is still that parent's
 * parent and not a zombie: a process that exited is a zombie until its own parent reaps it (which a busy test
 * runner or a container's PID 1 can do late) and answers `kill(pid, 0)` all that time, but its children are
 * handed to another parent the moment it exits. Elsewhere, whether it answers a signal.
 */
function npmRuns(npm: number, parent: number): boolean {
  const parentStat = procStat(parent)
  if (parentStat !== undefined) {
    const npmStat = procStat(npm)
    return parentStat.ppid === npm && npmStat !== undefined && npmStat.state !== 'Z' && npmStat.state !== 'X'
  }
  try {
    process.kill(npm, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Who started the CLI, read as it starts: its parent, and that parent's parent (npm, when npm ran it). */
interface Launch {
  parent: number
  npm: number | undefined
}

function launchNow(): Launch {
  const parent = process.ppid
  return { parent, npm: procStat(parent)?.ppid }
}

/**
 * Run by npm (`npm start`, `npx ramp-sandbox`, an npm script), the CLI's parent is npm's `sh -c`,
 * which dies on the SIGTERM npm forwards without passing it on: when that parent goes away, stop
 * too. npm itself (the parent's parent) is watched as well: on a busy machine npm can exit before it
 * has forwarded the signal, leaving `sh` alive. Not otherwise: `ramp-sandbox serve &` from a shell
 * script must outlive the script. `launch` is read when the CLI starts, not once it serves: a parent
 * that dies in between (a SIGTERM right after the ready line, before a busy machine ran the next
 * statement) must still count as gone, not as a parent that was never there.
 */
function stopWithNpm(launch: Launch, stop: () => void): void {
  if (process.env.npm_command === undefined) return
  const { parent, npm } = launch
  const watch = setInterval(() => {
    if (process.ppid === parent && (npm === undefined || npm <= 1 || npmRuns(npm, parent))) return
    clearInterval(watch)
    stop()
  }, 200)
  watch.unref()
}

/** A repeatable flag's values, or its env variable's, each item split at commas. */
function listFlag(values: string[] | undefined, env: string | undefined): string[] {
  return (values ?? (env ? [env] : []))
    .flatMap((items) => items.split(','))
    .map((item) => item.trim())
    .filter((item) => item !== '')
}

async function main(argv: string[]): Promise<void> {
  const launch = launchNow()
  let parsed
  try {
    parsed = parseArgs({
      args: withOptionalValues(argv),
      allowPositionals: true,
      options: {
        host: { type: 'string' },
        port: { type: 'string' },
        'frames-port': { type: 'string' },
        seed: { type: 'string' },
        'realtime-clock': { type: 'boolean' },
        'frozen-clock': { type: 'string' },
        'strict-deprecations': { type: 'boolean' },
        'journal-size': { type: 'string' },
        secret: { type: 'string' },
        'state-file': { type: 'string' },
        'max-accounts': { type: 'string' },
        'active-minutes': { type: 'string' },
        'allow-host': { type: 'string', multiple: true },
        'webhook-allow-host': { type: 'string', multiple: true },
        'stall-report-seconds': { type: 'string' },
        log: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        key: { type: 'string' },
        api: { type: 'string' },
        title: { type: 'string' },
        out: { type: 'string' },
      },
    })
  } catch (error) {
    fail((error as Error).message)
  }
  const { values, positionals } = parsed
  const command = positionals[0] ?? 'serve'
  if (positionals.length > 1) fail(`unexpected argument ${positionals[1]}`)
  if (values.help) return void process.stdout.write(`${USAGE}\n`)
  const env = process.env
  const flags = ServeFlags.safeParse({
    host: values.host ?? env.RAMP_SANDBOX_HOST,
    port: values.port ?? env.RAMP_SANDBOX_PORT,
    framesPort: values['frames-port'] ?? env.RAMP_SANDBOX_FRAMES_PORT,
    seed: values.seed ?? env.RAMP_SANDBOX_SEED,
    frozenClock: frozenClockFlag(values['frozen-clock'], env.RAMP_SANDBOX_FROZEN_CLOCK),
    realtimeClock: values['realtime-clock'] ?? env.RAMP_SANDBOX_REALTIME_CLOCK === '1',
    strictDeprecations: values['strict-deprecations'] ?? env.RAMP_SANDBOX_STRICT_DEPRECATIONS === '1',
    journalSize: values['journal-size'],
    secret: values.secret ?? (env.RAMP_SANDBOX_SECRET || undefined),
    log: logFlag(values.log, env.RAMP_SANDBOX_LOG),
    stateFile: values['state-file'] ?? (env.RAMP_SANDBOX_STATE_FILE || undefined),
    maxAccounts: values['max-accounts'] ?? (env.RAMP_SANDBOX_MAX_ACCOUNTS || undefined),
    activeMinutes: values['active-minutes'] ?? (env.RAMP_SANDBOX_ACTIVE_MINUTES || undefined),
    allowHost: listFlag(values['allow-host'], env.RAMP_SANDBOX_ALLOW_HOSTS),
    webhookAllowHost: listFlag(values['webhook-allow-host'], env.RAMP_SANDBOX_WEBHOOK_ALLOW_HOSTS),
    stallReportSeconds: values['stall-report-seconds'] ?? (env.RAMP_SANDBOX_STALL_REPORT_SECONDS || undefined),
  })
  if (!flags.success)
    fail(
      flags.error.issues
        .map((i) => `--${String(i.path[0]).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}: ${i.message}`)
        .join('; '),
    )

  if (command === 'record') return record(values)
  if (command === 'fixtures')
    return void process.stdout.write(`${JSON.stringify(buildCatalog(flags.data.seed), null, 2)}\n`)
  if (command !== 'serve') fail(`unknown command ${command}`)
  const {
    frozenClock,
    realtimeClock,
    log,
    maxAccounts,
    activeMinutes,
    webhookAllowHost,
    allowHost,
    stallReportSeconds,
    ...serve
  } = flags.data
  const limits = {
    ...(maxAccounts === undefined ? {} : { tenants: maxAccounts }),
    ...(activeMinutes === undefined ? {} : { activeWindowMs: activeMinutes * 60_000 }),
  }
  if (frozenClock !== undefined && realtimeClock)
    fail('--frozen-clock and --realtime-clock contradict each other: pick one')
  const clock =
    frozenClock === undefined
      ? ({ clock: 'wall' } as const)
      : ({ clock: 'frozen', clockStart: frozenClock === true ? undefined : frozenClock } as const)

  const requestLog = log && ((entry: RequestLogEntry) => void process.stdout.write(requestLine(log, entry)))
  const sandbox = await startServer({
    ...serve,
    ...clock,
    limits,
    allowHosts: allowHost,
    webhookAllowHosts: webhookAllowHost,
    stallReportMs: stallReportSeconds * 1000,
    ...(requestLog && { requestLog }),
  }).catch((error: NodeJS.ErrnoException) =>
    exitWith(
      error.code === 'EADDRINUSE'
        ? `port in use (${error.message}); pick another with --port / --frames-port`
        : error.message,
    ),
  )
  let closing = false
  const shutdown = (signal: string) => {
    if (closing) return
    closing = true
    sandbox.close().then(() => {
      process.stdout.write(`ramp-sandbox stopped (${signal})\n`)
      process.exit(0)
    })
  }
  // Before the ready line: whoever reads it may stop the sandbox at once.
  process.once('SIGINT', () => shutdown('SIGINT'))
  process.once('SIGTERM', () => shutdown('SIGTERM'))
  stopWithNpm(launch, () => shutdown('npm went away'))
  process.stdout.write(
    `ramp-sandbox ready: api ${sandbox.apiUrl} · frames ${sandbox.framesUrl} · keys pk_test_sandbox / sk_test_sandbox · seed ${flags.data.seed} · clock ${clockLabel(sandbox)}${stateLabel(sandbox)}\n`,
  )
  // Tenant stores load their module on first use, and the seed's catalog is built on first use, to keep start-up
  // short (decision 0030): make both now that the ready line is out, so a partner's first call does not wait for them.
  void import('#kernel/store/tenant-store.ts')
  void import('#fixtures/tenant-seed.ts')
  setImmediate(() => sandbox.core.catalog.currencies)
}

quietOnBrokenPipe()
await main(process.argv.slice(2))

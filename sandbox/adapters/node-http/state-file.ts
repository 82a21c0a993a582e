import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { open, readdir, rename, rm, stat } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { createInterface } from 'node:readline'
import { SandboxSnapshot, StateFileHeader, TenantSnapshot } from '#contract/index.ts'
import { describeIssue } from '#kernel/describe-issue.ts'
import { parseReportingInput } from '#kernel/parse-reporting-input.ts'
import type { AccountState, StateParts } from '#kernel/sandbox-snapshot.ts'

/** A state file that cannot be used, saying why (exit 2 in the CLI). */
export class StateFileError extends Error {
  readonly code = 'state_file_invalid'
  constructor(message: string) {
    super(message)
    this.name = 'StateFileError'
  }
}

/** Temp files a writer leaves beside `path`: `<name>.tmp-<pid>-<n>`. */
const tempPrefix = (path: string) => `${basename(path)}.tmp-`

/** What a zod issue says, for the state file's error: the field (rooted at `root`) and the rule. */
function issueText(issues: ReadonlyArray<Parameters<typeof describeIssue>[0]>, root: string): string {
  const issue = issues[0]!
  return describeIssue({ ...issue, path: [...(root === '' ? [] : root.split('.')), ...issue.path] }, 'the file').message
}

/**
 * Reads and validates a state file: its snapshot, or `undefined` when there is no file yet (the first save makes
 * it). Temp files a killed writer left beside it are removed. Reads it line by line (version 2: a header, then an
 * account a line; version 1: the whole state on one line), so no account's size limits another's. Throws a
 * {@link StateFileError} naming the line, the field and the rule otherwise.
 *
 * @example
 * const snapshot = await readStateFile('.sandbox-state.json') // undefined on the first run
 */
export async function readStateFile(path: string): Promise<SandboxSnapshot | undefined> {
  await removeStaleTemps(path)
  try {
    await stat(path)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw new StateFileError(`cannot read the state file ${path}: ${(error as Error).message}`)
  }
  const notState = (where: string, why: string) =>
    new StateFileError(`the state file ${path} ${where}is not a ramp-sandbox state: ${why}`)
  const lines = createInterface({
    input: createReadStream(path, { encoding: 'utf8' }),
    crlfDelay: Number.POSITIVE_INFINITY,
  })
  let header: StateFileHeader | undefined
  let whole: SandboxSnapshot | undefined
  const tenants: TenantSnapshot[] = []
  let number = 0
  try {
    for await (const line of lines) {
      number++
      if (line === '') continue
      if (whole) throw notState(`line ${number} `, 'a version 1 state is one line, and nothing follows it')
      let json: unknown
      try {
        json = JSON.parse(line)
      } catch (error) {
        throw new StateFileError(
          `the state file ${path} line ${number} is not JSON (${(error as Error).message}): move it away to start afresh`,
        )
      }
      if (!header) {
        // Version 1 held the whole state as one value; version 2 a header, then an account a line.
        const version = json !== null && typeof json === 'object' ? (json as { version?: unknown }).version : undefined
        if (version === 1) {
          // With the input reported, a wrong type says so ("seed must be a number"), not "is required".
          const parsed = parseReportingInput(SandboxSnapshot, json)
          if (!parsed.success) throw notState('', issueText(parsed.error.issues, ''))
          whole = parsed.data
          continue
        }
        const parsed = parseReportingInput(StateFileHeader, json)
        if (!parsed.success) throw notState('', issueText(parsed.error.issues, ''))
        header = parsed.data
        continue
      }
      const parsed = parseReportingInput(TenantSnapshot, json)
      if (!parsed.success)
        throw notState(`line ${number} `, issueText(parsed.error.issues, `tenants.${tenants.length}`))
      tenants.push(parsed.data)
    }
  } catch (error) {
    if (error instanceof StateFileError) throw error
    throw new StateFileError(`cannot read the state file ${path}: ${(error as Error).message}`)
  } finally {
    lines.close()
  }
  if (whole) return whole
  if (!header) throw notState('', 'it is empty')
  const { version: _version, ...rest } = header
  return { ...rest, version: 1, tenants }
}

/**
 * Removes the temp files writers that were killed left beside `path`: only those of processes no longer running, so a
 * read while a live sandbox writes (a partner's script, a test polling the file) never pulls a write from under it.
 */
async function removeStaleTemps(path: string): Promise<void> {
  const prefix = tempPrefix(path)
  const names = await readdir(dirname(path)).catch(() => [] as string[])
  const stale = names.filter(
    (name) => name.startsWith(prefix) && !isRunning(Number(/^(\d+)-/.exec(name.slice(prefix.length))?.[1])),
  )
  await Promise.all(stale.map((name) => rm(join(dirname(path), name), { force: true })))
}

/** Whether a process with this id runs (a temp file's writer); false for what is not a process id. */
function isRunning(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

let temps = 0

/** What one write of a state file did. */
interface StateWrite {
  /** False when every line came out as the file already holds it: nothing was written, nothing fsync'd. */
  written: boolean
  /** Accounts whose state could not be taken or serialised now, and why: the file keeps their last saved line. */
  failures: Array<{ id: string; message: string }>
  /** Each account's line digest as written, by id: what the next write compares with. */
  digests: Map<string, string>
}

/** Options of {@link writeStateLines}. */
interface StateWriteOptions {
  /** Each account's line digest in the file now (the last write's): a write that would change none writes nothing. */
  previous?: ReadonlyMap<string, string>
  /** Awaited between accounts, so a write holds the event loop for one account at a time (the server's: setImmediate). */
  pause?: () => Promise<void>
}

const digestOf = (text: string) => createHash('sha1').update(text).digest('base64')

/**
 * The line an account had in the file at `path`, if any: what the file keeps of an account that cannot be serialised
 * now. Lines are written with the account first, so only their start is compared.
 */
async function lastLineOf(path: string, id: string): Promise<string | undefined> {
  const split = id.lastIndexOf(':')
  const start = `{"account":${JSON.stringify(id.slice(0, split))},"mode":${JSON.stringify(id.slice(split + 1))},`
  const lines = createInterface({
    input: createReadStream(path, { encoding: 'utf8' }),
    crlfDelay: Number.POSITIVE_INFINITY,
  })
  try {
    for await (const line of lines) if (line.startsWith(start)) return line
  } catch {
    // No file yet, or one that cannot be read: nothing is kept of the account.
  } finally {
    lines.close()
  }
  return undefined
}

/**
 * Writes a state file (version 2, decision 0085) account by account: a header line, then each account's state on a
 * line of its own, taken, serialised and written one at a time with `pause` between them, so no string holds more
 * than one account and no account holds the event loop for longer than its own serialisation. An account that
 * cannot be taken or serialised keeps the line it had in the file, and never stops the others being saved. The
 * lines go to a temp file in the same directory, fsync'd, renamed over `path`, then the directory fsync'd: a crash
 * at any instant leaves `path` holding the old state or the new one, never a mix. When every line is as the file
 * already holds it (`previous`), nothing is written.
 *
 * @example
 * const { digests } = await writeStateLines('.sandbox-state.json', core.stateParts())
 */
export async function writeStateLines(
  path: string,
  parts: StateParts,
  options: StateWriteOptions = {},
): Promise<StateWrite> {
  const header = JSON.stringify({ format: 'ramp-sandbox-state', version: 2, ...parts.header } satisfies StateFileHeader)
  const digests = new Map<string, string>([['', digestOf(header)]])
  const failures: StateWrite['failures'] = []
  const previous = options.previous
  let changed =
    previous === undefined || previous.get('') !== digests.get('') || previous.size !== parts.accounts.length + 1
  const temp = join(dirname(path), `${tempPrefix(path)}${process.pid}-${++temps}`)
  const file = await open(temp, 'w', 0o600)
  let renamed = false
  try {
    await file.write(`${header}\n`)
    for (const account of parts.accounts) {
      await options.pause?.()
      const line = await lineOf(account).catch(async (error: unknown) => {
        failures.push({ id: account.id, message: (error as Error).message })
        return lastLineOf(path, account.id)
      })
      if (line === undefined) continue
      const digest = digestOf(line)
      digests.set(account.id, digest)
      if (previous?.get(account.id) !== digest) changed = true
      await file.write(`${line}\n`)
    }
    if (!changed) return { written: false, failures, digests }
    await file.sync()
    await file.close()
    await rename(temp, path)
    renamed = true
  } finally {
    if (!renamed) {
      await file.close().catch(() => undefined)
      await rm(temp, { force: true })
    }
  }
  await syncDirectory(dirname(path))
  return { written: true, failures, digests }
}

/** An account's state as one line of JSON text. */
async function lineOf(account: AccountState): Promise<string> {
  const state = await account.take()
  return typeof state === 'string' ? state : JSON.stringify(state)
}

async function syncDirectory(path: string): Promise<void> {
  const directory = await open(path, 'r')
  try {
    await directory.sync()
  } catch {
    // Some file systems cannot fsync a directory; the rename is still atomic.
  } finally {
    await directory.close()
  }
}

/**
 * Writes a snapshot as a state file (version 2), atomically, as {@link writeStateLines} does.
 *
 * @example
 * await writeStateFile('.sandbox-state.json', await core.snapshot())
 */
export async function writeStateFile(path: string, snapshot: SandboxSnapshot): Promise<void> {
  const { tenants, format: _format, version: _version, ...header } = snapshot
  const accounts = tenants.map((tenant) => ({
    id: `${tenant.account}:${tenant.mode}`,
    take: () => Promise.resolve(tenant),
  }))
  const { failures } = await writeStateLines(path, { header, accounts })
  if (failures.length > 0)
    throw new Error(
      `${failures.length} account${failures.length === 1 ? '' : 's'} could not be serialised (${failures[0]!.message})`,
    )
}

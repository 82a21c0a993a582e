import { open, readdir, readFile, rename, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { SandboxSnapshot } from '../../contract/index.ts'
import { describeIssue } from '../../kernel/describe-issue.ts'
import { parseReportingInput } from '../../kernel/parse-reporting-input.ts'

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

/**
 * Reads and validates a state file: its snapshot, or `undefined` when there is no file yet (the first save makes
 * it). Temp files a killed writer left beside it are removed. Throws a {@link StateFileError} naming what is wrong.
 *
 * @example
 * const snapshot = await readStateFile('.sandbox-state.json') // undefined on the first run
 */
export async function readStateFile(path: string): Promise<SandboxSnapshot | undefined> {
  await removeStaleTemps(path)
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw new StateFileError(`cannot read the state file ${path}: ${(error as Error).message}`)
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new StateFileError(`the state file ${path} is not JSON (${(error as Error).message}): move it away to start afresh`)
  }
  // With the input reported, a wrong type says so ("seed must be a number"), not "is required".
  const parsed = parseReportingInput(SandboxSnapshot, json)
  if (!parsed.success) {
    throw new StateFileError(`the state file ${path} is not a ramp-sandbox state: ${describeIssue(parsed.error.issues[0]!, 'the file').message}`)
  }
  return parsed.data
}

async function removeStaleTemps(path: string): Promise<void> {
  const prefix = tempPrefix(path)
  const names = await readdir(dirname(path)).catch(() => [] as string[])
  await Promise.all(names.filter((name) => name.startsWith(prefix)).map((name) => rm(join(dirname(path), name), { force: true })))
}

let temps = 0

/**
 * Writes a snapshot atomically: to a temp file in the same directory, fsync'd, renamed over `path`, then the
 * directory fsync'd. A crash at any instant leaves `path` holding the old state or the new one, never a mix.
 *
 * @example
 * await writeStateFile('.sandbox-state.json', await core.snapshot())
 */
export function writeStateFile(path: string, snapshot: SandboxSnapshot): Promise<void> {
  return writeStateText(path, JSON.stringify(snapshot))
}

/** Writes a snapshot's JSON text atomically, as {@link writeStateFile} does. */
export async function writeStateText(path: string, text: string): Promise<void> {
  const temp = join(dirname(path), `${tempPrefix(path)}${process.pid}-${++temps}`)
  const file = await open(temp, 'w', 0o600)
  try {
    await file.writeFile(text)
    await file.sync()
  } finally {
    await file.close()
  }
  try {
    await rename(temp, path)
  } catch (error) {
    await rm(temp, { force: true })
    throw error
  }
  const directory = await open(dirname(path), 'r')
  try {
    await directory.sync()
  } catch {
    // Some file systems cannot fsync a directory; the rename is still atomic.
  } finally {
    await directory.close()
  }
}

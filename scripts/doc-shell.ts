import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The origins and keys the docs' shell blocks name: `npm start`'s, and the documented default account. */
export const DOC_API = 'http://127.0.0.1:4010'
export const DOC_FRAMES = 'http://127.0.0.1:4011'

/** One HTTP call a block made through curl: its answer's status and body, and the arguments as the block wrote them. */
export interface CurlCall {
  status: number
  args: string
  body: string
}

/** What a block did: each curl call in order, and the shell's exit code and output. */
export interface ShellRun {
  calls: CurlCall[]
  code: number | null
  stdout: string
  stderr: string
}

/** Sourced before every block: curl and jq as the blocks need them (see the file's comment). */
const PRELUDE = fileURLToPath(new URL('./doc-shell-prelude.sh', import.meta.url))

/**
 * Runs a docs shell block in bash against a running sandbox: the docs' origins become the given ones and the
 * documented account (`pk_test_sandbox`, `sk_test_sandbox`) becomes `account`, so blocks do not share state. It runs
 * in a scratch directory, removed after, so files a block writes (an upload's document) stay out of the checkout.
 */
export async function runShellBlock(
  body: string,
  target: { apiUrl: string; framesUrl: string; account: string },
): Promise<ShellRun> {
  const dir = mkdtempSync(join(tmpdir(), 'doc-shell-'))
  const script = body
    .replaceAll(DOC_API, target.apiUrl)
    .replaceAll(DOC_FRAMES, target.framesUrl)
    .replace(/\b([ps]k_(?:test|live))_sandbox\b/g, `$1_${target.account}`)
  try {
    const child = spawn('bash', ['-c', `source '${PRELUDE}'\n${script}`], {
      cwd: dir,
      env: { ...process.env, DOC_TMP: dir },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk))
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
    let log = ''
    try {
      log = readFileSync(join(dir, 'calls'), 'utf8')
    } catch {
      // no curl call
    }
    const calls = log
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [status, file, args] = line.split('\t') as [string, string, string]
        return { status: Number(status), args, body: readFileSync(file, 'utf8') }
      })
    return { calls, code, stdout, stderr }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

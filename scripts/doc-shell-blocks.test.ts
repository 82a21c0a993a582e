import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningSandbox } from '#adapters/node-http/index.ts'
import { docBlocks, where, type DocBlock } from './doc-blocks.ts'
import { runShellBlock, type ShellRun } from './doc-shell.ts'

/**
 * Every shell block of README.md and docs/*.md (scripts/doc-blocks.ts says which are: `sh` blocks not marked
 * illustrative) runs in bash against one sandbox started here, the docs' origins and account swapped for its own.
 * Each curl answer must be 2xx unless the block is listed below with the statuses it shows on purpose; a json block
 * right after a block is the answer of its last call, and that answer must have the keys the doc shows.
 */

/** What a block leans on from the text before it (the `$H`/`$J` of an earlier block), put in front of it. */
const GIVEN: ReadonlyArray<{ starts: string; shell: string }> = [
  {
    starts: '# the next buy quote for usdc',
    shell: "H='X-Api-Key: sk_test_sandbox'; J='Content-Type: application/json'",
  },
  {
    starts: '# did my server create exactly one session',
    shell: "H='X-Api-Key: sk_test_sandbox'; J='Content-Type: application/json'",
  },
  // The sell the widget frame started ("sell_… is the id from complete"), started here through the control API.
  {
    starts: '# sell_… is the id from complete',
    shell: `curl -s -X POST http://127.0.0.1:4010/__sandbox/sell_transactions -H 'X-Api-Key: sk_test_sandbox' -H 'content-type: application/json' -d '{"baseCurrencyCode":"eth","quoteCurrencyCode":"usd","baseCurrencyAmount":0.5}' > /dev/null`,
  },
]

/** Blocks whose calls are not all 2xx on purpose: the statuses they answer, in order, and why. */
const STATUSES: ReadonlyArray<{ starts: string; statuses: number[]; why: string }> = [
  {
    starts: "H='X-Api-Key: sk_test_sandbox'\nJ='Content-Type: application/json'\n# start a sell",
    statuses: [201, 200, 200, 409, 409, 409, 200, 200, 200, 409, 409],
    why: 'complete, requote, fail and cancel are alternatives, shown after the sell completed',
  },
  {
    starts: "H='X-Api-Key: sk_test_sandbox'\nJ='Content-Type: application/json'\n# read and advance the tenant's clock",
    statuses: [200, 200, 200, 201, 200, 204, 200, 200, 200, 401, 200, 200, 200],
    why: 'the connection names a session token of the example before it (st_…), which this block did not create',
  },
  {
    starts: '# the next buy quote for usdc',
    statuses: [201, 201, 201, 400],
    why: 'the last fault elides a whole transaction (…), so its body is not JSON',
  },
  {
    starts:
      "H='X-Api-Key: sk_test_sandbox'\nJ='Content-Type: application/json'\nAPI=http://127.0.0.1:4010\n# register an endpoint",
    statuses: [201, 200, 200, 200, 200, 204, 404, 200, 200, 404, 201, 404, 404, 200, 200, 200],
    why: 'the endpoint is deleted before its delivery settings are shown; no delivery exists to resend (no receiver); no transaction id was answered before the two transaction calls',
  },
]

const blocks = docBlocks()
const shellBlocks = blocks.filter((block) => block.check.kind === 'shell')
let sandbox: RunningSandbox
const runs = new Map<DocBlock, Promise<ShellRun>>()

beforeAll(async () => {
  sandbox = await startServer({ port: 0, framesPort: 0 })
})

afterAll(async () => {
  await sandbox?.close()
})

function run(block: DocBlock, account: string): Promise<ShellRun> {
  let started = runs.get(block)
  if (!started) {
    const given = GIVEN.filter((entry) => block.body.startsWith(entry.starts))
      .map((entry) => `${entry.shell}\n`)
      .join('')
    started = runShellBlock(given + block.body, { apiUrl: sandbox.apiUrl, framesUrl: sandbox.framesUrl, account })
    runs.set(block, started)
  }
  return started
}

/** The keys a doc's json answer shows at its top level ("…" stands for the rest). */
function shownKeys(json: string): string[] {
  return Object.keys(JSON.parse(json) as Record<string, unknown>).filter((key) => key !== '…')
}

describe('the shell blocks of the docs', () => {
  it('are found (a README without curl blocks means the extraction broke)', () => {
    expect(shellBlocks.length).toBeGreaterThan(10)
  })

  it.each(shellBlocks.map((block, index) => ({ block, index, name: `${where(block)}: ${block.body.split('\n')[0]}` })))(
    '$name answers as the doc says',
    async ({ block, index }) => {
      const result = await run(block, `doc${index}`)
      expect(result.code, result.stderr).toBe(0)
      expect(result.calls.length, 'a shell block not marked illustrative makes at least one curl call').toBeGreaterThan(
        0,
      )
      const listed = STATUSES.find((entry) => block.body.startsWith(entry.starts))
      const statuses = result.calls.map((call) => call.status)
      const detail = result.calls
        .map((call) => `${call.status} ${call.args}\n    ${call.body.slice(0, 300)}`)
        .join('\n')
      if (listed) expect(statuses, `${listed.why}\n${detail}`).toEqual(listed.statuses)
      else
        expect(
          statuses.every((status) => status >= 200 && status < 300),
          detail,
        ).toBe(true)
      const answer = blocks.find(
        (candidate) =>
          candidate.check.kind === 'answer' &&
          candidate.file === block.file &&
          blocks[blocks.indexOf(candidate) - 1] === block,
      )
      if (answer) {
        const last = JSON.parse(result.calls.at(-1)!.body) as Record<string, unknown>
        expect(Object.keys(last), `the answer shown at ${where(answer)}`).toEqual(
          expect.arrayContaining(shownKeys(answer.body)),
        )
      }
    },
    60_000,
  )
})

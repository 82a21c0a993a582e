import { afterAll, describe, expect, it } from 'vitest'
import { startServer, type RunningSandbox } from '#adapters/node-http/start-server.ts'
import { runAccountFlow, type FlowOutcome } from './account-flow.ts'

const FLOWS = 200

async function flowsAgainst(sandbox: RunningSandbox, prefix: string): Promise<FlowOutcome[]> {
  const target = { api: sandbox.apiUrl, frames: sandbox.framesUrl }
  return Promise.all(
    Array.from({ length: FLOWS }, (_, index) =>
      runAccountFlow(target, `${prefix}_${index}`, { seed: index + 1, maxPauseMs: 300 }),
    ),
  )
}

const count = (outcomes: FlowOutcome[], kind: FlowOutcome['kind']) =>
  outcomes.filter((outcome) => outcome.kind === kind).length

describe(`${FLOWS} accounts' flows at once against one server`, () => {
  let sandbox: RunningSandbox | undefined
  afterAll(() => sandbox?.close())

  it('all finish with the default limits: none evicted mid-flow', async () => {
    sandbox = await startServer({ port: 0, framesPort: 0, logger: () => undefined })
    const outcomes = await flowsAgainst(sandbox, 'flows_default')
    expect(outcomes.filter((outcome) => outcome.kind !== 'done')).toEqual([])
    await sandbox.close()
    sandbox = undefined
  }, 240_000)

  it('with --max-accounts 64, the extra accounts get 429 on their first call and none fails mid-flow', async () => {
    sandbox = await startServer({ port: 0, framesPort: 0, limits: { tenants: 64 }, logger: () => undefined })
    const outcomes = await flowsAgainst(sandbox, 'flows_capped')
    expect(outcomes.filter((outcome) => outcome.kind === 'failed')).toEqual([])
    expect(count(outcomes, 'done')).toBe(64)
    expect(count(outcomes, 'refused')).toBe(FLOWS - 64)
    expect(outcomes.find((outcome) => outcome.kind === 'refused')).toMatchObject({
      message: expect.stringContaining('--max-accounts'),
    })
  }, 240_000)
})

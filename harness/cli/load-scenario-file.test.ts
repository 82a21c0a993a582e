import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createScenarioLoader, LoaderMissing } from './load-scenario-file.ts'

const dir = mkdtempSync(join(tmpdir(), 'ramp-loader-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const scenario = "{ title: 't', tags: [], steps: [{ api: 'GET /v3/currencies', as: 'c' }], expect: {} }"

describe('createScenarioLoader', () => {
  it('says to install tsx when a .ts file is to load and tsx is nowhere to be found', async () => {
    writeFileSync(join(dir, 'a.scenario.ts'), `export default ${scenario}\n`)
    const loader = createScenarioLoader(dir, { tsxFrom: [join(dir, 'nowhere')] })
    const error = await loader.load(join(dir, 'a.scenario.ts')).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(LoaderMissing)
    expect((error as Error).message).toContain('npm i -D tsx')
    await loader.close()
  })

  it('loads a .mjs file without tsx', async () => {
    writeFileSync(join(dir, 'b.scenario.mjs'), `export default ${scenario}\n`)
    const loader = createScenarioLoader(dir, { tsxFrom: [join(dir, 'nowhere')] })
    expect((await loader.load(join(dir, 'b.scenario.mjs'))).title).toBe('t')
    await loader.close()
  })

  it('refuses a step without a kind, naming it', async () => {
    writeFileSync(
      join(dir, 'c.scenario.mjs'),
      "export default { title: 't', tags: [], steps: [{ opn: 'check' }], expect: {} }\n",
    )
    const loader = createScenarioLoader(dir)
    await expect(loader.load(join(dir, 'c.scenario.mjs'))).rejects.toThrow(
      'the default export is not a scenario: steps.0: a step has exactly one of server, client, open',
    )
    await loader.close()
  })

  it('loads a webhooks step and a webhooks expectation', async () => {
    const file = join(dir, 'd.scenario.mjs')
    writeFileSync(
      file,
      "export default { title: 't', tags: [], steps: [{ webhooks: 'listen', as: 'hooks', events: ['transaction_failed'], answers: [500] }], expect: { webhooks: { mode: 'subsequence', events: [{ type: 'transaction_failed', payload: { data: { failureCode: 'unknown' } } }] } } }\n",
    )
    const loader = createScenarioLoader(dir)
    expect((await loader.load(file)).expect.webhooks?.mode).toBe('subsequence')
    await loader.close()
  })

  it.each([
    [
      'a webhooks step with a field it does not know',
      "steps: [{ webhooks: 'listen', as: 'hooks', secret: 'x' }], expect: {}",
      'steps.0: Unrecognized key: "secret"',
    ],
    [
      'a webhooks expectation of an unknown event type',
      "steps: [], expect: { webhooks: { events: [{ type: 'transaction_exploded' }] } }",
      'expect.webhooks.events.0.type: ',
    ],
    [
      'a requests expectation whose matcher breaks a rule',
      "steps: [], expect: { requests: [{ match: { path: 'sessions' }, times: 1 }] }",
      'expect.requests.0.match.path: path must start with /',
    ],
    [
      'a requests expectation with a count it does not know',
      "steps: [], expect: { requests: [{ match: { path: '/x' }, exactly: 1 }] }",
      'expect.requests.0: Unrecognized key: "exactly"',
    ],
    [
      'a webhook delivery status beside its payload, where no checker reads it',
      "steps: [], expect: { webhooks: { events: [{ type: 'transaction_failed', status: 'delivered' }] } }",
      'expect.webhooks.events.0: Unrecognized key: "status"',
    ],
    [
      'a channel event with a field beside its kind and payload',
      "steps: [], expect: { channels: { pay: { events: [{ kind: 'complete', transaction: {} }] } } }",
      'expect.channels.pay.events.0: Unrecognized key: "transaction"',
    ],
    [
      'a response expectation with a field it does not know',
      'steps: [], expect: { responses: { quote: { status: 200, headers: {} } } }',
      'expect.responses.quote: Unrecognized key: "headers"',
    ],
    [
      'an expectation of a kind it does not know',
      'steps: [], expect: { frames: {} }',
      'expect: Unrecognized key: "frames"',
    ],
  ])('refuses %s, naming the field', async (_, rest, field) => {
    const file = join(dir, `refused-${field.replace(/\W/g, '')}.scenario.mjs`)
    writeFileSync(file, `export default { title: 't', tags: [], ${rest} }\n`)
    const loader = createScenarioLoader(dir)
    await expect(loader.load(file)).rejects.toThrow(`the default export is not a scenario: ${field}`)
    await loader.close()
  })
})

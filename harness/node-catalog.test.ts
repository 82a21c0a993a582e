import { describe, expect, it } from 'vitest'
import { internalValuesIn } from '#http/internal-values-test-kit.ts'
import { createSandboxCore, type SandboxCore } from '#http/sandbox-core.ts'
import { loadCatalog } from './catalog.ts'
import { checkScenario } from './check-scenario.ts'
import { nodeWebhookTransport, runInNode } from './drivers/node-driver.ts'
import { tagLabels } from './scenario-tags.ts'

/** `RAMP_SCENARIO_SHARD=i/n` runs every n-th scenario from the i-th (vitest shards by file; the catalog is one file). */
const [shard, shards] = (process.env.RAMP_SCENARIO_SHARD ?? '1/1').split('/').map(Number) as [number, number]
const catalog = loadCatalog().filter((_, index) => index % shards === shard - 1)

/** A secret and boot id of this run's own, so that finding either in an answer or a journal entry means a leak. */
const SECRET = '5ec7e75ec7e75ec7e75ec7e75ec7e75ec7e75ec7e75ec7e75ec7e75ec7e75ec7'
const BOOT_ID = 'boot-node-catalog'

/** One core per seed, whose every answer is kept for the leak check. */
const cores = new Map<number, SandboxCore>()
let answers: unknown[] = []
function coreFor(seed: number): SandboxCore {
  let core = cores.get(seed)
  if (core) return core
  core = createSandboxCore({ seed, secret: SECRET, bootId: BOOT_ID, webhookTransport: nodeWebhookTransport() })
  const handle = core.handle.bind(core)
  core.handle = async (request) => {
    const response = await handle(request)
    if (response.kind === 'reply') answers.push(response.body)
    return response
  }
  cores.set(seed, core)
  return core
}

describe('scenario catalog, node driver', () => {
  it('has scenarios', () => {
    expect(catalog.length).toBeGreaterThan(0)
  })

  it.each(catalog.map(({ id, scenario }) => [`${id}: ${scenario.title} ${tagLabels(scenario)}`, scenario] as const))(
    '%s',
    async (_name, scenario) => {
      const core = coreFor(scenario.seed ?? Number(process.env.RAMP_SCENARIO_SEED ?? 1))
      answers = []
      const recording = await runInNode(scenario, { core })
      const failures = checkScenario(scenario, recording)
      expect(failures, failures.join('\n\n')).toEqual([])
      // Nothing the scenario was answered, and nothing any account journaled (frame events, effects' records), holds an internal.
      const journals = core.tenants.all().map((tenant) => tenant.journal.list({}))
      expect(internalValuesIn(core, [answers, journals, recording])).toEqual([])
    },
  )
})

import { describe, expect, it } from 'vitest'
import { loadCatalog } from './catalog.ts'
import { checkScenario } from './check-scenario.ts'
import { runInNode } from './drivers/node-driver.ts'

/** `RAMP_SCENARIO_SHARD=i/n` runs every n-th scenario from the i-th (vitest shards by file; the catalog is one file). */
const [shard, shards] = (process.env.RAMP_SCENARIO_SHARD ?? '1/1').split('/').map(Number) as [number, number]
const catalog = loadCatalog().filter((_, index) => index % shards === shard - 1)

describe('scenario catalog, node driver', () => {
  it('has scenarios', () => {
    expect(catalog.length).toBeGreaterThan(0)
  })

  it.each(catalog.map(({ id, scenario }) => [`${id}: ${scenario.title} ${scenario.tags.map((tag) => `@${tag}`).join(' ')}`, scenario] as const))('%s', async (_name, scenario) => {
    const recording = await runInNode(scenario)
    const failures = checkScenario(scenario, recording)
    expect(failures, failures.join('\n\n')).toEqual([])
  })
})

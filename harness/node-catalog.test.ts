import { describe, expect, it } from 'vitest'
import { loadCatalog } from './catalog.ts'
import { checkScenario } from './check-scenario.ts'
import { runInNode } from './drivers/node-driver.ts'

const catalog = loadCatalog()

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

import { catalogScenario } from './load-scenarios.ts'
import type { Scenario } from './scenario.ts'

/** Every scenario of `scenarios/`, by file (`connect/new-customer`), loaded eagerly and checked (see {@link catalogScenario}). */
export function loadCatalog(): Array<{ id: string; scenario: Scenario }> {
  const modules = import.meta.glob<{ default: unknown }>('../scenarios/**/*.scenario.ts', { eager: true })
  return Object.entries(modules)
    .map(([path, module]) => ({
      id: path.replace('../scenarios/', '').replace('.scenario.ts', ''),
      scenario: catalogScenario(path.replace('../scenarios/', ''), module.default),
    }))
    .sort((a, b) => a.id.localeCompare(b.id))
}

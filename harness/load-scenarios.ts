import { readdirSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { scenarioOrThrow } from './cli/load-scenario-file.ts'
import type { Scenario } from './scenario.ts'

const root = join(dirname(fileURLToPath(import.meta.url)), '../scenarios')

/**
 * A catalog file's default export as a scenario, checked as the command line checks a partner's file (an expectation
 * no checker reads fails the catalog), or an Error naming the file and the field.
 */
export function catalogScenario(file: string, value: unknown): Scenario {
  try {
    return scenarioOrThrow(value)
  } catch (error) {
    throw new Error(`scenarios/${file}: ${(error as Error).message}`)
  }
}

/** Every scenario of `scenarios/`, by id (`connect/mismatch`), read from disk (outside vite, where `import.meta.glob` is absent). */
export async function loadScenarios(): Promise<Array<{ id: string; scenario: Scenario }>> {
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.scenario.ts'))
    .sort()
  return Promise.all(
    files.map(async (file) => ({
      id: relative(root, join(root, file))
        .split('\\')
        .join('/')
        .replace(/\.scenario\.ts$/, ''),
      scenario: catalogScenario(
        file,
        ((await import(pathToFileURL(join(root, file)).href)) as { default: unknown }).default,
      ),
    })),
  )
}

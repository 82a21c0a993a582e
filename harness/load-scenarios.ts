import { readdirSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { Scenario } from './scenario.ts'

const root = join(dirname(fileURLToPath(import.meta.url)), '../scenarios')

/** Every scenario of `scenarios/`, by id (`connect/mismatch`), read from disk (outside vite, where `import.meta.glob` is absent). */
export async function loadScenarios(): Promise<Array<{ id: string; scenario: Scenario }>> {
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.scenario.ts')).sort()
  return Promise.all(
    files.map(async (file) => ({
      id: relative(root, join(root, file)).split('\\').join('/').replace(/\.scenario\.ts$/, ''),
      scenario: ((await import(pathToFileURL(join(root, file)).href)) as { default: Scenario }).default,
    })),
  )
}

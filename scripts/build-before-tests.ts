import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

/**
 * vitest's global setup: builds `dist/` once before any test when it is missing or stale.
 * Tests run on the sources, but a few use the package as a partner does — a partner app
 * that links this repository and imports `ramp-sandbox/harness` through package.json
 * `exports`, which point at `dist/` — so on a fresh clone the build must come first, and
 * once (two workers building into one `dist/` would race).
 */
export default function buildBeforeTests(): void {
  const script = fileURLToPath(new URL('./ensure-built.js', import.meta.url))
  const result = spawnSync(process.execPath, [script], { stdio: 'inherit' })
  if (result.status !== 0)
    throw new Error(`building dist/ before the tests failed (exit ${result.status}); run npm run build to see why`)
}

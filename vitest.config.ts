import { readFileSync } from 'node:fs'
import { defineConfig } from 'vitest/config'

/**
 * Tests run on the sources: the package's own name (`ramp-sandbox/msw`, …) resolves to the
 * source file behind each export (`./dist/x.js` → `./x.ts`), as tsconfig.json's `paths` does
 * for the typecheck. A partner's import goes through package.json "exports" to dist/.
 */
const exportsMap = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')).exports as Record<
  string,
  string | { default: string }
>
const selfAlias = Object.entries(exportsMap)
  .filter((entry): entry is [string, { default: string }] => typeof entry[1] !== 'string')
  .map(([subpath, target]) => ({
    find: new RegExp(`^ramp-sandbox${subpath.slice(1).replace(/[/.]/g, '\\$&')}$`),
    replacement: new URL(target.default.replace(/^\.\/dist\//, './').replace(/\.js$/, '.ts'), import.meta.url).pathname,
  }))

export default defineConfig({
  resolve: { alias: selfAlias },
  test: {
    globalSetup: ['./scripts/build-before-tests.ts'],
    // Property tests start from a fixed seed (FAST_CHECK_SEED to change it): a failure reproduces on a rerun.
    setupFiles: ['./scripts/fast-check-seed.ts'],
    include: ['sandbox/**/*.test.ts', 'fixtures/**/*.test.ts', 'scripts/**/*.test.ts', 'harness/**/*.test.ts'],
    // Servers in tests bind 127.0.0.1 on port 0; two cores, so two workers.
    maxWorkers: 2,
    // No test leans on vitest's 5 s default: CI is a busy 2-core machine where a Chromium
    // flow or a property run can take several seconds. Heavy tests still set their own.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default', './scripts/plain-summary-reporter.ts'],
  },
})

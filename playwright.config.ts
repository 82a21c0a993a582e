import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, chromiumExecutable } from './sandbox/testing/chromium.ts'

/**
 * The browser driver's runner: one test per catalog scenario (`harness/playwright`),
 * run in Chromium against the real server, checked, and compared with the node driver.
 * `npm run scenarios -- --driver browser` runs it; `npx playwright test --grep @connect` too.
 */
export default defineConfig({
  testDir: 'harness/playwright',
  workers: 2,
  // Tests, not files, are the unit of parallelism and of `--shard`.
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  reporter: [
    ['list'],
    ['junit', { outputFile: 'reports/browser/junit.xml' }],
    ['html', { outputFolder: 'reports/browser/html', open: 'never' }],
    ['json', { outputFile: 'reports/browser/results.json' }],
  ],
  outputDir: 'reports/browser/test-results',
  use: {
    headless: true,
    launchOptions: { executablePath: chromiumExecutable(), args: CHROMIUM_ARGS },
  },
})

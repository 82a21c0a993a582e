import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, chromiumExecutable } from './sandbox/page-host/chromium.ts'

/**
 * The browser driver's runner: one test per catalog scenario (`harness/playwright`),
 * run in Chromium against the real server, checked, and compared with the node driver.
 * `npm run scenarios -- --driver browser` runs it; `npx playwright test --grep @connect` too;
 * `--driver react-native` (or `RAMP_HOST=react-native npx playwright test`) under the React Native host.
 */
/** Where the reports go: one folder per frame host (`RAMP_HOST=react-native` runs the catalog under the React Native host). */
const reports = process.env.RAMP_HOST === 'react-native' ? 'reports/react-native' : 'reports/browser'

export default defineConfig({
  testDir: 'harness/playwright',
  workers: 2,
  // Tests, not files, are the unit of parallelism and of `--shard`.
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  reporter: [
    ['list'],
    ['junit', { outputFile: `${reports}/junit.xml` }],
    ['html', { outputFolder: `${reports}/html`, open: 'never' }],
    ['json', { outputFile: `${reports}/results.json` }],
  ],
  outputDir: `${reports}/test-results`,
  use: {
    headless: true,
    launchOptions: { executablePath: chromiumExecutable(), args: CHROMIUM_ARGS },
  },
})

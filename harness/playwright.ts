import { test as base } from '@playwright/test'
import { startServer, type RunningSandbox } from '#adapters/node-http/index.ts'
import { expect } from './playwright-matchers.ts'
import { servedTenant } from './served-tenant.ts'
import { freshAccount, type TenantHandle } from './tenant-handle.ts'

/** Options of the fixture, set in `use` of a partner's playwright.config.ts or by `test.use`. */
export interface SandboxFixtureOptions {
  /** The API port of each worker's server (default 0: a free port; a fixed port suits one worker only). */
  port: number
  /** The frames port (default 0: a free port). */
  framesPort: number
  /** The fixture seed (default 1). */
  seed: number
}

/**
 * Playwright's `test` with the sandbox: `sandbox` is a server started once per
 * worker (API and frames origins on free ports unless `port`/`framesPort` say
 * otherwise, fixtures from `seed`); `tenant` is a fresh, isolated account for each test: the same handle as the msw
 * adapter's and `useSandbox`'s (decision 0093), its calls over `fetch` to `sandbox.apiUrl`, and
 * `tenant.webhooks.listen(handler)` behind a loopback server in the test's process, closed when the test ends.
 *
 * @example
 * import { test, expect } from 'ramp-sandbox/harness/playwright'
 * test('the check frame completes', async ({ page, sandbox, tenant }) => {
 *   await tenant.webhooks.listen((request) => void hooks.push(request), { events: ['transaction_created'] })
 *   await page.goto(`${myAppUrl}?api=${sandbox.apiUrl}&frames=${sandbox.framesUrl}&pk=${tenant.publishableKey}`)
 *   // … drive your app …
 *   await expect(tenant).toHaveEmittedSubsequence([{ kind: 'handshake' }, { kind: 'complete' }])
 *   await tenant.clock.advance('30s')
 *   expect(await tenant.webhooks.settle()).toMatchObject({ failed: 0 })
 * })
 * // playwright.config.ts: defineConfig<SandboxFixtureOptions>({ use: { seed: 7 } })
 */
export const test = base.extend<{ tenant: TenantHandle }, SandboxFixtureOptions & { sandbox: RunningSandbox }>({
  port: [0, { option: true, scope: 'worker' }],
  framesPort: [0, { option: true, scope: 'worker' }],
  seed: [1, { option: true, scope: 'worker' }],
  sandbox: [
    async ({ port, framesPort, seed }, use) => {
      const sandbox = await startServer({ port, framesPort, seed })
      await use(sandbox)
      await sandbox.close()
    },
    { scope: 'worker' },
  ],
  tenant: async ({ sandbox }, use) => {
    const tenant = servedTenant(sandbox.apiUrl, freshAccount('pw'))
    // The account's seeded store is built here, in the fixture's time, not in the first step of the test's.
    await tenant.fixtures().catch((error: Error) => {
      throw new Error(`the sandbox did not seed the test's account ${tenant.account}: ${error.message}`)
    })
    try {
      await use(tenant)
    } finally {
      await tenant.close()
    }
  },
})

export { expect }

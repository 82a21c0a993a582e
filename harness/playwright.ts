import { test as base } from '@playwright/test'
import type { JournalEntry } from '../sandbox/contract/index.ts'
import { startServer, type RunningSandbox } from '../sandbox/adapters/node-http/index.ts'
import { expect } from './playwright-matchers.ts'
import { freshAccount, tenantHandle, type TenantHandle } from './tenant-handle.ts'
import type { ControlCall } from '../sandbox/http/tenant-control.ts'

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
 * otherwise, fixtures from `seed`); `tenant` is a fresh, isolated account for
 * each test, whose journal tells what the frames did and whose control API (`addFault`, `countRequests` …) goes over
 * `fetch` to `sandbox.apiUrl`: `await expect(tenant).toHaveReceived({ method: 'POST', path: '/platform/v1/sessions' })`.
 *
 * @example
 * import { test, expect } from 'ramp-sandbox/harness/playwright'
 * test('the check frame completes', async ({ page, sandbox, tenant }) => {
 *   await page.goto(`${myAppUrl}?api=${sandbox.apiUrl}&frames=${sandbox.framesUrl}&key=${tenant.publishableKey}`)
 *   // … drive your app …
 *   await expect(tenant).toHaveEmittedSubsequence([{ kind: 'handshake' }, { kind: 'complete' }])
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
    /** One HTTP call to the sandbox over fetch: what the tenant's journal reads and its control API both go through. */
    const call: ControlCall = async (method, path, headers, body) => {
      const init = body === undefined ? { method, headers } : { method, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) }
      const response = await fetch(`${sandbox.apiUrl}${path}`, init)
      const text = await response.text()
      return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) }
    }
    const readJournal = async (secretKey: string, kind?: string) =>
      ((await call('GET', `/__sandbox/journal${kind ? `?kind=${kind}` : ''}`, { 'x-api-key': secretKey })).body as { data: JournalEntry[] }).data
    const tenant = tenantHandle(freshAccount('pw'), readJournal, call)
    // The account's seeded store is built here, in the fixture's time, not in the first step of the test's.
    const seeded = await fetch(`${sandbox.apiUrl}/__sandbox/fixtures`, { headers: { 'x-api-key': tenant.secretKey } })
    if (seeded.status !== 200) throw new Error(`the sandbox did not seed the test's account ${tenant.account}: ${seeded.status} ${await seeded.text()}`)
    await use(tenant)
  },
})

export { expect }

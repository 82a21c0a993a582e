import { test as base } from '@playwright/test'
import type { JournalEntry } from '../sandbox/contract/index.ts'
import { startServer, type RunningSandbox } from '../sandbox/adapters/node-http/index.ts'
import { expect } from './playwright-matchers.ts'
import { freshAccount, tenantHandle, type TenantHandle } from './tenant-handle.ts'

/**
 * Playwright's `test` with the sandbox: `sandbox` is a server started once per
 * worker (API and frames origins on free ports); `tenant` is a fresh, isolated
 * account for each test, whose journal tells what the frames did.
 *
 * @example
 * import { test, expect } from 'ramp-sandbox/harness/playwright'
 * test('the check frame completes', async ({ page, sandbox, tenant }) => {
 *   await page.goto(`${myAppUrl}?api=${sandbox.apiUrl}&frames=${sandbox.framesUrl}&key=${tenant.publishableKey}`)
 *   // … drive your app …
 *   expect(await tenant.frameEvents()).toEmitSubsequence([{ kind: 'handshake' }, { kind: 'complete' }])
 * })
 */
export const test = base.extend<{ tenant: TenantHandle }, { sandbox: RunningSandbox }>({
  sandbox: [
    async ({}, use) => {
      const sandbox = await startServer({ port: 0, framesPort: 0 })
      await use(sandbox)
      await sandbox.close()
    },
    { scope: 'worker' },
  ],
  tenant: async ({ sandbox }, use) => {
    await use(
      tenantHandle(freshAccount('pw'), async (secretKey, kind) => {
        const response = await fetch(`${sandbox.apiUrl}/__sandbox/journal${kind ? `?kind=${kind}` : ''}`, { headers: { 'x-api-key': secretKey } })
        return ((await response.json()) as { data: JournalEntry[] }).data
      }),
    )
  },
})

export { expect }

import { setupServer } from 'msw/node'
import { afterAll, beforeAll } from 'vitest'
import { createSandbox } from '#adapters/msw/create-sandbox.ts'
import { startServer, type RunningSandbox } from '#adapters/node-http/index.ts'
import { servedTenant } from './served-tenant.ts'
import { freshAccount } from './tenant-handle.ts'
import { describeTenantHandle } from './tenant-handle-test-kit.ts'
import { useSandbox } from './vitest-sandbox.ts'

// One contract, three runtimes: what a partner learns on one handle holds on the others.

const msw = createSandbox({ baseUrl: 'https://ramp.test' })
const server = setupServer(...msw.handlers)
describeTenantHandle('the msw adapter (createSandbox)', () => ({
  tenant: () => msw.tenant(freshAccount('msw')),
  partnerFetch: (path, init) => fetch(`https://ramp.test${path}`, init),
}))

const sandbox = useSandbox()
describeTenantHandle('useSandbox (its fetch into the core)', () => ({
  tenant: () => sandbox.tenant(),
  partnerFetch: (path, init) => sandbox.fetch(`${sandbox.baseUrl}${path}`, init),
}))

let served: RunningSandbox
const closers: Array<() => Promise<void>> = []
describeTenantHandle('a served sandbox (the Playwright fixture’s handle)', () => ({
  tenant: () => {
    const tenant = servedTenant(served.apiUrl, freshAccount('served'))
    closers.push(tenant.close)
    return tenant
  },
  partnerFetch: (path, init) => fetch(`${served.apiUrl}${path}`, init),
}))

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'bypass' })
  served = await startServer({ port: 0, framesPort: 0, seed: 1 })
})

afterAll(async () => {
  server.close()
  for (const close of closers) await close()
  await served?.close()
})

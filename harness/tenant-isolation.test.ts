import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningSandbox } from '#adapters/node-http/start-server.ts'
import { createSandboxCore, type SandboxCore } from '#http/sandbox-core.ts'
import { send } from '#http/test-request.ts'
import { loadCatalog } from './catalog.ts'
import { nodeWebhookTransport, runInNode } from './drivers/node-driver.ts'
import type { Recording } from './recording.ts'

const TENANTS = 16
/** The catalog's scenarios on the default seed (a core is one seed; the others run on their own cores in node-catalog.test.ts). */
const catalog = loadCatalog().filter(({ scenario }) => (scenario.seed ?? 1) === 1)

/**
 * One tenant runs the whole catalog, one scenario after another, under its own account, reset before each (as a
 * partner's suite does between tests): the sequences it produces (every channel's events, every result, the
 * timeline), by scenario id.
 */
async function runCatalog(core: SandboxCore, tenant: number): Promise<Map<string, Recording>> {
  const recordings = new Map<string, Recording>()
  const account = `isolation${tenant}`
  for (const { id, scenario } of catalog) {
    const reset = await send(core, 'POST /__sandbox/reset', {
      headers: { 'x-api-key': `sk_${scenario.mode ?? 'test'}_${account}` },
    })
    expect(reset.status).toBe(200)
    recordings.set(id, await runInNode({ ...scenario, account }, { core }))
  }
  return recordings
}

/**
 * A recording with what differs every run by design masked: the frames' encrypted credentials, sealed to a key pair
 * the host makes afresh for each run (as a browser does; their decrypted contents are in the results, and compared);
 * and, in a webhook delivery log a step read, each attempt's real duration and the signature headers it sent,
 * stamped with the wall clock (the receiver checks them against its own).
 */
function comparable(recording: Recording): Recording {
  const masked = new Map<string, string>([
    ['durationMs', '<real ms>'],
    ['requestHeaders', '<signed at the wall clock>'],
  ])
  const maskResults = (value: unknown) => JSON.parse(JSON.stringify(value, (key, inner) => masked.get(key) ?? inner))
  const mask = (event: unknown) =>
    JSON.parse(
      JSON.stringify(event, (key, value) =>
        key === 'credentials' && typeof value === 'string' ? "<sealed to the run's host key>" : value,
      ),
    )
  return {
    ...recording,
    results: maskResults(recording.results),
    channels: Object.fromEntries(
      Object.entries(recording.channels).map(([channel, events]) => [channel, events.map(mask)]),
    ),
  }
}

let server: RunningSandbox
beforeAll(async () => {
  server = await startServer({
    port: 0,
    framesPort: 0,
    logger: () => undefined,
    webhookTransport: nodeWebhookTransport(),
  })
}, 60_000)
afterAll(() => server.close())

describe('tenant isolation', () => {
  it(`gives each of ${TENANTS} tenants running the catalog at once on one server exactly the sequences it produces alone`, async () => {
    expect(catalog.length).toBeGreaterThan(40)
    const tenants = Array.from({ length: TENANTS }, (_, tenant) => tenant)
    const together = await Promise.all(tenants.map((tenant) => runCatalog(server.core, tenant)))
    for (const tenant of tenants) {
      // Alone: a sandbox of its own (same seed, secret, boot id and origins, so the same signatures and URLs), nothing else on it.
      const { seed, secret, bootId, options } = server.core
      const alone = await runCatalog(
        createSandboxCore({ seed, secret, bootId, origins: options.origins, webhookTransport: nodeWebhookTransport() }),
        tenant,
      )
      for (const { id } of catalog)
        expect(comparable(together[tenant]!.get(id)!), `tenant ${tenant}, ${id}`).toEqual(comparable(alone.get(id)!))
    }
    const accounts = new Set(
      server.core.tenants
        .all()
        .map((tenant) => tenant.account.account)
        .filter((account) => account.startsWith('isolation')),
    )
    expect(accounts.size).toBe(TENANTS)
  }, 240_000)
})

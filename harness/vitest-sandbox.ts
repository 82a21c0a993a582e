import type { WebhookDeliverySummary } from '#contract/index.ts'
import { coreControlCall, coreFetch } from '#http/core-fetch.ts'
import { createSandboxCore, type SandboxOptions } from '#http/sandbox-core.ts'
import { send, type SendOptions } from '#http/test-request.ts'
import { webhookReceivers } from '#kernel/webhook-receivers.ts'
import type { WebhookHandler } from '#kernel/webhook-transport.ts'
import { checkScenario } from './check-scenario.ts'
import { nodeWebhookTransport, runInNode } from './drivers/node-driver.ts'
import type { Recording } from './recording.ts'
import { ScenarioFailed } from './scenario-failed.ts'
import type { Scenario } from './scenario.ts'
import { freshAccount, tenantHandle, type TenantHandle } from './tenant-handle.ts'

/**
 * The origin `useSandbox`'s `fetch` answers for when the options name none. `.invalid` never resolves (RFC 6761): code
 * that calls it with the global `fetch` instead of the sandbox's fails loudly rather than reaching anything.
 */
const IN_PROCESS_ORIGIN = 'https://ramp-sandbox.invalid'

/**
 * The sandbox in process for a vitest suite: one core for the file, a fresh isolated tenant per call, requests without
 * sockets, and scenarios on the node driver. `tenant()` is the same handle as the msw adapter's and the Playwright
 * fixture's (keys, `clock`, faults, requests, `webhooks`, `fixtures()`, `reset()`, `journal`; decision 0093), in
 * process, and `await expect(tenant).toHaveReceived(matcher)` reads it.
 *
 * Partner code reaches the tenant through `sandbox.fetch`, a `fetch`-compatible function into the core (no socket, no
 * msw): give it and `sandbox.baseUrl` (the origin it answers; `origins.api` when the options name one) to your client
 * as its fetch and base URL. Any other origin rejects, as an unreachable host does.
 *
 * Webhooks: `tenant.webhooks.listen(handler)` receives one tenant's in process; the `webhooks` option receives every
 * other delivery in process (`handlerTransport`: a `Request` in, your `Response` (or nothing, 200) out), else they go
 * out with `fetch`. Scenarios' `webhooks: 'listen'` endpoints go to the harness either way.
 *
 * @example
 * const sandbox = useSandbox()
 * it('quotes a sale', async () => {
 *   const tenant = sandbox.tenant()
 *   const client = myRampClient({ baseUrl: sandbox.baseUrl, fetch: sandbox.fetch, apiKey: tenant.publishableKey })
 *   expect((await client.sellQuote('eth', 0.5)).quoteCurrencyCode).toBe('usd')
 *   await expect(tenant).toHaveReceived({ method: 'GET', path: '/v3/currencies/eth/sell_quote' })
 * })
 */
export function useSandbox(options: SandboxOptions & { webhooks?: WebhookHandler } = {}) {
  const { webhooks, ...coreOptions } = options
  const baseUrl = (coreOptions.origins?.api ?? IN_PROCESS_ORIGIN).replace(/\/+$/, '')
  const receivers = webhookReceivers()
  const { webhookTransport = nodeWebhookTransport(webhooks), ...rest } = coreOptions
  // The core keeps the options' origins (none by default), as before the fetch: it answers what a core without them does.
  const core = createSandboxCore({ ...rest, webhookTransport: receivers.transport(webhookTransport) })
  const call = coreControlCall(core)
  return {
    core,
    /** The origin `fetch` answers: the base URL to give partner code with it. */
    baseUrl,
    /** A `fetch` into this sandbox's core, in process, for URLs on `baseUrl`; a `networkError` fault rejects it as a dropped connection does. */
    fetch: coreFetch(core, baseUrl),
    /** A fresh, isolated account. */
    tenant(): TenantHandle {
      return tenantHandle(call, { account: freshAccount('vt'), receiver: receivers.url })
    },
    /** @deprecated `tenant.webhooks.settle()`: waits until every webhook attempt of the tenant under way has ended. */
    settleWebhooks(tenant: TenantHandle): Promise<WebhookDeliverySummary> {
      return tenant.webhooks.settle()
    },
    /** `METHOD /path?query` in process; without headers, the tenant's secret key is sent. */
    request(tenant: TenantHandle, line: string, request: SendOptions = {}) {
      return send(core, line, { ...request, headers: request.headers ?? { 'x-api-key': tenant.secretKey } })
    },
    /**
     * Runs a scenario on the node driver in this tenant and checks its `expect`: resolves with the recording when
     * every expectation is met, rejects with {@link ScenarioFailed} saying each one that is not.
     */
    async run(tenant: TenantHandle, scenario: Scenario): Promise<Recording> {
      const recording = await runInNode({ ...scenario, account: tenant.account }, { core })
      const failures = checkScenario(scenario, recording)
      if (failures.length > 0) throw new ScenarioFailed(scenario.title, failures, recording)
      return recording
    },
  }
}

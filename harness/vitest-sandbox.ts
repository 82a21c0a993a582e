import { WebhookDeliverySummary, dataOf } from '../sandbox/contract/index.ts'
import { createSandboxCore, type SandboxOptions } from '../sandbox/http/sandbox-core.ts'
import { send, type SendOptions } from '../sandbox/http/test-request.ts'
import type { WebhookHandler } from '../sandbox/kernel/webhook-transport.ts'
import { checkScenario } from './check-scenario.ts'
import { nodeWebhookTransport, runInNode } from './drivers/node-driver.ts'
import type { Recording } from './recording.ts'
import { ScenarioFailed } from './scenario-failed.ts'
import type { Scenario } from './scenario.ts'
import { freshAccount, tenantHandle, type TenantHandle } from './tenant-handle.ts'

/**
 * The sandbox in process for a vitest suite: one core for the file, a fresh
 * isolated tenant per call, requests without sockets, and scenarios on the node driver. A tenant's control API
 * (`addFault`, `countRequests` …) runs in process too, and `await expect(tenant).toHaveReceived(matcher)` reads it.
 * `webhooks` receives the tenants' webhooks in process (`handlerTransport`): a `Request`
 * in, your `Response` (or nothing, 200) out; `settleWebhooks` waits until every attempt
 * under way has ended. Scenarios' `webhooks: 'listen'` endpoints go to the harness either way.
 *
 * @example
 * const sandbox = useSandbox()
 * it('quotes a sale', async () => {
 *   const tenant = sandbox.tenant()
 *   const reply = await sandbox.request(tenant, `GET /v3/currencies/eth/sell_quote?apiKey=${tenant.publishableKey}&quoteCurrencyCode=usd&baseCurrencyAmount=0.5`)
 *   expect(reply.status).toBe(200)
 * })
 *
 * const hooks: Request[] = []
 * const withHooks = useSandbox({ webhooks: (request) => void hooks.push(request) })
 * // … register an endpoint, buy …, then: await withHooks.settleWebhooks(tenant)
 */
export function useSandbox(options: SandboxOptions & { webhooks?: WebhookHandler } = {}) {
  const { webhooks, ...coreOptions } = options
  const core = createSandboxCore({ webhookTransport: nodeWebhookTransport(webhooks), ...coreOptions })
  return {
    core,
    /** A fresh, isolated account. */
    tenant(): TenantHandle {
      const account = freshAccount('vt')
      return tenantHandle(
        account,
        async (_secretKey, kind) => core.tenants.get(account, 'test').journal.list(kind ? { kind: kind as 'api' } : {}),
        (method, path, headers, body) => send(core, `${method} ${path}`, { headers, body }),
      )
    },
    /** Waits until every webhook attempt of the tenant under way has ended; answers the delivery log by status. */
    async settleWebhooks(tenant: TenantHandle): Promise<WebhookDeliverySummary> {
      const reply = await send(core, 'POST /__sandbox/webhooks/settle', { headers: { 'x-api-key': tenant.secretKey } })
      return dataOf(WebhookDeliverySummary).parse(reply.body).data
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

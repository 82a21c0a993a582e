import { afterEach, describe, expect, it } from 'vitest'
import { DEFAULT_TENANT_LIMITS } from '#kernel/store/tenant-limits.ts'
import { answeringReceiver, silentReceiver, until, type CountingReceiver } from './receiver-test-kit.ts'
import { startServer, type RunningSandbox } from './start-server.ts'

/**
 * Sockets one account's webhooks hold, on a real server (issue 37, item 5): each attempt at a receiver that never
 * answers holds a connection for up to 5 s, so an account with 16 endpoints that duplicate every event could hold
 * thousands and take the file descriptors every other account's requests need.
 */
const sandboxes: RunningSandbox[] = []
const receivers: CountingReceiver[] = []
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()))
  for (const sandbox of sandboxes)
    await Promise.all(sandbox.core.tenants.all().map((tenant) => tenant.background.settled()))
  await Promise.all(sandboxes.splice(0).map((sandbox) => sandbox.close()))
})

async function started(): Promise<RunningSandbox> {
  const sandbox = await startServer({ port: 0, framesPort: 0, logger: () => undefined })
  sandboxes.push(sandbox)
  return sandbox
}

async function kept(receiver: Promise<CountingReceiver>): Promise<CountingReceiver> {
  receivers.push(await receiver)
  return receivers.at(-1)!
}

/** An account's control calls over HTTP. */
function account(sandbox: RunningSandbox, name: string) {
  const headers = { 'x-api-key': `sk_test_${name}`, 'content-type': 'application/json' }
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${sandbox.apiUrl}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    return { status: response.status, body: (await response.json()) as { data: unknown } }
  }
  return {
    call,
    endpoint: async (url: string, duplicate = false) =>
      expect((await call('POST', '/__sandbox/webhooks/endpoints', { url, duplicate })).status).toBe(201),
    trigger: async () =>
      expect((await call('POST', '/__sandbox/webhooks/trigger', { type: 'transaction_updated' })).status).toBe(201),
    settle: async () => (await call('POST', '/__sandbox/webhooks/settle')).body.data,
  }
}

describe('sockets held by webhook attempts', () => {
  const perAccount = DEFAULT_TENANT_LIMITS.webhookAttemptsPerAccount

  it("never opens more connections to one account's silent receiver than its cap, whatever waits, and another account is served meanwhile", async () => {
    const sandbox = await started()
    const silent = await kept(silentReceiver())
    const stuck = account(sandbox, 'socketsstuck')
    for (let i = 0; i < 16; i++) await stuck.endpoint(`${silent.url}/${i}`, true)
    for (let i = 0; i < 4; i++) await stuck.trigger()
    await until(() => silent.open() >= perAccount, `${perAccount} connections open`)
    const answering = await kept(answeringReceiver())
    const other = account(sandbox, 'socketsother')
    await other.endpoint(answering.url)
    expect((await other.call('GET', '/__sandbox/clock')).status).toBe(200)
    await other.trigger()
    expect(await other.settle()).toMatchObject({ delivered: 1 })
    expect(silent.most()).toBe(perAccount)
    for (let wave = 2; wave <= 4; wave++) {
      silent.cut()
      await until(
        () => silent.total() >= wave * perAccount && silent.open() === perAccount,
        `wave ${wave} of attempts connected`,
      )
    }
    expect(silent.most()).toBe(perAccount)
  })

  it('opens one connection for each attempt and keeps none once the receiver has answered', async () => {
    const sandbox = await started()
    const answering = await kept(answeringReceiver())
    const shop = account(sandbox, 'socketsanswered')
    await shop.endpoint(answering.url)
    await shop.trigger()
    await shop.trigger()
    expect(await shop.settle()).toMatchObject({ delivered: 2 })
    expect(answering.total()).toBe(2)
    await until(() => answering.open() === 0, 'the connections closed', 1_000)
  })
})

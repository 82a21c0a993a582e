import { describe, expect, it } from 'vitest'
import { WebhookDelivery, dataOf } from '#contract/index.ts'
import { createSandboxCore, type SandboxCore, type SandboxOptions } from '#http/sandbox-core.ts'
import { conforms, send } from '#http/test-request.ts'
import { DEFAULT_TENANT_LIMITS } from '#kernel/store/tenant-limits.ts'
import type { WebhookTransport } from '#kernel/webhook-transport.ts'

/**
 * A transport whose posts never end until the test answers them: what a receiver that never answers does to the
 * sandbox, in process. Each post is filed under the account its URL names (`http://127.0.0.1:9/<account>/…`).
 */
function heldTransport() {
  const held: Array<{ account: string; answer: () => void }> = []
  const most = new Map<string, number>()
  const inFlight = (account: string) => held.filter((post) => post.account === account).length
  const transport: WebhookTransport = {
    post: ({ url }) =>
      new Promise((resolve) => {
        const account = new URL(url).pathname.split('/')[1]!
        const post = { account, answer: () => resolve({ status: 200, durationMs: 0 }) }
        held.push(post)
        most.set(account, Math.max(most.get(account) ?? 0, inFlight(account)))
      }),
  }
  /** Answers every post of `account` in flight now. */
  const answerAll = (account: string) => {
    for (const post of held.filter((one) => one.account === account)) {
      held.splice(held.indexOf(post), 1)
      post.answer()
    }
  }
  return { transport, inFlight, most: (account: string) => most.get(account) ?? 0, answerAll }
}

/** Lets the event loop turn until `check` holds; fails after 2 000 turns (no fixed sleep). */
async function until(check: () => boolean, what: string): Promise<void> {
  for (let turn = 0; turn < 2_000; turn++) {
    if (check()) return
    await new Promise<void>((resolve) => setImmediate(resolve))
  }
  throw new Error(`never came true: ${what}`)
}

async function accountWithEndpoints(
  core: SandboxCore,
  account: string,
  endpoints: number,
  options: { duplicate?: boolean } = {},
) {
  const headers = { 'x-api-key': `sk_test_${account}` }
  for (let i = 0; i < endpoints; i++) {
    expect(
      (
        await send(core, 'POST /__sandbox/webhooks/endpoints', {
          headers,
          body: { url: `http://127.0.0.1:9/${account}/${i}`, duplicate: options.duplicate ?? false },
        })
      ).status,
    ).toBe(201)
  }
  return {
    tenant: core.tenants.get(account, 'test'),
    trigger: async () =>
      expect(
        (await send(core, 'POST /__sandbox/webhooks/trigger', { headers, body: { type: 'transaction_updated' } }))
          .status,
      ).toBe(201),
    deliveries: async () =>
      conforms(
        dataOf(WebhookDelivery.array()),
        (await send(core, 'GET /__sandbox/webhooks/deliveries?limit=500', { headers })).body,
      ).data,
  }
}

const core = (options: SandboxOptions) => createSandboxCore(options)

/** Answers the account's posts as they come until every one of its deliveries is delivered. */
async function drain(
  posts: ReturnType<typeof heldTransport>,
  account: string,
  flow: Awaited<ReturnType<typeof accountWithEndpoints>>,
) {
  for (let turn = 0; turn < 2_000; turn++) {
    posts.answerAll(account)
    if ((await flow.deliveries()).every((delivery) => delivery.status === 'delivered')) return
    await new Promise<void>((resolve) => setImmediate(resolve))
  }
  throw new Error(`the deliveries of ${account} were never all delivered`)
}

describe('webhook attempts in flight', () => {
  const perAccount = DEFAULT_TENANT_LIMITS.webhookAttemptsPerAccount

  it("keeps at most webhookAttemptsPerAccount of one account's attempts in flight, makes the rest as slots free, and counts no wait as an attempt", async () => {
    const posts = heldTransport()
    const sandbox = core({ webhookTransport: posts.transport })
    const stuck = await accountWithEndpoints(sandbox, 'stuck', 16, { duplicate: true })
    await stuck.trigger()
    await stuck.trigger()
    await until(() => posts.inFlight('stuck') === perAccount, `${perAccount} posts in flight`)
    const waiting = await stuck.deliveries()
    expect(waiting).toHaveLength(64)
    expect(waiting.filter((delivery) => delivery.attempts.length > 0)).toEqual([])
    for (let answered = perAccount; answered < 64; answered += perAccount) {
      posts.answerAll('stuck')
      await until(() => posts.inFlight('stuck') === perAccount, `the next ${perAccount} posts after ${answered}`)
    }
    posts.answerAll('stuck')
    await stuck.tenant.background.settled()
    expect(posts.most('stuck')).toBe(perAccount)
    const done = await stuck.deliveries()
    expect(done.map((delivery) => `${delivery.status} ${delivery.attempts.length}`)).toEqual(
      Array.from({ length: 64 }, () => 'delivered 1'),
    )
  })

  it("makes another account's attempt at once while one account's attempts are all stuck", async () => {
    const posts = heldTransport()
    const sandbox = core({ webhookTransport: posts.transport })
    const stuck = await accountWithEndpoints(sandbox, 'stuck', 16, { duplicate: true })
    const other = await accountWithEndpoints(sandbox, 'other', 1)
    for (let i = 0; i < 4; i++) await stuck.trigger()
    await until(() => posts.inFlight('stuck') === perAccount, `${perAccount} posts in flight`)
    await other.trigger()
    await until(() => posts.inFlight('other') === 1, "the other account's post")
    posts.answerAll('other')
    await other.tenant.background.settled()
    expect((await other.deliveries()).map((delivery) => delivery.status)).toEqual(['delivered'])
    expect(posts.inFlight('stuck')).toBe(perAccount)
    await drain(posts, 'stuck', stuck)
  })

  it('hands a freed slot of the whole process to accounts in turn, so one waiting account is not served after all of a busy one', async () => {
    const posts = heldTransport()
    const sandbox = core({
      webhookTransport: posts.transport,
      limits: { webhookAttemptsPerAccount: 4, webhookAttemptsInFlight: 4 },
    })
    const busy = await accountWithEndpoints(sandbox, 'busy', 4)
    const quiet = await accountWithEndpoints(sandbox, 'quiet', 1)
    for (let i = 0; i < 5; i++) await busy.trigger()
    await until(() => posts.inFlight('busy') === 4, 'the process full')
    await quiet.trigger()
    posts.answerAll('busy')
    await until(() => posts.inFlight('quiet') === 1, "the quiet account's post")
    expect(posts.inFlight('busy')).toBe(3)
    posts.answerAll('quiet')
    await drain(posts, 'busy', busy)
  })
})

import { describe, expect, it } from 'vitest'
import { DEFAULT_TENANT_LIMITS } from './store/tenant-limits.ts'
import { createSandboxCore } from '#http/sandbox-core.ts'
import { send } from '#http/test-request.ts'

const headersOf = (account: string) => ({ 'x-api-key': `sk_test_${account}` })
const session = (core: ReturnType<typeof createSandboxCore>, account: string) =>
  send(core, 'POST /platform/v1/sessions', {
    headers: headersOf(account),
    body: { externalCustomerId: 'u1', deviceIp: '203.0.113.7' },
  })

describe('TenantRegistry eviction', () => {
  it('keeps at most limits.tenants tenants, evicting the least recently used', async () => {
    const core = createSandboxCore({ limits: { tenants: 2 } })
    await session(core, 'alpha')
    await session(core, 'beta')
    await session(core, 'alpha')
    await session(core, 'gamma')
    expect(core.tenants.byId('beta:test')).toBeUndefined()
    expect(core.tenants.all().map((tenant) => tenant.id)).toEqual(['alpha:test', 'gamma:test'])
  })

  it('rebuilds an evicted tenant from the seed on its next use: the run-time state is gone, the seeded data are the same', async () => {
    const core = createSandboxCore({ limits: { tenants: 1 } })
    await session(core, 'alpha')
    const before = await core.tenants.get('alpha', 'test').store()
    expect(before.sessions.size).toBe(1)
    await session(core, 'beta')
    const rebuilt = await core.tenants.get('alpha', 'test').store()
    expect(rebuilt).not.toBe(before)
    expect(rebuilt.sessions.size).toBe(0)
    expect(rebuilt.customers.all()).toEqual(before.customers.all())
  })

  it("forgets an evicted tenant's allowed origins in the CORS preflight index", async () => {
    const core = createSandboxCore({ limits: { tenants: 1 } })
    const put = await send(core, 'PUT /__sandbox/settings', {
      headers: headersOf('alpha'),
      body: { allowedOrigins: ['https://shop.example'] },
    })
    expect(put.status).toBe(200)
    expect(core.tenants.anyTenantAllows('https://shop.example')).toBe(true)
    await session(core, 'beta')
    expect(core.tenants.anyTenantAllows('https://shop.example')).toBe(false)
  })

  it('forgets the keys of the tenant that went: its key then makes a new tenant, of another generation', () => {
    const registry = createSandboxCore({ limits: { tenants: 1 } }).tenants
    const first = registry.authenticate('sk_test_alpha', 'secret', 'x-api-key').tenant
    registry.authenticate('pk_test_beta', 'publishable', 'apiKey')
    expect(registry.all().map((tenant) => tenant.id)).toEqual(['beta:test'])
    expect(registry.byKeyIfProvisioned('sk_test_alpha')).toBeUndefined()
    const second = registry.authenticate('sk_test_alpha', 'secret', 'x-api-key').tenant
    expect(second).not.toBe(first)
    expect(second.generation).toBeGreaterThan(first.generation)
  })
})

describe('the sandbox-wide record budget', () => {
  it('counts the records each store holds of its own, not the seed they share, and forgets a reset store', async () => {
    const core = createSandboxCore()
    await session(core, 'alpha')
    const store = await core.tenants.get('alpha', 'test').store()
    expect(store.customers.size + store.cards.size + store.transactions.size).toBeGreaterThan(100)
    expect(store.sessions.size).toBe(1)
    expect(core.tenants.budget.held).toBe(1)
    await send(core, 'POST /__sandbox/reset', { headers: headersOf('alpha') })
    expect(core.tenants.budget.held).toBe(0)
  })

  it('evicts the least recently used other tenants when a write passes it', async () => {
    const probe = createSandboxCore()
    await session(probe, 'alpha')
    const oneTenant = probe.tenants.budget.held
    const core = createSandboxCore({ limits: { records: oneTenant * 2 } })
    await session(core, 'alpha')
    await session(core, 'beta')
    await session(core, 'gamma')
    expect(core.tenants.all().map((tenant) => tenant.id)).toEqual(['beta:test', 'gamma:test'])
    expect(core.tenants.budget.held).toBe(oneTenant * 2)
  })

  it('is not touched by stores that are only read: a full budget neither evicts nor refuses them', async () => {
    const core = createSandboxCore({ limits: { records: 1 } })
    expect((await session(core, 'writer')).status).toBe(201)
    const readers = Array.from({ length: 20 }, (_, index) => `reader_${index}`)
    for (const account of readers) {
      const store = await core.tenants.get(account, 'test').store()
      expect(store.transactions.size).toBeGreaterThan(100)
    }
    expect(core.tenants.budget.held).toBe(1)
    expect(core.tenants.all()).toHaveLength(21)
  })

  it('answers 429 rate_limited when the writing tenant alone fills it', async () => {
    const probe = createSandboxCore()
    await session(probe, 'alpha')
    const core = createSandboxCore({ limits: { records: probe.tenants.budget.held } })
    expect((await session(core, 'alpha')).status).toBe(201)
    const refused = await session(core, 'alpha')
    expect(refused.status).toBe(429)
    expect(JSON.stringify(refused.body)).toContain(
      'records across its accounts, its cap, and no idle account is left to evict (docs/decisions/0044, 0049)',
    )
  })
})

describe('an active account (used within limits.activeWindowMs)', () => {
  /** A core whose activity clock the test moves: `advance(ms)`. */
  function withActivity(limits: { tenants?: number; records?: number; activeWindowMs?: number }) {
    let now = 0
    const core = createSandboxCore({ limits: { activeWindowMs: 600_000, ...limits }, activity: () => now })
    return { core, advance: (ms: number) => (now += ms) }
  }

  it('is never evicted for a new account: the new one gets 429 rate_limited saying how many and which flag', async () => {
    const { core } = withActivity({ tenants: 2 })
    await session(core, 'alpha')
    await session(core, 'beta')
    const refused = await session(core, 'gamma')
    expect(refused.status).toBe(429)
    expect(refused.body).toMatchObject({
      code: 'rate_limited',
      message: expect.stringMatching(
        /^all 2 accounts this sandbox keeps at once were used in the last 10 minutes, .*account gamma: start the sandbox with --max-accounts <n>/,
      ),
    })
    expect(core.tenants.all().map((tenant) => tenant.id)).toEqual(['alpha:test', 'beta:test'])
    expect((await session(core, 'alpha')).status).toBe(201)
  })

  it('is evicted once idle for the window, least recently used first', async () => {
    const { core, advance } = withActivity({ tenants: 2 })
    await session(core, 'alpha')
    advance(1_000)
    await session(core, 'beta')
    advance(600_000 - 1_000)
    expect((await session(core, 'gamma')).status).toBe(201)
    expect(core.tenants.all().map((tenant) => tenant.id)).toEqual(['beta:test', 'gamma:test'])
    expect((await session(core, 'delta')).status).toBe(429)
  })

  it('is never evicted for records: the writer gets 429 while every other account is active', async () => {
    const probe = createSandboxCore()
    await session(probe, 'alpha')
    const oneTenant = probe.tenants.budget.held
    const { core, advance } = withActivity({ records: oneTenant * 2 })
    await session(core, 'alpha')
    await session(core, 'beta')
    const refused = await session(core, 'gamma')
    expect(refused.status).toBe(429)
    expect(JSON.stringify(refused.body)).toContain(
      'records across its accounts, its cap, and no idle account is left to evict (docs/decisions/0044, 0049)',
    )
    // The write was refused: the budget is never passed.
    expect(core.tenants.budget.held).toBe(oneTenant * 2)
    expect(core.tenants.all().map((tenant) => tenant.id)).toEqual(['alpha:test', 'beta:test', 'gamma:test'])
    advance(600_000)
    expect((await session(core, 'gamma')).status).toBe(201)
    expect(core.tenants.all().map((tenant) => tenant.id)).toEqual(['beta:test', 'gamma:test'])
    expect(core.tenants.budget.held).toBeLessThanOrEqual(oneTenant * 2)
  })
})

describe('an evicted account while a state file is kept (keepEvicted)', () => {
  const clockOf = async (core: ReturnType<typeof createSandboxCore>, account: string) =>
    (
      (await send(core, 'GET /__sandbox/clock', { headers: headersOf(account) })).body as {
        data: { advancedMs: number }
      }
    ).data.advancedMs

  it('comes back whole on its next use: its clock, and a token issued before it was evicted', async () => {
    const core = createSandboxCore({ limits: { tenants: 1 }, keepEvicted: true })
    const created = await send(core, 'POST /platform/v1/sessions', {
      headers: headersOf('alpha'),
      body: {
        externalCustomerId: 'u1',
        deviceIp: '203.0.113.7',
        email: 'active.us-ny@sandbox.test',
        phoneNumber: '+12125550101',
      },
    })
    const { sessionToken } = (created.body as { data: { sessionToken: string } }).data
    await send(core, 'POST /__sandbox/clock/advance', { headers: headersOf('alpha'), body: { by: '1h' } })
    await session(core, 'beta')
    expect(core.tenants.all().map((tenant) => tenant.id)).toEqual(['beta:test'])
    expect((await core.snapshot()).tenants.map((tenant) => tenant.account)).toEqual(['alpha', 'beta'])
    expect(await clockOf(core, 'alpha')).toBe(3_600_000)
    const connection = await send(core, 'POST /__sandbox/connections', {
      headers: headersOf('alpha'),
      body: { sessionToken },
    })
    expect(connection.status).toBe(200)
    const { accessToken } = (connection.body as { data: { credentials: { accessToken: string } } }).data.credentials
    await session(core, 'beta')
    expect(core.tenants.all().map((tenant) => tenant.id)).toEqual(['beta:test'])
    // A Bearer token names its account: it brings the evicted account back too.
    const listed = await send(core, 'GET /platform/v1/transactions', {
      headers: { authorization: `Bearer ${accessToken}` },
    })
    expect(listed.status, JSON.stringify(listed.body)).toBe(200)
    expect(core.tenants.all().map((tenant) => tenant.id)).toEqual(['alpha:test'])
  })

  it('is rebuilt from the seed without keepEvicted, as before', async () => {
    const core = createSandboxCore({ limits: { tenants: 1 } })
    await send(core, 'POST /__sandbox/clock/advance', { headers: headersOf('alpha'), body: { by: '1h' } })
    await session(core, 'beta')
    expect((await core.snapshot()).tenants.map((tenant) => tenant.account)).toEqual(['beta'])
    expect(await clockOf(core, 'alpha')).toBe(0)
  })

  it('stays in the state across a restart and comes back on its next use', async () => {
    const core = createSandboxCore({
      limits: { tenants: 1 },
      keepEvicted: true,
      secret: 'cd'.repeat(32),
      bootId: 'parked',
    })
    await send(core, 'POST /__sandbox/clock/advance', { headers: headersOf('alpha'), body: { by: '2h' } })
    await session(core, 'beta')
    const snapshot = JSON.parse(JSON.stringify(await core.snapshot()))
    const restarted = createSandboxCore({
      limits: { tenants: 1 },
      keepEvicted: true,
      secret: 'cd'.repeat(32),
      bootId: 'parked',
    })
    await restarted.restore(snapshot)
    expect(await clockOf(restarted, 'alpha')).toBe(7_200_000)
    expect((await restarted.snapshot()).tenants.map((tenant) => tenant.account).sort()).toEqual(['alpha', 'beta'])
  })

  it('keeps evicted states within limits.parkedCharacters, forgetting the one evicted longest ago, and says so in usage()', async () => {
    const probe = createSandboxCore({ limits: { tenants: 1 }, keepEvicted: true })
    await session(probe, 'alpha')
    await session(probe, 'beta')
    const oneState = probe.tenants.usage().parked.characters
    expect(probe.tenants.usage().parked).toEqual({
      accounts: 1,
      characters: oneState,
      limit: DEFAULT_TENANT_LIMITS.parkedCharacters,
      forgotten: 0,
    })

    const core = createSandboxCore({ limits: { tenants: 1, parkedCharacters: oneState * 2.5 }, keepEvicted: true })
    for (const account of ['alpha', 'beta', 'gamma', 'delta']) await session(core, account)
    expect(core.tenants.usage().parked).toMatchObject({ accounts: 2, forgotten: 1 })
    expect((await core.snapshot()).tenants.map((tenant) => tenant.account)).toEqual(['beta', 'gamma', 'delta'])
    await session(core, 'beta')
    expect(core.tenants.usage().parked).toMatchObject({ accounts: 2, forgotten: 1 })
  })
})

describe("the sandbox-wide journals' budget (decision 0103)", () => {
  /** What every account's journal holds, summed from the journals themselves. */
  const journalsHeld = (core: ReturnType<typeof createSandboxCore>) =>
    core.tenants.all().reduce((sum, tenant) => sum + tenant.journal.held.chars, 0)

  it('counts what every journal holds, and gives it back when an account is reset or evicted', async () => {
    const core = createSandboxCore({ limits: { tenants: 2 } })
    await session(core, 'alpha')
    await session(core, 'beta')
    expect(core.tenants.usage().journals.held).toBe(journalsHeld(core))
    expect(core.tenants.usage().journals.held).toBeGreaterThan(0)
    await send(core, 'POST /__sandbox/reset', { headers: headersOf('alpha') })
    expect(core.tenants.usage().journals.held).toBe(journalsHeld(core))
    await session(core, 'gamma')
    expect(core.tenants.all().map((tenant) => tenant.id)).toEqual(['alpha:test', 'gamma:test'])
    expect(core.tenants.usage().journals.held).toBe(journalsHeld(core))
  })

  it('evicts idle accounts past its limit, and with every account active keeps each journal to its share, never refusing a call', async () => {
    let now = 0
    const core = createSandboxCore({ limits: { journals: 20_000, activeWindowMs: 1_000 }, activity: () => now })
    for (const account of ['idle_one', 'idle_two']) for (let call = 0; call < 5; call++) await session(core, account)
    now += 2_000
    for (let call = 0; call < 20; call++) expect((await session(core, 'busy_one')).status).toBe(201)
    expect(core.tenants.all().map((tenant) => tenant.id)).toEqual(['busy_one:test'])
    for (let call = 0; call < 20; call++) expect((await session(core, 'busy_two')).status).toBe(201)
    const { held, limit } = core.tenants.usage().journals
    expect(held).toBe(journalsHeld(core))
    // Both active: the one that writes past the limit keeps its share (its newest entries); the sum stays within
    // twice the limit (what each kept before the limit was passed, and the writers' shares).
    const busyTwo = core.tenants.get('busy_two', 'test').journal
    expect(busyTwo.held.chars).toBeLessThanOrEqual(limit / 2)
    expect(busyTwo.lastSeq).toBe(40)
    expect(held).toBeGreaterThan(limit)
    expect(held).toBeLessThanOrEqual(2 * limit)
  })
})

/**
 * Transaction reads do not grow with what a customer holds (issue 25; docs/decisions/0044): the same calls, timed on
 * an account whose connected customer has 100 transactions and on one whose customer has 10 000 (the account's cap),
 * in one run, as a ratio (target ≤ 2×; a scan or a sort of every transaction would make it ~100×):
 *
 * - `GET /platform/v1/transactions` (Bearer; the first page, default limit 20);
 * - `GET /platform/v1/transactions/{id}` (Bearer);
 * - `GET /v1/transactions?limit=5` (widget API, x-api-key; the account's buys);
 * - `GET /v3/sell_transactions?limit=5` (widget API, x-api-key; the account's sells, as many as its buys).
 *
 *   npm run bench
 *   node --import tsx bench/transaction-lookups.ts
 */
import { magicContacts } from '#fixtures/magic-customers.ts'
import type { BuyQuote } from '#contract/index.ts'
import { startSellTransaction } from '#domain/sell-transactions.ts'
import { executeBuyQuote } from '#domain/transactions.ts'
import { createSandboxCore } from '#http/sandbox-core.ts'
import { send } from '#http/test-request.ts'
import { DEFAULT_TENANT_LIMITS } from '#kernel/store/tenant-limits.ts'
import { median } from '#scripts/statistics.ts'

const ROUNDS = 300
const WALLET = '0x52908400098527886E0F7030069857D2E4169EE7'
const LARGE = DEFAULT_TENANT_LIMITS.transactions

/** Calls timed, each a name and the request it sends. */
type Calls = Array<[name: string, request: string, headers: Record<string, string>]>

/** An account whose connected customer has `held` buys (settled at once) and `held` sells; the calls to time on it. */
async function account(held: number): Promise<{ core: ReturnType<typeof createSandboxCore>; calls: Calls }> {
  const core = createSandboxCore({ limits: { transactions: LARGE, sellTransactions: LARGE } })
  const sk = { 'x-api-key': `sk_test_lookups${held}` }
  const session = await send(core, 'POST /platform/v1/sessions', {
    headers: sk,
    body: { externalCustomerId: 'user-1', deviceIp: '203.0.113.7', ...magicContacts.usNy },
  })
  const { sessionToken } = (session.body as { data: { sessionToken: string } }).data
  const connected = await send(core, 'POST /__sandbox/connections', { headers: sk, body: { sessionToken } })
  const { customer, credentials } = (
    connected.body as { data: { customer: { id: string }; credentials: { accessToken: string } } }
  ).data
  const bearer = { authorization: `Bearer ${credentials.accessToken}` }
  const tenant = core.tenants.get(`lookups${held}`, 'test')
  const store = await tenant.store()
  const card = store.cards.where('byCustomer', customer.id).find((c) => c.expiryYear > 2026)!.id
  const body = {
    source: { asset: { code: 'usd' }, amount: 100 },
    destination: { asset: { code: 'eth' } },
    wallet: { address: WALLET },
    paymentMethod: { type: 'card', id: card },
  }
  const quoted = await send(core, 'POST /platform/v1/quotes/buy', { headers: bearer, body })
  if (quoted.status !== 200) throw new Error(`no buy quote: ${JSON.stringify(quoted.body)}`)
  const quote = (quoted.body as { data: BuyQuote }).data
  const ids: string[] = []
  for (let i = 0; i < held; i++) {
    ids.push((await executeBuyQuote(tenant, store, customer.id, quote, { settleAfterMs: 0 })).id)
    await startSellTransaction(tenant, store, {
      customerId: customer.id,
      baseCurrencyCode: 'eth',
      quoteCurrencyCode: 'usd',
      baseCurrencyAmount: 0.25,
      payoutMethod: 'ach_bank_transfer',
      refundWalletAddress: WALLET,
    })
  }
  await tenant.background.settled()
  const middle = ids[Math.floor(held / 2)]!
  return {
    core,
    calls: [
      ['GET /platform/v1/transactions', 'GET /platform/v1/transactions', bearer],
      ['GET /platform/v1/transactions/{id}', `GET /platform/v1/transactions/${middle}`, bearer],
      ['GET /v1/transactions?limit=5', 'GET /v1/transactions?limit=5', sk],
      ['GET /v3/sell_transactions?limit=5', 'GET /v3/sell_transactions?limit=5', sk],
    ],
  }
}

/**
 * The request with a parameter no route reads, another each round: a page asked again unchanged is answered from the
 * replies the route keeps (decision 0078), and this bench measures finding the page, not remembering it.
 */
function uncached(request: string, round: number): string {
  return `${request}${request.includes('?') ? '&' : '?'}benchRound=${round}`
}

/** Median ms of each call over `ROUNDS` rounds (the calls interleaved), after checking each answers 200. */
async function medians({ core, calls }: Awaited<ReturnType<typeof account>>): Promise<number[]> {
  for (const [name, request, headers] of calls) {
    const response = await send(core, uncached(request, -1), { headers })
    if (response.status !== 200) throw new Error(`${name}: ${response.status} ${JSON.stringify(response.body)}`)
  }
  const times: number[][] = calls.map(() => [])
  for (let round = 0; round < ROUNDS; round++) {
    for (const [index, [, request, headers]] of calls.entries()) {
      const line = uncached(request, round)
      const start = performance.now()
      await send(core, line, { headers })
      times[index]!.push(performance.now() - start)
    }
  }
  return times.map(median)
}

const small = await account(100)
const large = await account(LARGE)
// Measured side by side, twice over (small, large, small, large), so a drift in the machine's load hits both.
const [small1, large1, small2, large2] = [
  await medians(small),
  await medians(large),
  await medians(small),
  await medians(large),
]
console.log(
  `transaction lookups, median of ${ROUNDS}: a customer with 100 transactions vs ${LARGE} (and as many sells)`,
)
let worst = 0
for (const [index, [name]] of small.calls.entries()) {
  const a = Math.min(small1[index]!, small2[index]!)
  const b = Math.min(large1[index]!, large2[index]!)
  worst = Math.max(worst, b / a)
  console.log(
    `${name.padEnd(40)} ${a.toFixed(3)} ms  ${b.toFixed(3)} ms  at 10k/at 100 = ${(b / a).toFixed(2)} (target ≤ 2)`,
  )
}
process.exitCode = worst <= 2 ? 0 : 1

/** Where a soak sends its requests: the API origin and the frames origin. */
export interface SoakTarget {
  api: string
  frames: string
}

/** One account the soak drives, provisioned before the timed run: its keys, and a connected customer's credentials. */
export interface SoakTenant {
  pk: string
  sk: string
  accessToken: string
  customerId: string
  cardId: string
}

/** One request, and the statuses that are right for it. */
export interface SoakRequest {
  method: string
  url: string
  headers: Record<string, string>
  body?: string
  expect: readonly number[]
}

/**
 * Route families the mix covers: the core's (`platform`, `widget`, `control`, `meta`), plus the frames origin and
 * the browser client bundle, which the node adapter serves beside the core.
 */
type SoakFamily = 'platform' | 'widget' | 'control' | 'meta' | 'frames' | 'client'

/** One kind of request in the mix. `n` counts the requests made, so bodies vary without randomness. */
interface MixEntry {
  family: SoakFamily
  /** How the route authenticates, as the core's route table says (`none` for the frames origin and the bundle). */
  auth: 'bearer' | 'secret-header' | 'publishable-query' | 'none'
  name: string
  /** How many times the entry comes in one pass of the mix (default 3): writes that keep state come less often than reads. */
  weight?: number
  build(target: SoakTarget, tenant: SoakTenant, n: number): SoakRequest
}

const JSON_TYPE = { 'content-type': 'application/json' }
const WALLET = { address: '0x52908400098527886E0F7030069857D2E4169EE7' }
const NY = { email: 'active.us-ny@sandbox.test', phoneNumber: '+12125550101' }
const get = (url: string, headers: Record<string, string> = {}, expect: readonly number[] = [200]): SoakRequest => ({
  method: 'GET',
  url,
  headers,
  expect,
})
const bearer = (tenant: SoakTenant) => ({ authorization: `Bearer ${tenant.accessToken}` })
const secret = (tenant: SoakTenant) => ({ 'x-api-key': tenant.sk })

/**
 * What a soak sends, round-robin: every route family, every kind of authentication, reads and writes, and a few
 * bad inputs that must be refused with a 4xx (never a 5xx). Sessions made here count against the account's cap,
 * so 429 is right for them too.
 */
export const REQUEST_MIX: readonly MixEntry[] = [
  {
    family: 'widget',
    auth: 'publishable-query',
    name: 'currencies',
    build: (t, tenant) => get(`${t.api}/v3/currencies?apiKey=${tenant.pk}`),
  },
  {
    family: 'widget',
    auth: 'publishable-query',
    name: 'sell quote',
    build: (t, tenant, n) =>
      get(
        `${t.api}/v3/currencies/eth/sell_quote?apiKey=${tenant.pk}&quoteCurrencyCode=usd&baseCurrencyAmount=${((10 + (n % 50)) / 100).toFixed(2)}`,
      ),
  },
  {
    family: 'widget',
    auth: 'publishable-query',
    name: 'sell quote, bad amount (400)',
    build: (t, tenant) =>
      get(
        `${t.api}/v3/currencies/eth/sell_quote?apiKey=${tenant.pk}&quoteCurrencyCode=usd&baseCurrencyAmount=-1`,
        {},
        [400],
      ),
  },
  {
    family: 'widget',
    auth: 'publishable-query',
    name: 'account details',
    build: (t, tenant) => get(`${t.api}/v4/accounts/me?apiKey=${tenant.pk}`),
  },
  {
    family: 'widget',
    auth: 'publishable-query',
    name: 'widget buy quote',
    build: (t, tenant, n) =>
      get(
        `${t.api}/v3/currencies/eth/buy_quote?apiKey=${tenant.pk}&baseCurrencyCode=usd&baseCurrencyAmount=${50 + (n % 100)}`,
      ),
  },
  {
    family: 'widget',
    auth: 'publishable-query',
    name: 'buy limits',
    build: (t, tenant) => get(`${t.api}/v3/currencies/btc/limits?apiKey=${tenant.pk}&baseCurrencyCode=eur`),
  },
  {
    family: 'widget',
    auth: 'secret-header',
    name: 'buy transactions (widget list)',
    build: (t, tenant) => get(`${t.api}/v1/transactions?limit=5`, secret(tenant)),
  },
  {
    family: 'widget',
    auth: 'secret-header',
    name: 'sell transactions (list)',
    build: (t, tenant) => get(`${t.api}/v3/sell_transactions?limit=5`, secret(tenant)),
  },
  {
    family: 'widget',
    auth: 'publishable-query',
    name: 'swap pairs',
    build: (t, tenant) => get(`${t.api}/v4/swap/pairs?apiKey=${tenant.pk}`),
  },
  {
    family: 'widget',
    auth: 'publishable-query',
    name: 'swap quote',
    build: (t, tenant, n) =>
      get(`${t.api}/v4/swap/usdc-eth/quote?apiKey=${tenant.pk}&baseCurrencyAmount=${100 + (n % 50)}`),
  },
  { family: 'widget', auth: 'none', name: 'countries', build: (t) => get(`${t.api}/v3/countries`) },
  {
    family: 'widget',
    auth: 'publishable-query',
    name: 'ip check',
    build: (t, tenant, n) => get(`${t.api}/v3/ip_address?apiKey=${tenant.pk}&ipAddress=198.51.100.${n % 250}`),
  },
  {
    family: 'widget',
    auth: 'publishable-query',
    name: 'defi tokens',
    build: (t, tenant, n) => get(`${t.api}/v1/defi/tokens?apiKey=${tenant.pk}&limit=3&offset=${n % 5}`),
  },
  {
    family: 'widget',
    auth: 'publishable-query',
    name: 'swap quote, unknown pair (404)',
    build: (t, tenant) => get(`${t.api}/v4/swap/nope-eth/quote?apiKey=${tenant.pk}&baseCurrencyAmount=1`, {}, [404]),
  },
  {
    family: 'platform',
    auth: 'secret-header',
    name: 'create session',
    weight: 1,
    build: (t, tenant, n) => ({
      method: 'POST',
      url: `${t.api}/platform/v1/sessions`,
      headers: { ...secret(tenant), ...JSON_TYPE },
      body: JSON.stringify({ externalCustomerId: `soak-${n % 200}`, deviceIp: '203.0.113.7' }),
      expect: [201, 429],
    }),
  },
  {
    family: 'platform',
    auth: 'secret-header',
    name: 'revoke sessions',
    weight: 1,
    build: (t, tenant, n) => ({
      method: 'DELETE',
      url: `${t.api}/platform/v1/sessions?externalCustomerId=soak-${(n * 7) % 200}`,
      headers: secret(tenant),
      expect: [204, 404],
    }),
  },
  {
    family: 'platform',
    auth: 'secret-header',
    name: 'session, text/plain body (415)',
    build: (t, tenant) => ({
      method: 'POST',
      url: `${t.api}/platform/v1/sessions`,
      headers: { ...secret(tenant), 'content-type': 'text/plain' },
      body: '{}',
      expect: [415],
    }),
  },
  {
    family: 'platform',
    auth: 'secret-header',
    name: 'customer (Customer API)',
    build: (t, tenant) => get(`${t.api}/platform/v1/customers/${tenant.customerId}`, secret(tenant)),
  },
  {
    family: 'platform',
    auth: 'bearer',
    name: 'transactions',
    build: (t, tenant) => get(`${t.api}/platform/v1/transactions?limit=5`, bearer(tenant)),
  },
  {
    family: 'platform',
    auth: 'bearer',
    name: 'payment methods',
    build: (t, tenant) => get(`${t.api}/platform/v1/payment-methods`, bearer(tenant)),
  },
  {
    family: 'platform',
    auth: 'bearer',
    name: 'buy quote',
    build: (t, tenant, n) => ({
      method: 'POST',
      url: `${t.api}/platform/v1/quotes/buy`,
      headers: { ...bearer(tenant), ...JSON_TYPE },
      body: JSON.stringify({
        source: { asset: { code: 'usd' }, amount: 50 + (n % 100) },
        destination: { asset: { code: 'eth' } },
        wallet: WALLET,
        paymentMethod: { type: 'card', id: tenant.cardId },
      }),
      expect: [200],
    }),
  },
  {
    family: 'platform',
    auth: 'bearer',
    name: 'bad token (401)',
    build: (t) => get(`${t.api}/platform/v1/transactions`, { authorization: 'Bearer at_not-a-token.x' }, [401]),
  },
  {
    family: 'control',
    auth: 'secret-header',
    name: 'journal',
    build: (t, tenant) => get(`${t.api}/__sandbox/journal?limit=20`, secret(tenant)),
  },
  {
    family: 'control',
    auth: 'secret-header',
    name: 'settings',
    build: (t, tenant) => get(`${t.api}/__sandbox/settings`, secret(tenant)),
  },
  {
    family: 'control',
    auth: 'secret-header',
    name: 'clock',
    build: (t, tenant) => get(`${t.api}/__sandbox/clock`, secret(tenant)),
  },
  {
    family: 'control',
    auth: 'secret-header',
    name: 'fixtures',
    build: (t, tenant) => get(`${t.api}/__sandbox/fixtures`, secret(tenant)),
  },
  { family: 'meta', auth: 'none', name: 'openapi', build: (t) => get(`${t.api}/openapi.json`) },
  { family: 'meta', auth: 'none', name: 'index', build: (t) => get(`${t.api}/`) },
  { family: 'client', auth: 'none', name: 'browser client', build: (t) => get(`${t.api}/sandbox-client.js`) },
  {
    family: 'frames',
    auth: 'none',
    name: 'widget frame page',
    build: (t, tenant, n) => get(`${t.frames}/platform/v1/widget?apiKey=${tenant.pk}&channelId=soak-${n % 1000}`),
  },
]

/** One pass of the mix, each entry as many times as its weight, spread out: what the connections send round-robin. */
export const MIX_SCHEDULE: readonly MixEntry[] = (() => {
  const passes = Math.max(...REQUEST_MIX.map((entry) => entry.weight ?? 3))
  return Array.from({ length: passes }, (_, pass) => REQUEST_MIX.filter((entry) => pass < (entry.weight ?? 3))).flat()
})()

/**
 * Makes an account ready for the mix: a session for the magic NY customer, its connection (access token) and a
 * stored card that is still valid.
 *
 * @example
 * const tenant = await provisionTenant({ api, frames }, 'soak01')
 */
export async function provisionTenant(target: SoakTarget, account: string): Promise<SoakTenant> {
  const sk = `sk_test_${account}`
  const call = async (path: string, init: RequestInit): Promise<any> => {
    const response = await fetch(`${target.api}${path}`, init)
    if (!response.ok)
      throw new Error(
        `soak set-up: ${init.method ?? 'GET'} ${path} answered ${response.status}: ${await response.text()}`,
      )
    return ((await response.json()) as { data: unknown }).data
  }
  const { sessionToken } = await call('/platform/v1/sessions', {
    method: 'POST',
    headers: { 'x-api-key': sk, ...JSON_TYPE },
    body: JSON.stringify({ externalCustomerId: 'soak-owner', deviceIp: '203.0.113.7', ...NY }),
  })
  const connection = await call('/__sandbox/connections', {
    method: 'POST',
    headers: { 'x-api-key': sk, ...JSON_TYPE },
    body: JSON.stringify({ sessionToken }),
  })
  const accessToken = connection.credentials.accessToken as string
  const methods = await call('/platform/v1/payment-methods', { headers: { authorization: `Bearer ${accessToken}` } })
  const card = (methods.paymentMethods as Array<{ id: string; availability: { available: boolean } }>).find(
    (method) => method.availability.available,
  )
  if (!card) throw new Error(`soak set-up: ${account}'s customer has no available card`)
  return { pk: `pk_test_${account}`, sk, accessToken, customerId: connection.customer.id as string, cardId: card.id }
}

import { beforeAll, describe, expect, it } from 'vitest'
import {
  BuyQuote,
  Connection,
  PlatformError,
  SessionCreated,
  dataOf,
  type Mode,
  type PlatformError as PlatformErrorBody,
} from '#contract/index.ts'
import { createSandboxCore, type SandboxCore } from '#http/sandbox-core.ts'
import type { Tenant } from '#kernel/tenant.ts'
import { conforms, send } from '#http/test-request.ts'
import type { PlainReply } from '#http/plain-http.ts'
import { magicCustomers } from '#fixtures/magic-customers.ts'
import { verifyBuyQuote } from './buy-quote.ts'
import { TEST_TRIGGERS, triggerFor } from './triggers.ts'

let core: SandboxCore
let suffix = 0

beforeAll(() => {
  core = createSandboxCore({ seed: 1 })
})

const EVM_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7'
const BTC_MAINNET = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'
const BTC_TESTNET = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx'
const XRP_ADDRESS = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh'

/** Who the credentials speak for: a magic customer, or a person the sandbox does not know (anonymous). */
type Who = 'active.us-ny' | 'active.us-wa' | 'active.eea' | 'active.gb' | 'kyc-pending' | 'anonymous'

interface Client {
  account: string
  mode: Mode
  sk: Record<string, string>
  bearer: Record<string, string>
  tenant: Tenant
  customerId: string | null
}

/** A fresh account (its own tenant), a session for `who`, and the credentials its connection issues. */
async function connect(who: Who, mode: Mode = 'test'): Promise<Client> {
  const account = `buyquote${++suffix}`
  const sk = { 'x-api-key': `sk_${mode}_${account}` }
  const spec = magicCustomers.find((m) => m.magic === who)
  const identity = spec
    ? { email: spec.email, phoneNumber: spec.phoneNumber }
    : { email: 'new.person@example.com', phoneNumber: '+12125550199' }
  const session = await send(core, 'POST /platform/v1/sessions', {
    headers: sk,
    body: { externalCustomerId: 'u1', deviceIp: '203.0.113.7', ...identity },
  })
  const { sessionToken } = conforms(dataOf(SessionCreated), session.body).data
  const connection = conforms(
    dataOf(Connection),
    (await send(core, 'POST /__sandbox/connections', { headers: sk, body: { sessionToken } })).body,
  ).data
  expect(connection.status).toBe(spec ? (who === 'kyc-pending' ? 'pending' : 'active') : 'connectionRequired')
  return {
    account,
    mode,
    sk,
    bearer: { authorization: `Bearer ${connection.credentials.accessToken}` },
    tenant: core.tenants.get(account, mode),
    customerId: connection.customer?.id ?? null,
  }
}

function quote(client: Client, body: unknown): Promise<PlainReply> {
  return send(core, 'POST /platform/v1/quotes/buy', { headers: client.bearer, body })
}

/** The quote of a 200 answer, parsed with the contract. */
function accepted(response: PlainReply): BuyQuote {
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return conforms(dataOf(BuyQuote), response.body).data
}

/** The error of a 400 answer, parsed with the contract. */
function refused(response: PlainReply): PlatformErrorBody {
  expect(response.status, JSON.stringify(response.body)).toBe(400)
  const error = conforms(PlatformError, response.body)
  expect(error.code).toBe('invalid_request')
  return error
}

const fieldsOf = (error: PlatformErrorBody) => (error.errors ?? []).map((e) => e.field)
const messageFor = (error: PlatformErrorBody, field: string) => error.errors?.find((e) => e.field === field)?.message

const buyEth = (amount = 100, extra: Record<string, unknown> = {}) => ({
  source: { asset: { code: 'usd' }, amount },
  destination: { asset: { code: 'eth' } },
  ...extra,
})

const feeSum = (q: BuyQuote) => q.fees.network + q.fees.service + q.fees.ecosystem
const cents = (amount: number) => Math.round(amount * 100)

function precisionOf(client: Client, code: string): number {
  return client.tenant.catalog.currency(code)!.precision
}

/** The stored cards of the client's customer: the one that is live and the expired one (fixtures). */
async function cardsOf(client: Client) {
  const cards = (await client.tenant.store()).cards.filter((card) => card.customerId === client.customerId)
  return { live: cards.find((card) => card.expiryYear > 2026)!, expired: cards.find((card) => card.expiryYear < 2025)! }
}

describe('feeBehavior inclusive (the default)', () => {
  it('charges exactly source.amount', async () => {
    const q = accepted(await quote(await connect('active.us-ny'), buyEth(100)))
    expect(q.source.amount).toBe(100)
    expect(q.totalAmount).toBe(100)
  })

  it('takes network, service and ecosystem fees out of source.amount', async () => {
    const client = await connect('active.us-ny')
    const q = accepted(await quote(client, buyEth(100)))
    expect(q.fees.network).toBeGreaterThan(0)
    expect(q.fees.service).toBeGreaterThan(0)
    expect(q.fees.ecosystem).toBeGreaterThan(0)
    const exact = (q.source.amount - feeSum(q)) / q.exchangeRate
    const unit = 10 ** -precisionOf(client, 'eth')
    expect(q.destination.amount).toBeLessThanOrEqual(exact + 1e-12)
    expect(exact - q.destination.amount).toBeLessThan(unit)
  })

  it('rounds the destination down to the crypto precision', async () => {
    const client = await connect('active.us-ny')
    const q = accepted(await quote(client, buyEth(100)))
    const scale = 10 ** precisionOf(client, 'eth')
    expect(Math.abs(q.destination.amount * scale - Math.round(q.destination.amount * scale))).toBeLessThan(1e-6)
  })

  it('echoes inclusive when no feeBehavior is given', async () => {
    expect(accepted(await quote(await connect('active.us-ny'), buyEth(100))).feeBehavior).toBe('inclusive')
  })

  it('echoes inclusive when inclusive is requested', async () => {
    expect(
      accepted(await quote(await connect('active.us-ny'), buyEth(100, { feeBehavior: 'inclusive' }))).feeBehavior,
    ).toBe('inclusive')
  })
})

describe('feeBehavior exclusive', () => {
  it('converts the whole source.amount', async () => {
    const client = await connect('active.us-ny')
    const q = accepted(await quote(client, buyEth(100, { feeBehavior: 'exclusive' })))
    const exact = q.source.amount / q.exchangeRate
    expect(q.destination.amount).toBeLessThanOrEqual(exact + 1e-12)
    expect(exact - q.destination.amount).toBeLessThan(10 ** -precisionOf(client, 'eth'))
  })

  it('charges source.amount plus the fees', async () => {
    const q = accepted(await quote(await connect('active.us-ny'), buyEth(100, { feeBehavior: 'exclusive' })))
    expect(q.source.amount).toBe(100)
    expect(cents(q.totalAmount)).toBe(cents(q.source.amount) + cents(feeSum(q)))
    expect(q.totalAmount).toBeGreaterThan(q.source.amount)
  })

  it('gives more crypto than inclusive for the same source.amount', async () => {
    const client = await connect('active.us-ny')
    const inclusive = accepted(await quote(client, buyEth(100)))
    const exclusive = accepted(await quote(client, buyEth(100, { feeBehavior: 'exclusive' })))
    expect(exclusive.exchangeRate).toBe(inclusive.exchangeRate)
    expect(exclusive.destination.amount).toBeGreaterThan(inclusive.destination.amount)
  })

  it('echoes exclusive', async () => {
    expect(
      accepted(await quote(await connect('active.us-ny'), buyEth(100, { feeBehavior: 'exclusive' }))).feeBehavior,
    ).toBe('exclusive')
  })
})

describe('quoting by destination.amount', () => {
  const byDestination = (extra: Record<string, unknown> = {}) => ({
    source: { asset: { code: 'usd' } },
    destination: { asset: { code: 'eth' }, amount: 0.05 },
    ...extra,
  })

  it('delivers exactly destination.amount', async () => {
    expect(accepted(await quote(await connect('active.us-ny'), byDestination())).destination.amount).toBe(0.05)
  })

  it('is fees-inclusive even when exclusive is requested', async () => {
    const q = accepted(await quote(await connect('active.us-ny'), byDestination({ feeBehavior: 'exclusive' })))
    expect(q.feeBehavior).toBe('inclusive')
    expect(q.totalAmount).toBe(q.source.amount)
  })

  it('asks for a source.amount whose remainder after fees covers destination × rate', async () => {
    const q = accepted(await quote(await connect('active.us-ny'), byDestination()))
    expect(q.source.amount - feeSum(q)).toBeGreaterThanOrEqual(q.destination.amount * q.exchangeRate - 1e-9)
  })
})

describe('fees', () => {
  it('has exactly network, service and ecosystem, and no partner', async () => {
    const response = await quote(await connect('active.us-ny'), buyEth(100))
    accepted(response)
    const fees = (response.body as { data: { fees: Record<string, unknown> } }).data.fees
    expect(Object.keys(fees).sort()).toEqual(['ecosystem', 'network', 'service'])
    expect(fees).not.toHaveProperty('partner')
  })

  it("charges the ecosystem fee at the tenant's default extra fee percentage", async () => {
    const client = await connect('active.us-ny')
    const percent = client.tenant.settings.defaultExtraFeePercentage
    expect(percent).toBeGreaterThan(0)
    const q = accepted(await quote(client, buyEth(100)))
    expect(q.fees.ecosystem).toBe(percent)
  })

  it('charges no ecosystem fee once the default extra fee is set to 0', async () => {
    const client = await connect('active.us-ny')
    const settings = await send(core, 'PUT /__sandbox/settings', {
      headers: client.sk,
      body: { defaultExtraFeePercentage: 0 },
    })
    expect(settings.status).toBe(200)
    expect(accepted(await quote(client, buyEth(100))).fees.ecosystem).toBe(0)
  })
})

describe('the flat request shape (rule 4)', () => {
  const flat = { source: 'usd', sourceAmount: 100, walletAddress: EVM_ADDRESS, paymentMethod: 'card' }

  it('is refused with an error for each of source, sourceAmount, walletAddress and paymentMethod', async () => {
    const error = refused(await quote(await connect('active.us-ny'), flat))
    expect(fieldsOf(error)).toEqual(
      expect.arrayContaining(['source', 'sourceAmount', 'walletAddress', 'paymentMethod']),
    )
  })

  it('points each flat field at its nested replacement', async () => {
    const error = refused(await quote(await connect('active.us-ny'), flat))
    expect(messageFor(error, 'sourceAmount')).toContain('source.amount')
    expect(messageFor(error, 'walletAddress')).toContain('wallet.address')
    expect(messageFor(error, 'source')).toContain('{ asset: { code }, amount }')
    expect(messageFor(error, 'paymentMethod')).toContain('{ type, id? }')
  })
})

describe('mode (rule 5)', () => {
  it('refuses doge in test mode on destination.asset.code', async () => {
    const error = refused(
      await quote(await connect('active.us-ny'), {
        source: { asset: { code: 'usd' }, amount: 100 },
        destination: { asset: { code: 'doge' } },
      }),
    )
    expect(fieldsOf(error)).toEqual(['destination.asset.code'])
  })

  it('quotes doge in live mode', async () => {
    const client = await connect('active.us-ny', 'live')
    const q = accepted(
      await quote(client, {
        source: { asset: { code: 'usd' }, amount: 100 },
        destination: { asset: { code: 'doge' } },
      }),
    )
    expect(q.destination.asset.code).toBe('doge')
  })
})

describe('amounts and assets', () => {
  it('refuses both source.amount and destination.amount', async () => {
    const response = await quote(await connect('active.us-ny'), {
      source: { asset: { code: 'usd' }, amount: 100 },
      destination: { asset: { code: 'eth' }, amount: 0.01 },
    })
    expect(fieldsOf(refused(response))).toEqual(['source.amount'])
  })

  it('refuses neither source.amount nor destination.amount', async () => {
    const response = await quote(await connect('active.us-ny'), {
      source: { asset: { code: 'usd' } },
      destination: { asset: { code: 'eth' } },
    })
    expect(fieldsOf(refused(response))).toEqual(['source.amount'])
  })

  it('refuses a source.amount of 0, saying it must be greater than 0', async () => {
    const error = refused(await quote(await connect('active.us-ny'), buyEth(0)))
    expect(error.errors).toEqual([{ field: 'source.amount', message: 'source.amount must be greater than 0' }])
  })

  it('refuses an unknown destination', async () => {
    const response = await quote(await connect('active.us-ny'), {
      source: { asset: { code: 'usd' }, amount: 100 },
      destination: { asset: { code: 'nocoin' } },
    })
    expect(fieldsOf(refused(response))).toEqual(['destination.asset.code'])
  })

  it('refuses a fiat destination', async () => {
    const response = await quote(await connect('active.us-ny'), {
      source: { asset: { code: 'usd' }, amount: 100 },
      destination: { asset: { code: 'eur' } },
    })
    expect(fieldsOf(refused(response))).toEqual(['destination.asset.code'])
  })

  it('refuses the suspended xtz', async () => {
    const response = await quote(await connect('active.us-ny'), {
      source: { asset: { code: 'usd' }, amount: 100 },
      destination: { asset: { code: 'xtz' } },
    })
    const error = refused(response)
    expect(fieldsOf(error)).toEqual(['destination.asset.code'])
    expect(messageFor(error, 'destination.asset.code')).toContain('suspended')
  })
})

describe('wallet', () => {
  const buyBtc = (address: string) => ({
    source: { asset: { code: 'usd' }, amount: 100 },
    destination: { asset: { code: 'btc' } },
    wallet: { address },
  })

  it('refuses a mainnet bitcoin address in test mode', async () => {
    expect(fieldsOf(refused(await quote(await connect('active.us-ny'), buyBtc(BTC_MAINNET))))).toEqual([
      'wallet.address',
    ])
  })

  it('accepts a testnet bitcoin address in test mode', async () => {
    expect(accepted(await quote(await connect('active.us-ny'), buyBtc(BTC_TESTNET))).wallet).toEqual({
      address: BTC_TESTNET,
    })
  })

  it('accepts a mainnet bitcoin address in live mode', async () => {
    expect(accepted(await quote(await connect('active.us-ny', 'live'), buyBtc(BTC_MAINNET))).wallet).toEqual({
      address: BTC_MAINNET,
    })
  })

  it('refuses a testnet bitcoin address in live mode', async () => {
    expect(fieldsOf(refused(await quote(await connect('active.us-ny', 'live'), buyBtc(BTC_TESTNET))))).toEqual([
      'wallet.address',
    ])
  })

  it('refuses a malformed EVM address', async () => {
    expect(
      fieldsOf(refused(await quote(await connect('active.us-ny'), buyEth(100, { wallet: { address: '0x1234' } })))),
    ).toEqual(['wallet.address'])
  })

  it('accepts an xrp wallet with a numeric tag', async () => {
    const wallet = { address: XRP_ADDRESS, tag: '123456' }
    const q = accepted(
      await quote(await connect('active.us-ny'), {
        source: { asset: { code: 'usd' }, amount: 100 },
        destination: { asset: { code: 'xrp' } },
        wallet,
      }),
    )
    expect(q.wallet).toEqual(wallet)
  })

  it('refuses a tag on eth, saying eth takes none', async () => {
    const error = refused(
      await quote(await connect('active.us-ny'), buyEth(100, { wallet: { address: EVM_ADDRESS, tag: '123' } })),
    )
    expect(fieldsOf(error)).toEqual(['wallet.tag'])
    expect(messageFor(error, 'wallet.tag')).toContain('not supported')
  })

  it('refuses a non-numeric xrp tag', async () => {
    const wallet = { address: XRP_ADDRESS, tag: 'memo' }
    const response = await quote(await connect('active.us-ny'), {
      source: { asset: { code: 'usd' }, amount: 100 },
      destination: { asset: { code: 'xrp' } },
      wallet,
    })
    expect(fieldsOf(refused(response))).toEqual(['wallet.tag'])
  })
})

describe('executable and signature', () => {
  async function executableQuote() {
    const client = await connect('active.us-ny')
    const { live } = await cardsOf(client)
    const q = accepted(
      await quote(
        client,
        buyEth(100, { wallet: { address: EVM_ADDRESS }, paymentMethod: { type: 'card', id: live.id } }),
      ),
    )
    return { client, q }
  }

  it('is executable and signed with full credentials, a wallet and a payment method', async () => {
    const { q } = await executableQuote()
    expect(q.executable).toBe(true)
    expect(q.signature).toEqual(expect.any(String))
  })

  it('is not executable without a wallet', async () => {
    const client = await connect('active.us-ny')
    const { live } = await cardsOf(client)
    const q = accepted(await quote(client, buyEth(100, { paymentMethod: { type: 'card', id: live.id } })))
    expect(q).toMatchObject({ executable: false, signature: null })
  })

  it('is not executable without a payment method', async () => {
    const q = accepted(await quote(await connect('active.us-ny'), buyEth(100, { wallet: { address: EVM_ADDRESS } })))
    expect(q).toMatchObject({ executable: false, signature: null })
  })

  it('is not executable with anonymous credentials', async () => {
    const q = accepted(
      await quote(
        await connect('anonymous'),
        buyEth(100, { wallet: { address: EVM_ADDRESS }, paymentMethod: { type: 'apple_pay' } }),
      ),
    )
    expect(q).toMatchObject({ executable: false, signature: null })
  })

  it('is not executable with the anonymous credentials of a known customer whose KYC is pending', async () => {
    const client = await connect('kyc-pending')
    expect(client.customerId).not.toBeNull()
    const q = accepted(
      await quote(client, buyEth(100, { wallet: { address: EVM_ADDRESS }, paymentMethod: { type: 'apple_pay' } })),
    )
    expect(q).toMatchObject({ executable: false, signature: null })
  })

  it('carries a signature that verifyBuyQuote finds valid', async () => {
    const { client, q } = await executableQuote()
    expect(verifyBuyQuote(client.tenant, client.customerId!, q)).toBe('valid')
  })

  it('is tampered once an amount changes', async () => {
    const { client, q } = await executableQuote()
    const changed = { ...q, destination: { ...q.destination, amount: q.destination.amount * 2 } }
    expect(verifyBuyQuote(client.tenant, client.customerId!, changed)).toBe('tampered')
  })

  it('is expired 30 s later', async () => {
    const { client, q } = await executableQuote()
    client.tenant.clock.advance(30_000)
    expect(verifyBuyQuote(client.tenant, client.customerId!, q)).toBe('expired')
  })
})

describe('a quote asked again', () => {
  it('answers the same text while nothing it was priced from changes', async () => {
    const client = await connect('active.us-ny')
    const { live } = await cardsOf(client)
    const body = buyEth(100, { wallet: { address: EVM_ADDRESS }, paymentMethod: { type: 'card', id: live.id } })
    const first = await quote(client, body)
    expect((await quote(client, body)).json).toBe(first.json)
  })

  it('refuses a card deleted since the same quote was answered', async () => {
    const client = await connect('active.us-ny')
    const { live } = await cardsOf(client)
    const body = buyEth(100, { wallet: { address: EVM_ADDRESS }, paymentMethod: { type: 'card', id: live.id } })
    accepted(await quote(client, body))
    expect(
      (await send(core, `DELETE /platform/v1/payment-methods/${live.id}`, { headers: client.bearer })).status,
    ).toBe(204)
    expect(fieldsOf(refused(await quote(client, body)))).toContain('paymentMethod.id')
  })

  it('prices the same body afresh once the clock moves', async () => {
    const client = await connect('active.us-ny')
    const first = accepted(await quote(client, buyEth(100)))
    client.tenant.clock.advance(60_000)
    expect(accepted(await quote(client, buyEth(100))).expiresAt).not.toBe(first.expiresAt)
  })
})

describe('card payment methods', () => {
  it("refuses the customer's expired card on paymentMethod.id, saying card_expired", async () => {
    const client = await connect('active.us-ny')
    const { expired } = await cardsOf(client)
    const error = refused(await quote(client, buyEth(100, { paymentMethod: { type: 'card', id: expired.id } })))
    expect(fieldsOf(error)).toEqual(['paymentMethod.id'])
    expect(messageFor(error, 'paymentMethod.id')).toContain('card_expired')
  })

  it("refuses another customer's card", async () => {
    const client = await connect('active.us-ny')
    const store = await client.tenant.store()
    const othersCard = store.cards.filter((card) => card.customerId !== client.customerId && card.expiryYear > 2026)[0]!
    const error = refused(await quote(client, buyEth(100, { paymentMethod: { type: 'card', id: othersCard.id } })))
    expect(fieldsOf(error)).toEqual(['paymentMethod.id'])
  })

  it('quotes a card without an id as priced but not executable', async () => {
    const q = accepted(
      await quote(
        await connect('active.us-ny'),
        buyEth(100, { wallet: { address: EVM_ADDRESS }, paymentMethod: { type: 'card' } }),
      ),
    )
    expect(q).toMatchObject({ paymentMethod: { type: 'card' }, executable: false, signature: null })
  })

  it('quotes a card without an id for anonymous credentials', async () => {
    const q = accepted(await quote(await connect('anonymous'), buyEth(100, { paymentMethod: { type: 'card' } })))
    expect(q).toMatchObject({ paymentMethod: { type: 'card' }, executable: false })
  })

  it('refuses an id on a wallet payment method', async () => {
    const client = await connect('active.us-ny')
    const { live } = await cardsOf(client)
    const error = refused(await quote(client, buyEth(100, { paymentMethod: { type: 'apple_pay', id: live.id } })))
    expect(fieldsOf(error)).toEqual(['paymentMethod.id'])
  })
})

describe('geography', () => {
  it('asks NY customers for the US transaction-finality disclosure', async () => {
    expect(accepted(await quote(await connect('active.us-ny'), buyEth())).paymentDisclosures).toEqual([
      { id: 'us-transaction-finality', version: '1' },
    ])
  })

  it('asks WA customers for the US transaction-finality disclosure', async () => {
    expect(accepted(await quote(await connect('active.us-wa'), buyEth())).paymentDisclosures).toEqual([
      { id: 'us-transaction-finality', version: '1' },
    ])
  })

  it('asks EEA customers buying eth for the crypto-asset risk disclosure only', async () => {
    const q = accepted(
      await quote(await connect('active.eea'), {
        source: { asset: { code: 'eur' }, amount: 100 },
        destination: { asset: { code: 'eth' } },
      }),
    )
    expect(q.paymentDisclosures).toEqual([{ id: 'eea-crypto-asset-risk', version: '1' }])
  })

  it('adds the unregulated-stablecoin disclosure for EEA customers buying usdc', async () => {
    const q = accepted(
      await quote(await connect('active.eea'), {
        source: { asset: { code: 'eur' }, amount: 100 },
        destination: { asset: { code: 'usdc' } },
      }),
    )
    expect(q.paymentDisclosures).toEqual([
      { id: 'eea-crypto-asset-risk', version: '1' },
      { id: 'eea-unregulated-stablecoin-risk', version: '1' },
    ])
  })

  it('asks GB customers for no disclosure', async () => {
    const q = accepted(
      await quote(await connect('active.gb'), {
        source: { asset: { code: 'gbp' }, amount: 100 },
        destination: { asset: { code: 'eth' } },
      }),
    )
    expect(q.paymentDisclosures).toEqual([])
  })

  it('refuses usdt to a NY customer on destination.asset.code', async () => {
    const response = await quote(await connect('active.us-ny'), {
      source: { asset: { code: 'usd' }, amount: 100 },
      destination: { asset: { code: 'usdt' } },
    })
    expect(fieldsOf(refused(response))).toEqual(['destination.asset.code'])
  })

  it('quotes usdt to a WA customer', async () => {
    const q = accepted(
      await quote(await connect('active.us-wa'), {
        source: { asset: { code: 'usd' }, amount: 100 },
        destination: { asset: { code: 'usdt' } },
      }),
    )
    expect(q.destination.asset.code).toBe('usdt')
  })
})

describe('limits', () => {
  it("refuses a total below the fiat's minBuyAmount", async () => {
    const client = await connect('active.us-ny')
    const minimum = client.tenant.catalog.currency('usd')!.minBuyAmount!
    const error = refused(await quote(client, buyEth(minimum - 1)))
    expect(fieldsOf(error)).toEqual(['source.amount'])
    expect(messageFor(error, 'source.amount')).toContain('minimum')
  })

  it("quotes a total of exactly the fiat's minBuyAmount", async () => {
    const client = await connect('active.us-ny')
    const minimum = client.tenant.catalog.currency('usd')!.minBuyAmount!
    // usdc's own minimum is below what the fiat's minimum buys, so only the fiat's bound is met exactly.
    const q = accepted(
      await quote(client, {
        source: { asset: { code: 'usd' }, amount: minimum },
        destination: { asset: { code: 'usdc' } },
      }),
    )
    expect(q.totalAmount).toBe(minimum)
    expect(q.limits.minAmount).toBe(minimum)
  })

  it("refuses a destination.amount below the crypto's minBuyAmount", async () => {
    const client = await connect('active.us-ny')
    expect(client.tenant.catalog.crypto('eth')!.minBuyAmount).toBe(0.0085)
    const error = refused(
      await quote(client, {
        source: { asset: { code: 'usd' } },
        destination: { asset: { code: 'eth' }, amount: 0.0076 },
      }),
    )
    expect(error.errors).toEqual([
      { field: 'destination.amount', message: 'the amount bought 0.0076 eth is below the minimum buy of 0.0085 eth' },
    ])
  })

  it("refuses a source.amount that buys less than the crypto's minBuyAmount, though the fiat's minimum allows it", async () => {
    const client = await connect('active.us-ny')
    const error = refused(await quote(client, buyEth(client.tenant.catalog.currency('usd')!.minBuyAmount!)))
    expect(fieldsOf(error)).toEqual(['source.amount'])
    expect(messageFor(error, 'source.amount')).toMatch(
      /^the amount bought [0-9.]+ eth is below the minimum buy of 0\.0085 eth$/,
    )
  })

  it("quotes a destination.amount of exactly the crypto's minBuyAmount, executable", async () => {
    const client = await connect('active.us-ny')
    const { live } = await cardsOf(client)
    const body = {
      source: { asset: { code: 'usd' } },
      destination: { asset: { code: 'eth' }, amount: 0.0085 },
      wallet: { address: EVM_ADDRESS },
      paymentMethod: { type: 'card', id: live.id },
    }
    expect(accepted(await quote(client, body))).toMatchObject({ destination: { amount: 0.0085 }, executable: true })
  })
})

describe('test-mode trigger amounts', () => {
  it('quotes every trigger amount of usdc into exactly that source.amount in each fiat with two or more decimals that can buy it', async () => {
    const client = await connect('active.us-ny')
    const fiats = client.tenant.catalog.currencies.filter((c) => c.type === 'fiat' && c.precision >= 2)
    const reached = new Set<string>()
    for (const fiat of fiats) {
      for (const trigger of TEST_TRIGGERS.filter(
        (t) => t.amount >= (fiat.minBuyAmount ?? 0) && t.amount <= (fiat.maxBuyAmount ?? Infinity),
      )) {
        for (const feeBehavior of ['inclusive', 'exclusive']) {
          const q = accepted(
            await quote(client, {
              source: { asset: { code: fiat.code }, amount: trigger.amount },
              destination: { asset: { code: 'usdc' } },
              feeBehavior,
            }),
          )
          expect(q.source.amount, `${trigger.amount} ${fiat.code} ${feeBehavior}`).toBe(trigger.amount)
          expect(triggerFor('test', q.source.amount, trigger.frames[0]!)).toBe(trigger)
        }
        reached.add(fiat.code)
      }
    }
    expect([...reached].sort()).toEqual(['aud', 'cad', 'chf', 'eur', 'gbp', 'kwd', 'usd'])
  }, 20_000)
})

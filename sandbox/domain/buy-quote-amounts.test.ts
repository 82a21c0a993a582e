import { describe, expect, it } from 'vitest'
import { BuyQuote, Connection, SessionCreated, Transaction, dataOf, pageOf } from '#contract/index.ts'
import { createSandboxCore } from '#http/sandbox-core.ts'
import type { Tenant } from '#kernel/tenant.ts'
import { conforms, send } from '#http/test-request.ts'
import { magicCustomers } from '#fixtures/magic-customers.ts'
import { runEffect } from '#frames/effects/index.ts'
import { openInProcessFrame, type InProcessFrame } from '#frames/server/in-process-frame.ts'
import { widgetMachine, type WidgetAction } from '#portable/frames/machines/widget.ts'

const core = createSandboxCore({ seed: 1 })
let suffix = 0

const EVM_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7'

/** buy-fees.ts's network fees, written out: US dollars per network of the cryptos quoted here. */
const NETWORK_FEE_USD: Record<string, number> = { ethereum: 2.5, bitcoin: 1.5, solana: 0.01 }
/** buy-fees.ts's service fees, written out: percent of the source amount, at least a floor in US dollars. */
const SERVICE_FEE = {
  card: { percent: 4.5, minimumUsd: 3.99 },
  apple_pay: { percent: 3.5, minimumUsd: 3.99 },
  google_pay: { percent: 3.5, minimumUsd: 3.99 },
}

type Who = 'active.us-ny' | 'active.eea' | 'active.gb'

interface Client {
  account: string
  sk: Record<string, string>
  bearer: Record<string, string>
  clientToken: string
  tenant: Tenant
}

/** Full credentials for an active magic customer of `account` (a fresh account unless named). */
async function connect(who: Who, account = `buyamounts${++suffix}`): Promise<Client> {
  const sk = { 'x-api-key': `sk_test_${account}` }
  const { email, phoneNumber } = magicCustomers.find((m) => m.magic === who)!
  const session = await send(core, 'POST /platform/v1/sessions', {
    headers: sk,
    body: { externalCustomerId: 'u1', deviceIp: '203.0.113.7', email, phoneNumber },
  })
  const { sessionToken } = conforms(dataOf(SessionCreated), session.body).data
  const connection = conforms(
    dataOf(Connection),
    (await send(core, 'POST /__sandbox/connections', { headers: sk, body: { sessionToken } })).body,
  ).data
  expect(connection.status).toBe('active')
  const { accessToken, clientToken } = connection.credentials
  return {
    account,
    sk,
    bearer: { authorization: `Bearer ${accessToken}` },
    clientToken,
    tenant: core.tenants.get(account, 'test'),
  }
}

async function setDefaultExtraFee(client: Client, percent: number) {
  const response = await send(core, 'PUT /__sandbox/settings', {
    headers: client.sk,
    body: { defaultExtraFeePercentage: percent },
  })
  expect(response.status).toBe(200)
}

async function quote(client: Client, body: unknown): Promise<BuyQuote> {
  const response = await send(core, 'POST /platform/v1/quotes/buy', { headers: client.bearer, body })
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return conforms(dataOf(BuyQuote), response.body).data
}

interface Buy {
  fiat: string
  crypto: string
  /** Spend this much fiat… */
  source?: number
  /** …or receive this much crypto (always fees-inclusive). */
  destination?: number
  feeBehavior?: 'inclusive' | 'exclusive'
  method?: keyof typeof SERVICE_FEE
}

/** The request body of `buy` (no wallet: amounts do not depend on it). */
function requestOf(buy: Buy) {
  return {
    source: { asset: { code: buy.fiat }, ...(buy.source === undefined ? {} : { amount: buy.source }) },
    destination: { asset: { code: buy.crypto }, ...(buy.destination === undefined ? {} : { amount: buy.destination }) },
    ...(buy.feeBehavior ? { feeBehavior: buy.feeBehavior } : {}),
    ...(buy.method ? { paymentMethod: { type: buy.method } } : {}),
  }
}

/** `percent` % of `minor` minor units, rounded half up, in whole numbers (percent has at most 2 decimals). */
function percentOf(minor: number, percent: number): number {
  const hundredths = Math.round(percent * 100) // 4.5 % → 450 hundredths of a percent
  return Math.floor((minor * hundredths + 5000) / 10_000) // minor × 450 / 10 000, + ½ then down: half up
}

/**
 * What a buy should cost and deliver, by hand from the tenant's tables at its clock:
 * - rate: the pair's epoch price × (1 + Σ amplitude × sin(2π t / period + phase)) over the crypto's waves, 8 significant digits;
 * - fiat per US dollar: usdc's price in the fiat over its price in usd (epoch table);
 * - in the fiat's minor units, half up: network = the network's USD fee × fiat per USD;
 *   service = the method's percent of the source, at least its USD floor × fiat per USD (card when none is named);
 *   ecosystem = the account's default extra fee percent of the source;
 * - by source, inclusive: the fees come out of the source, the rest is converted; total = source;
 *   by source, exclusive: all the source is converted; total = source + fees;
 *   by destination: the crypto costs destination × rate, rounded up to a minor unit; the source is the smallest
 *   whose remainder after its fees covers that cost; total = source;
 * - the destination bought with a converted amount is floored to the crypto's precision.
 */
function expectedBuy(tenant: Tenant, buy: Buy) {
  const { catalog } = tenant
  const seconds = (tenant.clock.now() - catalog.priceEpoch) / 1000
  let factor = 1
  for (const wave of catalog.walk(buy.crypto))
    factor += wave.amplitude * Math.sin((2 * Math.PI * seconds) / wave.periodSeconds + wave.phase)
  const rate = Number((catalog.pair(buy.crypto, buy.fiat)!.price * factor).toPrecision(8))

  const crypto = catalog.crypto(buy.crypto)!
  const unit = 10 ** catalog.currency(buy.fiat)!.precision // minor units per fiat unit
  const cryptoUnit = 10 ** crypto.precision
  const fiatPerUsd = catalog.pair('usdc', buy.fiat)!.price / catalog.pair('usdc', 'usd')!.price
  const service = SERVICE_FEE[buy.method ?? 'card']
  const network = Math.round(NETWORK_FEE_USD[crypto.metadata.networkCode]! * fiatPerUsd * unit)
  const feesOn = (source: number) => {
    const serviceFee = Math.max(Math.round(service.minimumUsd * fiatPerUsd * unit), percentOf(source, service.percent))
    const ecosystem = percentOf(source, tenant.settings.defaultExtraFeePercentage)
    return { network, service: serviceFee, ecosystem, total: network + serviceFee + ecosystem }
  }
  // floored to the crypto's precision (a hair of tolerance for binary artefacts such as 0.3 / 0.1 = 2.9999…)
  const cryptoFor = (converted: number) => Math.floor((converted / unit / rate) * cryptoUnit + 1e-9) / cryptoUnit

  let source: number
  let destination: number
  let total: number
  if (buy.destination !== undefined) {
    const cost = Math.ceil(buy.destination * rate * unit - 1e-9) // a hair below, so an exact minor unit stays itself
    // the smallest source whose remainder after its fees covers the cost: counted up from the cost itself
    source = cost
    while (source - feesOn(source).total < cost) source += 1
    destination = buy.destination
    total = source
  } else {
    source = Math.round(buy.source! * unit)
    const inclusive = (buy.feeBehavior ?? 'inclusive') === 'inclusive'
    destination = cryptoFor(inclusive ? source - feesOn(source).total : source)
    total = inclusive ? source : source + feesOn(source).total
  }
  const fees = feesOn(source)
  return {
    exchangeRate: rate,
    fees: { network: fees.network / unit, service: fees.service / unit, ecosystem: fees.ecosystem / unit },
    source: source / unit,
    destination,
    totalAmount: total / unit,
    feeBehavior: buy.destination !== undefined ? 'inclusive' : (buy.feeBehavior ?? 'inclusive'),
    serviceFloorApplies: Math.round(service.minimumUsd * fiatPerUsd * unit) > percentOf(source, service.percent),
  }
}

/** The amounts of a quote, as `expectedBuy` gives them. */
const amountsOf = (q: BuyQuote) => ({
  exchangeRate: q.exchangeRate,
  fees: q.fees,
  source: q.source.amount,
  destination: q.destination.amount,
  totalAmount: q.totalAmount,
  feeBehavior: q.feeBehavior,
})

/** Quotes `buy` for `who` on a fresh account and checks every amount against the hand computation. */
async function checkBuy(who: Who, buy: Buy) {
  const client = await connect(who)
  const { serviceFloorApplies, ...expected } = expectedBuy(client.tenant, buy)
  const q = await quote(client, requestOf(buy))
  expect(amountsOf(q)).toEqual(expected)
  return { q, serviceFloorApplies }
}

describe('platform buy quote amounts, by hand from the price and fee tables', () => {
  it('prices 100 usd of eth, fees inclusive, with the card fees', async () => {
    const { serviceFloorApplies } = await checkBuy('active.us-ny', { fiat: 'usd', crypto: 'eth', source: 100 })
    expect(serviceFloorApplies).toBe(false)
  })

  it('prices 100 usd of eth, fees exclusive, converting all of it and adding the fees to the total', async () => {
    await checkBuy('active.us-ny', { fiat: 'usd', crypto: 'eth', source: 100, feeBehavior: 'exclusive' })
  })

  it('charges the Apple Pay service floor of 3.99 usd on 100 usd, where 3.5 % is less', async () => {
    const { q, serviceFloorApplies } = await checkBuy('active.us-ny', {
      fiat: 'usd',
      crypto: 'eth',
      source: 100,
      method: 'apple_pay',
    })
    expect(serviceFloorApplies).toBe(true)
    expect(q.fees.service).toBe(3.99)
  })

  it('converts the network fee and the service floor to eur on 50 eur of btc, fees inclusive', async () => {
    const { serviceFloorApplies } = await checkBuy('active.eea', { fiat: 'eur', crypto: 'btc', source: 50 })
    expect(serviceFloorApplies).toBe(true)
  })

  it('prices 250 eur of btc, fees exclusive, with Google Pay', async () => {
    await checkBuy('active.eea', {
      fiat: 'eur',
      crypto: 'btc',
      source: 250,
      feeBehavior: 'exclusive',
      method: 'google_pay',
    })
  })

  it('prices 75.5 gbp of sol, fees inclusive', async () => {
    await checkBuy('active.gb', { fiat: 'gbp', crypto: 'sol', source: 75.5 })
  })

  it('asks for 0.05 eth the smallest usd amount whose remainder after the card fees buys it', async () => {
    const { q } = await checkBuy('active.us-ny', { fiat: 'usd', crypto: 'eth', destination: 0.05 })
    expect(q.destination.amount).toBe(0.05)
  })

  it('quotes 0.05 eth fees-inclusive even when exclusive is asked', async () => {
    await checkBuy('active.us-ny', { fiat: 'usd', crypto: 'eth', destination: 0.05, feeBehavior: 'exclusive' })
  })

  it('asks for 0.002 btc the smallest eur amount whose remainder after the Apple Pay fees buys it', async () => {
    await checkBuy('active.eea', { fiat: 'eur', crypto: 'btc', destination: 0.002, method: 'apple_pay' })
  })

  it('prices 100 usd of eth for seed 1 at 2947.0109 with 2.5 + 4.5 + 2 usd of fees, for 0.0308 eth or 0.0339 eth exclusive', async () => {
    // rate: eth/usd 3011.5758 walked to 2947.0109 at the epoch (see pricing.test.ts)
    // fees on 100.00 usd: network ethereum 2.5 usd; service card max(3.99, 4.5 % × 100) = 4.5; ecosystem 2 % × 100 = 2
    // inclusive: (100 − 9) / 2947.0109 = 0.0308787… → 0.0308 eth, total 100
    // exclusive: 100 / 2947.0109 = 0.0339326… → 0.0339 eth, total 100 + 9 = 109
    const client = await connect('active.us-ny')
    await setDefaultExtraFee(client, 2)
    const fees = { network: 2.5, service: 4.5, ecosystem: 2 }
    const inclusive = await quote(client, requestOf({ fiat: 'usd', crypto: 'eth', source: 100 }))
    expect(amountsOf(inclusive)).toEqual({
      exchangeRate: 2947.0109,
      fees,
      source: 100,
      destination: 0.0308,
      totalAmount: 100,
      feeBehavior: 'inclusive',
    })
    const exclusive = await quote(
      client,
      requestOf({ fiat: 'usd', crypto: 'eth', source: 100, feeBehavior: 'exclusive' }),
    )
    expect(amountsOf(exclusive)).toEqual({
      exchangeRate: 2947.0109,
      fees,
      source: 100,
      destination: 0.0339,
      totalAmount: 109,
      feeBehavior: 'exclusive',
    })
  })

  it('asks 160.28 usd for 0.05 eth for seed 1: 147.36 for the eth plus 2.5 + 7.21 + 3.21 of fees', async () => {
    // rate 2947.0109: 0.05 eth costs 147.350545 → 14 736 cents (rounded up to the cent)
    // 16 028 cents: fees 250 + max(399, 4.5 % × 16 028 = 721.26 → 721) + 2 % × 16 028 = 320.56 → 321 = 1292; 16 028 − 1292 = 14 736 ✓
    // 16 027 cents: fees 250 + 721 (721.215) + 321 (320.54) = 1292; 16 027 − 1292 = 14 735: one cent short
    const client = await connect('active.us-ny')
    await setDefaultExtraFee(client, 2)
    const q = await quote(client, requestOf({ fiat: 'usd', crypto: 'eth', destination: 0.05 }))
    expect(amountsOf(q)).toEqual({
      exchangeRate: 2947.0109,
      fees: { network: 2.5, service: 7.21, ecosystem: 3.21 },
      source: 160.28,
      destination: 0.05,
      totalAmount: 160.28,
      feeBehavior: 'inclusive',
    })
  })

  it('asks 162.01 usd for 0.05 eth for seed 1 at a 3 % ecosystem fee: a cent less than grossing up by the percentages gives', async () => {
    // cost 14 736 cents as above; grossed up: (14 736 + 250) / (1 − 4.5 % − 3 %) = 16 201.08… → 16 202
    // 16 201 cents: fees 250 + 4.5 % × 16 201 = 729.045 → 729 + 3 % × 16 201 = 486.03 → 486 = 1465; 16 201 − 1465 = 14 736 ✓
    // 16 200 cents: fees 250 + 729 + 486 = 1465; 16 200 − 1465 = 14 735: one cent short
    const client = await connect('active.us-ny')
    await setDefaultExtraFee(client, 3)
    const q = await quote(client, requestOf({ fiat: 'usd', crypto: 'eth', destination: 0.05 }))
    expect(amountsOf(q)).toEqual({
      exchangeRate: 2947.0109,
      fees: { network: 2.5, service: 7.29, ecosystem: 4.86 },
      source: 162.01,
      destination: 0.05,
      totalAmount: 162.01,
      feeBehavior: 'inclusive',
    })
  })

  it('quotes at the walked rate at the epoch and after each of three hours', async () => {
    const first = await connect('active.us-ny')
    const rates: number[] = []
    for (let hour = 0; hour <= 3; hour++) {
      if (hour > 0) {
        const advanced = await send(core, 'POST /__sandbox/clock/advance', { headers: first.sk, body: { by: '1h' } })
        expect(advanced.status).toBe(200)
      }
      // access tokens last an hour: connect again on the same account after each advance
      const client = hour === 0 ? first : await connect('active.us-ny', first.account)
      expect(client.tenant.clock.now() - client.tenant.catalog.priceEpoch).toBe(hour * 3_600_000)
      const buy: Buy = { fiat: 'usd', crypto: 'eth', source: 100 }
      const { serviceFloorApplies: _, ...expected } = expectedBuy(client.tenant, buy)
      const q = await quote(client, requestOf(buy))
      expect(amountsOf(q), `after ${hour} h`).toEqual(expected)
      rates.push(q.exchangeRate)
    }
    expect(new Set(rates).size).toBe(4)
  })
})

describe('widget frame buy amounts, by hand from the price and fee tables', () => {
  const buy: Buy = { fiat: 'usd', crypto: 'eth', source: 100, method: 'apple_pay' }

  async function openWidget(client: Client) {
    const frame = await openInProcessFrame(core, widgetMachine, {
      channelId: `channel-${client.account}`,
      currencyCode: 'eth',
      clientToken: client.clientToken,
    })
    frame.runtime.receive({ kind: 'ack' })
    return frame
  }

  async function act(frame: InProcessFrame<WidgetAction>, ...actions: WidgetAction[]) {
    for (const action of actions) {
      frame.runtime.act(action)
      await frame.runtime.idle()
    }
  }

  it("quotes 100 usd of eth with Apple Pay's fees in the frame's widget.quote effect", async () => {
    const client = await connect('active.us-ny')
    const frame = await openWidget(client)
    const { serviceFloorApplies: _, ...expected } = expectedBuy(client.tenant, buy)
    const result = await runEffect(frame.context, {
      type: 'widget.quote',
      fiatCode: 'usd',
      amount: 100,
      currencyCode: 'eth',
      address: EVM_ADDRESS,
    })
    expect(result.ok, JSON.stringify(result)).toBe(true)
    expect(amountsOf((result as { value: BuyQuote }).value)).toEqual(expected)
  })

  it('shows on review the estimate of the Apple Pay purchase it makes, and records those amounts on the transaction', async () => {
    const client = await connect('active.us-ny')
    const frame = await openWidget(client)
    const expected = expectedBuy(client.tenant, buy)
    await act(frame, { type: 'chooseAmount', amount: '100' }, { type: 'enterWallet', address: EVM_ADDRESS })
    expect(frame.runtime.view().body).toBe(
      `Pay 100.00 USD for about ${expected.destination} ETH, sent to ${EVM_ADDRESS}.`,
    )

    await act(frame, { type: 'pay' })
    expect(frame.events.at(-1)?.kind).toBe('complete')
    const listed = conforms(
      pageOf(Transaction),
      (await send(core, 'GET /platform/v1/transactions?limit=1', { headers: client.bearer })).body,
    ).data[0]!
    expect({
      source: listed.source.amount,
      destination: listed.destination.amount,
      totalAmount: listed.totalAmount,
      fees: listed.fees,
    }).toEqual({
      source: expected.source,
      destination: expected.destination,
      totalAmount: expected.totalAmount,
      fees: expected.fees,
    })
    expect(listed.paymentMethod).toEqual({ type: 'apple_pay' })
  })

  it('buys 0.031 eth for 100 usd for seed 1 through the widget: 2.5 + 3.99 + 2 usd of fees at 2947.0109', async () => {
    // Apple Pay: service max(3.99, 3.5 % × 100 = 3.5) = 3.99; network 2.5; ecosystem 2 % = 2 → 8.49 of fees
    // (100 − 8.49) / 2947.0109 = 0.0310518… → 0.031 eth, on review as on the quote
    const client = await connect('active.us-ny')
    await setDefaultExtraFee(client, 2)
    const frame = await openWidget(client)
    await act(frame, { type: 'chooseAmount', amount: '100' }, { type: 'enterWallet', address: EVM_ADDRESS })
    expect(frame.runtime.view().body).toBe(`Pay 100.00 USD for about 0.031 ETH, sent to ${EVM_ADDRESS}.`)
    const result = await runEffect(frame.context, {
      type: 'widget.quote',
      fiatCode: 'usd',
      amount: 100,
      currencyCode: 'eth',
      address: EVM_ADDRESS,
    })
    expect(amountsOf((result as { value: BuyQuote }).value)).toEqual({
      exchangeRate: 2947.0109,
      fees: { network: 2.5, service: 3.99, ecosystem: 2 },
      source: 100,
      destination: 0.031,
      totalAmount: 100,
      feeBehavior: 'inclusive',
    })
  })
})

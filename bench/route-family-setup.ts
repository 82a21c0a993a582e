/**
 * The route families the benches load (`bench/route-families.ts`, `bench/profile-family.ts`): an account set up for
 * them on a running sandbox (a connected customer with a card and 25 purchases, a journal of 50 entries of every kind,
 * a widget frame's ticket), and the request each family repeats.
 *
 * @example
 * const families = await prepareFamilies(await startServer({ port: 0, framesPort: 0 }))
 */
import type { RunningSandbox } from '#adapters/node-http/index.ts'
import { executeBuyQuote } from '#domain/transactions.ts'
import type { BuyQuote } from '#contract/index.ts'
import { provisionTenant } from '#scripts/soak/request-mix.ts'
import type { LoadSpec } from './load-generator.ts'

/** One route family: the request the load repeats, its target ratio, and what must happen before each sandbox run. */
export interface Family {
  name: string
  request: Omit<LoadSpec, 'connections' | 'seconds'>
  target: number
  beforeRun?: () => Promise<void>
}

/** Sets up the bench accounts on `sandbox` and answers every family's request. */
export async function prepareFamilies(sandbox: RunningSandbox): Promise<Family[]> {
  const api = sandbox.apiUrl
  const target = { api, frames: sandbox.framesUrl }
  const JSON_TYPE = { 'content-type': 'application/json' }

  // The bench account: the magic NY customer connected, a stored card, and 25 purchases (a full first page of 20).
  const tenant = await provisionTenant(target, 'bench')
  const bearer = { authorization: `Bearer ${tenant.accessToken}` }
  const buyBody = JSON.stringify({
    source: { asset: { code: 'usd' }, amount: 100 },
    destination: { asset: { code: 'eth' } },
    wallet: { address: '0x52908400098527886E0F7030069857D2E4169EE7' },
    paymentMethod: { type: 'card', id: tenant.cardId },
  })
  const quote = (
    (await (
      await fetch(`${api}/platform/v1/quotes/buy`, {
        method: 'POST',
        headers: { ...bearer, ...JSON_TYPE },
        body: buyBody,
      })
    ).json()) as { data: BuyQuote }
  ).data
  const benchTenant = sandbox.core.tenants.get('bench', 'test')
  let transactionId = ''
  for (let i = 0; i < 25; i++)
    transactionId = (await executeBuyQuote(benchTenant, await benchTenant.store(), tenant.customerId, quote, {})).id

  // A journal of 50 entries of every kind, in an account of its own (the load on the bench account would change it).
  const journalAccount = await provisionTenant(target, 'benchjournal')
  for (let i = 0; i < 8; i++) {
    await fetch(
      `${api}/v3/currencies/eth/sell_quote?apiKey=${journalAccount.pk}&quoteCurrencyCode=usd&baseCurrencyAmount=0.${i + 1}`,
    )
    await fetch(`${api}/platform/v1/transactions?limit=2`, {
      headers: { authorization: `Bearer ${journalAccount.accessToken}` },
    })
    await fetch(`${api}/platform/v1/payment-methods`, {
      headers: { authorization: `Bearer ${journalAccount.accessToken}` },
    })
    await fetch(`${api}/platform/v1/sessions`, {
      method: 'POST',
      headers: { 'x-api-key': journalAccount.sk, ...JSON_TYPE },
      body: JSON.stringify({ externalCustomerId: `j-${i}`, deviceIp: '203.0.113.7' }),
    })
    await fetch(
      `${api}/v3/currencies/eth/sell_quote?apiKey=${journalAccount.pk}&quoteCurrencyCode=usd&baseCurrencyAmount=-1`,
    )
    await fetch(`${target.frames}/platform/v1/widget?apiKey=${journalAccount.pk}&channelId=journal-${i}`)
  }

  // A frame's ticket, for the effect round trip: the widget frame pricing an order, as its page asks while the customer types.
  const widgetPage = await (
    await fetch(`${target.frames}/platform/v1/widget?apiKey=${tenant.pk}&channelId=bench-effect`)
  ).text()
  const ticket = /"ticket":"([^"]+)"/.exec(widgetPage)?.[1]
  if (!ticket) throw new Error('the widget frame page carries no ticket')

  const resetSessions = async () => {
    const response = await fetch(`${api}/__sandbox/reset`, {
      method: 'POST',
      headers: { 'x-api-key': 'sk_test_benchsessions', ...JSON_TYPE },
      body: '{}',
    })
    if (!response.ok) throw new Error(`reset answered ${response.status}: ${await response.text()}`)
  }

  const families: Family[] = [
    {
      name: 'sell quote',
      target: 0.6,
      request: {
        url: `${api}/v3/currencies/eth/sell_quote?apiKey=${tenant.pk}&quoteCurrencyCode=usd&baseCurrencyAmount=0.5&payoutMethod=sepa_bank_transfer`,
      },
    },
    { name: 'currencies list', target: 0.35, request: { url: `${api}/v3/currencies?apiKey=${tenant.pk}` } },
    {
      name: 'buy quote (Bearer, POST)',
      target: 0.35,
      request: {
        url: `${api}/platform/v1/quotes/buy`,
        method: 'POST',
        headers: { ...bearer, ...JSON_TYPE },
        body: buyBody,
      },
    },
    {
      name: 'payment methods (Bearer)',
      target: 0.35,
      request: { url: `${api}/platform/v1/payment-methods`, headers: bearer },
    },
    {
      name: 'transactions list, 20 (Bearer)',
      target: 0.35,
      request: { url: `${api}/platform/v1/transactions?limit=20`, headers: bearer },
    },
    {
      name: 'transaction get (Bearer)',
      target: 0.35,
      request: { url: `${api}/platform/v1/transactions/${transactionId}`, headers: bearer },
    },
    {
      name: 'session create (secret key, POST)',
      target: 0.35,
      beforeRun: resetSessions,
      request: {
        url: `${api}/platform/v1/sessions`,
        method: 'POST',
        headers: { 'x-api-key': 'sk_test_benchsessions', ...JSON_TYPE },
        body: JSON.stringify({ externalCustomerId: 'bench-customer', deviceIp: '203.0.113.7' }),
      },
    },
    {
      name: 'frame page (frames origin)',
      target: 0.35,
      request: { url: `${target.frames}/platform/v1/widget?apiKey=${tenant.pk}&channelId=bench-page` },
    },
    {
      name: 'frame effect round trip',
      target: 0.35,
      request: {
        url: `${target.frames}/__frames/effects/widget.price`,
        method: 'POST',
        headers: JSON_TYPE,
        body: JSON.stringify({
          ticket,
          effect: { type: 'widget.price', fiatCode: 'usd', amount: 150, currencyCode: 'eth' },
        }),
      },
    },
    {
      name: 'journal, 50 entries (control API)',
      target: 0.35,
      request: { url: `${api}/__sandbox/journal?limit=50`, headers: { 'x-api-key': journalAccount.sk } },
    },
    { name: 'OpenAPI document', target: 0.35, request: { url: `${api}/openapi.json` } },
  ]
  return families
}

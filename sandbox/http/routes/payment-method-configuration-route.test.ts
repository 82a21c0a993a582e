import { describe, expect, it } from 'vitest'
import { PaymentMethodConfiguration, WidgetError } from '#contract/index.ts'
import { createSandboxCore } from '../sandbox-core.ts'
import { conforms, send } from '../test-request.ts'
import { magic, platformAccount } from './platform-test-kit.ts'

const core = createSandboxCore()

async function configurationOf(headers: Record<string, string>) {
  const response = await send(core, 'GET /v3/payment_methods', { headers })
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return conforms(PaymentMethodConfiguration, response.body).paymentMethods
}

describe('GET /v3/payment_methods', () => {
  it('answers 401 in the widget shape without a key', async () => {
    const response = await send(core, 'GET /v3/payment_methods')
    expect(response.status).toBe(401)
    conforms(WidgetError, response.body)
  })

  it('answers 401 to a publishable key', async () => {
    const { account } = platformAccount(core)
    expect((await send(core, `GET /v3/payment_methods?apiKey=pk_test_${account}`)).status).toBe(401)
    expect(
      (await send(core, 'GET /v3/payment_methods', { headers: { 'x-api-key': `pk_test_${account}` } })).status,
    ).toBe(401)
  })

  it('answers the same to X-Api-Key and Authorization: Api-Key with the secret key', async () => {
    const { account } = platformAccount(core)
    const byHeader = await configurationOf({ 'x-api-key': `sk_test_${account}` })
    expect(await configurationOf({ authorization: `Api-Key sk_test_${account}` })).toEqual(byHeader)
  })

  it('lists card, apple_pay and google_pay as buy-only methods of both modes', async () => {
    const methods = await configurationOf(platformAccount(core).headers)
    expect(methods.map((m) => m.type)).toEqual(['card', 'apple_pay', 'google_pay'])
    expect(
      methods.every((m) => m.isBuySupported && !m.isSellSupported && m.supportsTestMode && m.supportsLiveMode),
    ).toBe(true)
  })

  it('gives each method the fiat minimum a buy quote enforces', async () => {
    const account = platformAccount(core)
    const card = (await configurationOf(account.headers)).find((m) => m.type === 'card')!
    const usd = card.currencies.find((c) => c.code === 'usd')!
    const { connection } = await account.connect(magic.usNy)
    const bearer = { authorization: `Bearer ${connection.credentials.accessToken}` }
    const body = {
      source: { asset: { code: 'usd' }, amount: usd.minBuyAmount! - 1 },
      destination: { asset: { code: 'eth' } },
      paymentMethod: { type: 'card' },
    }
    const refused = await send(core, 'POST /platform/v1/quotes/buy', { headers: bearer, body })
    expect(refused.status).toBe(400)
    expect(JSON.stringify(refused.body)).toContain(`minimum buy of ${usd.minBuyAmount} usd`)
  })

  it('says google_pay is unavailable once the settings turn it off, as the platform payment methods do', async () => {
    const account = platformAccount(core)
    await send(core, 'PUT /__sandbox/settings', { headers: account.headers, body: { googlePayAvailable: false } })
    const googlePay = (await configurationOf(account.headers)).find((m) => m.type === 'google_pay')!
    const { connection } = await account.connect(magic.usNy)
    const platform = await send(core, 'GET /platform/v1/payment-methods', {
      headers: { authorization: `Bearer ${connection.credentials.accessToken}` },
    })
    const config = (
      platform.body as { data: { paymentMethodConfigs: Array<{ type: string; availability: unknown }> } }
    ).data.paymentMethodConfigs.find((c) => c.type === 'google_pay')
    expect(googlePay.availability).toEqual({ available: false, reason: 'wallet_unavailable' })
    expect(config?.availability).toEqual(googlePay.availability)
  })

  it('gives the card fee percentage the account details report', async () => {
    const account = platformAccount(core)
    const card = (await configurationOf(account.headers)).find((m) => m.type === 'card')!
    const details = await send(core, `GET /v4/accounts/me?apiKey=pk_test_${account.account}`)
    expect(card.feePercentage).toBe((details.body as { cardFeePercentage: number }).cardFeePercentage)
    expect(card.currencies.find((c) => c.code === 'usd')!.minimumFee).toBe(
      (details.body as { cardMinimumFee: Record<string, number> }).cardMinimumFee.USD,
    )
  })
})

import { afterEach, describe, expect, it, vi } from 'vitest'
import { WalletSetupError } from '#browser/client/wallet-setup.ts'
import { createReactNativeClient } from './create-react-native-client.ts'
import {
  reactNativeDeprecationWarning,
  REACT_NATIVE_SETUP_REPLACEMENTS,
  type ReactNativeSetupName,
} from './deprecated-setups.ts'
import type { ReactNativeFrame } from './react-native-frame.ts'

const options = { framesOrigin: 'http://10.0.2.2:4011', apiOrigin: 'http://10.0.2.2:4010', apiKey: 'pk_test_sandbox' }
const names = Object.keys(REACT_NATIVE_SETUP_REPLACEMENTS) as ReactNativeSetupName[]
const params = (frame: ReactNativeFrame) => Object.fromEntries(new URL(frame.uri).searchParams)

afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

describe('the deprecated setups of the React Native client', () => {
  it('warn once each, naming the inline component that replaces them', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const client = createReactNativeClient(options)
    const render = vi.fn()
    for (let round = 0; round < 2; round++) {
      client.setupBuyButton('ct_1', 'q')
      await client.setupApplePay('', 'q', { render }).catch(() => undefined)
      await client.setupGooglePay('', 'q', { render }).catch(() => undefined)
    }
    expect(warn.mock.calls.map(([text]) => text)).toEqual(
      (['setupBuyButton', 'setupApplePay', 'setupGooglePay'] as const).map((name) =>
        reactNativeDeprecationWarning(name),
      ),
    )
    expect(reactNativeDeprecationWarning('setupApplePay')).toContain('<ApplePayButton>')
  })

  it("are absent under strictDeprecations, the inline components' frames still there", () => {
    const client = createReactNativeClient({ ...options, strictDeprecations: true })
    for (const name of names) expect(name in client, name).toBe(false)
    expect(['buyButtonFrame', 'applePayFrame', 'googlePayFrame'].every((name) => name in client)).toBe(true)
  })
})

describe('the frame calls of the React Native client', () => {
  it('describe the frame with its token in place of the apiKey', () => {
    const frame = createReactNativeClient(options).setupAddCard('ct_1')
    expect(frame.uri.startsWith('http://10.0.2.2:4011/platform/v1/add-card?')).toBe(true)
    expect(params(frame)).toEqual({ clientToken: 'ct_1', channelId: frame.channelId })
  })

  it('describe the buy-button frame for BuyButton with the clientToken and quote', () => {
    const frame = createReactNativeClient(options).buyButtonFrame('ct_1', 'q_1')
    expect([frame.frame, params(frame)]).toEqual([
      'buy-button',
      { clientToken: 'ct_1', quote: 'q_1', channelId: frame.channelId },
    ])
  })

  it('keep the apiKey on frames without a customer', () => {
    expect(params(createReactNativeClient(options).setupWidget())).toMatchObject({ apiKey: 'pk_test_sandbox' })
  })

  it('fail a wallet setup without a clientToken as configurationError, describing no frame', async () => {
    const wallet = createReactNativeClient(options).applePayFrame('', 'q')
    expect(wallet.frame).toBeUndefined()
    const error = await wallet.setup.catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(WalletSetupError)
    expect((error as WalletSetupError).code).toBe('configurationError')
  })

  it("hand a connection call's frame to render, with a host public key", () => {
    const rendered: ReactNativeFrame[] = []
    void createReactNativeClient(options)
      .connect('st_1', { render: (frame) => rendered.push(frame) })
      .catch(() => undefined)
    return vi.waitFor(() => {
      expect(
        rendered.map((frame) => [
          frame.frame,
          params(frame).sessionToken,
          /^[0-9a-f]+$/.test(params(frame).publicKey ?? ''),
        ]),
      ).toEqual([['connect', 'st_1', true]])
    })
  })
})

describe('the API calls of the React Native client', () => {
  it("are the web client's: Bearer access token on the apiOrigin", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ data: [] }), { status: 200 }))
    vi.stubGlobal('fetch', fetch)
    const reply = await createReactNativeClient(options).getPaymentMethods('at_1')
    expect(reply).toEqual({ ok: true, status: 200, body: { data: [] } })
    expect(fetch).toHaveBeenCalledWith(
      'http://10.0.2.2:4010/platform/v1/payment-methods',
      expect.objectContaining({ method: 'GET', headers: { authorization: 'Bearer at_1' } }),
    )
  })
})

describe('the types of the React Native client', () => {
  it('leave the deprecated setups out under strictDeprecations: true', () => {
    const strict = createReactNativeClient({ ...options, strictDeprecations: true })
    // @ts-expect-error gone under strictDeprecations
    expect(strict.setupBuyButton).toBeUndefined()
  })
})

import { describe, expect, it } from 'vitest'
import { magic, platformAccount } from '#http/routes/platform-test-kit.ts'
import { signWidgetUrl } from '#kernel/widget-url-signature.ts'
import { useBrowserSandbox } from '#testing/browser-sandbox.ts'
import { act, eventsOf, startCall, waitForEvent } from '#testing/host-page-calls.ts'

const env = useBrowserSandbox()
const WALLET = '0x52908400098527886E0F7030069857D2E4169EE7'

/** A connected customer's clientToken, and the signature of the widget query the client sends for `params`. */
async function signedFor(params: Record<string, string>) {
  const account = platformAccount(env.sandbox.core)
  const { connection } = await account.connect(magic.usNy)
  const query = { clientToken: connection.credentials.clientToken, ...params }
  const signed = signWidgetUrl(
    `${env.sandbox.framesUrl}/platform/v1/widget?${new URLSearchParams(query)}`,
    `sk_test_${account.account}`,
  )
  return { query, signature: new URL(signed).searchParams.get('signature')! }
}

describe('widget URL signing, in Chromium through the client', () => {
  it('a signed URL with a wallet address skips the wallet screen: amount, pay, complete', async () => {
    const { query, signature } = await signedFor({ currencyCode: 'eth', walletAddress: WALLET })
    const id = await startCall(env.page, 'setupWidget', [], { params: { ...query, signature } })
    await act(env.page, id, 'chooseAmount', { amount: '100', currencyCode: 'eth' })
    await act(env.page, id, 'pay')
    await waitForEvent(env.page, id, 'complete')
    expect((await eventsOf(env.page, id)).map((e) => e.kind)).toEqual(['handshake', 'ready', 'complete'])
  }, 30_000)

  it('a wallet address without a signature posts error invalid_parameters "Missing signature"', async () => {
    const { query } = await signedFor({ walletAddress: WALLET })
    const id = await startCall(env.page, 'setupWidget', [], { params: query })
    const error = await waitForEvent(env.page, id, 'error')
    expect(error.payload).toMatchObject({
      code: 'invalid_parameters',
      message: expect.stringMatching(/^Missing signature/),
    })
  }, 30_000)

  it('a signature over other parameters posts error "Invalid signature"', async () => {
    const { query, signature } = await signedFor({ currencyCode: 'btc', walletAddress: WALLET })
    const id = await startCall(env.page, 'setupWidget', [], { params: { ...query, currencyCode: 'eth', signature } })
    const error = await waitForEvent(env.page, id, 'error')
    expect(error.payload).toMatchObject({
      code: 'invalid_parameters',
      message: expect.stringMatching(/^Invalid signature/),
    })
  }, 30_000)
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningSandbox } from '#adapters/node-http/start-server.ts'
import { createSandboxCore } from '#http/sandbox-core.ts'
import { platformAccount } from '#http/routes/platform-test-kit.ts'
import { signWidgetUrl, widgetSignature } from '#kernel/widget-url-signature.ts'
import { widgetMachine } from '#portable/frames/machines/widget.ts'
import { framesHandler } from './frames-test-kit.ts'
import { frameConfigOf, framesClient } from './frames-test-kit.ts'
import { openInProcessFrame } from './in-process-frame.ts'

const FRAMES = 'http://127.0.0.1:4011'
const WALLET = '0x52908400098527886E0F7030069857D2E4169EE7'
const core = createSandboxCore({ origins: { api: 'http://127.0.0.1:4010', frames: FRAMES } })
const { call } = framesClient(framesHandler(core))

/** A fresh account's keys. */
function keys() {
  const { account } = platformAccount(core)
  return { pk: `pk_test_${account}`, sk: `sk_test_${account}` }
}

/** The page's frame-config for a widget URL (path and query). */
async function page(url: string) {
  return frameConfigOf(await call('GET', url.slice(FRAMES.length)))
}

const widgetUrl = (query: string) => `${FRAMES}/platform/v1/widget?${query}`
const signatureOf = (signed: string) => new URL(signed).searchParams.get('signature')!

/**
 * A partner's widget query (in the order signed) and its real signature, chosen among a few seeded orders so that the
 * signature holds `+`, `/` and `=`: the three characters base64 writes that a URL may read otherwise (`+` as a space).
 */
function pastedQuery(apiKey: string, secretKey: string): { query: string; signature: string } {
  for (let order = 1; order <= 256; order++) {
    const query = `apiKey=${apiKey}&externalTransactionId=order-${order}&walletAddress=${WALLET}`
    const signature = widgetSignature(`?${query}`, secretKey)
    if (signature.includes('+') && signature.includes('/') && signature.includes('=')) return { query, signature }
  }
  throw new Error(
    'none of 256 seeded orders signs to a signature with +, / and =: the cases below would lose their point',
  )
}

/** The page's refusal of a signature that does not match, as the code words it. */
const INVALID = {
  code: 'invalid_parameters',
  message: expect.stringMatching(
    /^Invalid signature: signature must be the base64 HMAC-SHA256 of the URL's query string/,
  ),
  fields: [{ field: 'signature', message: expect.stringMatching(/^Invalid signature/) }],
}

/**
 * The URLs a partner builds by hand, signed over the query as written: the signature pasted as base64 gives it,
 * percent-encoded, and after parameters reordered. `open` loads a widget URL and answers the page's frame-config.
 */
function partnerBuiltUrls(
  frames: () => string,
  account: () => { pk: string; sk: string },
  open: (url: string) => Promise<ReturnType<typeof frameConfigOf>>,
) {
  it('accepts a signature pasted unencoded, its +, / and = as base64 writes them', async () => {
    const { pk, sk } = account()
    const { query, signature } = pastedQuery(pk, sk)
    const url = `${frames()}/platform/v1/widget?channelId=ch_1&${query}&signature=${signature}`
    expect(new URL(url).search).toContain(`signature=${signature}`)
    const config = await open(url)
    expect(config.error).toBeUndefined()
    expect(config.ticket).toEqual(expect.any(String))
  })

  it('accepts the same signature percent-encoded', async () => {
    const { pk, sk } = account()
    const { query, signature } = pastedQuery(pk, sk)
    const config = await open(
      `${frames()}/platform/v1/widget?channelId=ch_1&${query}&signature=${encodeURIComponent(signature)}`,
    )
    expect(config.error).toBeUndefined()
    expect(config.ticket).toEqual(expect.any(String))
  })

  it('refuses the signed parameters sent in another order with "Invalid signature", naming signature', async () => {
    const { pk, sk } = account()
    const { query, signature } = pastedQuery(pk, sk)
    const reordered = query.split('&').reverse().join('&')
    const config = await open(`${frames()}/platform/v1/widget?channelId=ch_1&${reordered}&signature=${signature}`)
    expect(config.ticket).toBeNull()
    expect(config.error).toEqual(INVALID)
  })
}

describe('widget URL signature, on the frame page', () => {
  it('gives a ticket to a widget URL signed with the secret key', async () => {
    const { pk, sk } = keys()
    const config = await page(signWidgetUrl(widgetUrl(`channelId=ch_1&apiKey=${pk}&walletAddress=${WALLET}`), sk))
    expect(config.error).toBeUndefined()
    expect(config.ticket).toEqual(expect.any(String))
  })

  it('refuses a wallet address without a signature with "Missing signature", naming signature', async () => {
    const { pk } = keys()
    const config = await page(widgetUrl(`channelId=ch_1&apiKey=${pk}&walletAddress=${WALLET}`))
    expect(config.ticket).toBeNull()
    expect(config.error).toMatchObject({
      code: 'invalid_parameters',
      message: expect.stringMatching(/^Missing signature: signature is required/),
      fields: [{ field: 'signature' }],
    })
  })

  it('refuses a signature made with another key with "Invalid signature"', async () => {
    const { pk } = keys()
    const config = await page(
      signWidgetUrl(widgetUrl(`channelId=ch_1&apiKey=${pk}&walletAddress=${WALLET}`), 'sk_test_someone_else'),
    )
    expect(config.error).toMatchObject({
      code: 'invalid_parameters',
      message: expect.stringMatching(/^Invalid signature: signature must be/),
      fields: [{ field: 'signature' }],
    })
  })

  it('refuses a URL whose parameter was changed after signing', async () => {
    const { pk, sk } = keys()
    const signed = signWidgetUrl(widgetUrl(`apiKey=${pk}&currencyCode=btc&walletAddress=${WALLET}`), sk)
    const config = await page(`${signed.replace('currencyCode=btc', 'currencyCode=eth')}&channelId=ch_1`)
    expect(config.error?.message).toMatch(/^Invalid signature/)
  })

  it('checks the parameters in the order they were sent', async () => {
    const { pk, sk } = keys()
    const signature = signatureOf(signWidgetUrl(widgetUrl(`apiKey=${pk}&walletAddress=${WALLET}`), sk))
    const reordered = widgetUrl(
      `walletAddress=${WALLET}&apiKey=${pk}&channelId=ch_1&signature=${encodeURIComponent(signature)}`,
    )
    expect((await page(reordered)).error?.message).toMatch(/^Invalid signature/)
  })

  it('leaves channelId out of the signed text, wherever the client puts it', async () => {
    const { pk, sk } = keys()
    const signed = signWidgetUrl(widgetUrl(`apiKey=${pk}&walletAddress=${WALLET}`), sk)
    expect((await page(`${signed}&channelId=ch_2`)).error).toBeUndefined()
  })

  it('needs no signature without a wallet address', async () => {
    const { pk } = keys()
    expect((await page(widgetUrl(`channelId=ch_1&apiKey=${pk}&currencyCode=eth`))).error).toBeUndefined()
  })

  it('checks a signature given without a wallet address too', async () => {
    const { pk } = keys()
    expect((await page(widgetUrl(`channelId=ch_1&apiKey=${pk}&signature=bm9wZQ%3D%3D`))).error?.message).toMatch(
      /^Invalid signature/,
    )
  })
})

describe('widget URL signature, in process', () => {
  it('opens a signed widget: handshake, then ready', async () => {
    const { pk, sk } = keys()
    const signature = signatureOf(signWidgetUrl(widgetUrl(`apiKey=${pk}&walletAddress=${WALLET}`), sk))
    const frame = await openInProcessFrame(core, widgetMachine, {
      channelId: 'ch_1',
      apiKey: pk,
      walletAddress: WALLET,
      signature,
    })
    frame.runtime.receive({ kind: 'ack' })
    await frame.runtime.idle()
    expect(frame.events.map((e) => e.kind)).toEqual(['handshake', 'ready'])
  })

  it('posts error invalid_parameters "Missing signature" after the ack, as the page does', async () => {
    const { pk } = keys()
    const frame = await openInProcessFrame(core, widgetMachine, {
      channelId: 'ch_1',
      apiKey: pk,
      walletAddress: WALLET,
    })
    frame.runtime.receive({ kind: 'ack' })
    await frame.runtime.idle()
    expect(frame.events).toEqual([
      { kind: 'handshake' },
      { kind: 'error', payload: { code: 'invalid_parameters', message: expect.stringMatching(/^Missing signature/) } },
    ])
  })

  it('posts error "Invalid signature" for a tampered parameter', async () => {
    const { pk, sk } = keys()
    const signature = signatureOf(signWidgetUrl(widgetUrl(`apiKey=${pk}&currencyCode=btc&walletAddress=${WALLET}`), sk))
    const frame = await openInProcessFrame(core, widgetMachine, {
      channelId: 'ch_1',
      apiKey: pk,
      currencyCode: 'eth',
      walletAddress: WALLET,
      signature,
    })
    frame.runtime.receive({ kind: 'ack' })
    await frame.runtime.idle()
    expect(frame.events[1]).toMatchObject({
      kind: 'error',
      payload: { code: 'invalid_parameters', message: expect.stringMatching(/^Invalid signature/) },
    })
  })
})

describe('widget URL signature, as partners build the URL by hand, on the frame page', () => {
  partnerBuiltUrls(() => FRAMES, keys, page)
})

describe('widget URL signature, as partners build the URL by hand, over HTTP', () => {
  let sandbox: RunningSandbox
  beforeAll(async () => {
    sandbox = await startServer({ port: 0, framesPort: 0, logger: () => undefined })
  })
  afterAll(() => sandbox.close())

  /** The frame-config of the page the server sends for `url`, fetched as a browser would (the URL as written). */
  async function served(url: string) {
    const response = await fetch(url)
    expect(response.status).toBe(200)
    return frameConfigOf({ kind: 'reply', status: response.status, headers: {}, body: await response.text() })
  }

  partnerBuiltUrls(
    () => sandbox.framesUrl,
    () => ({ pk: 'pk_test_pasted', sk: 'sk_test_pasted' }),
    served,
  )
})

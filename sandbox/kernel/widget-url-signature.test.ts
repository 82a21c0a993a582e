import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { signWidgetUrl, widgetSignature, widgetSigningText } from './widget-url-signature.ts'

const URL_BASE = 'http://127.0.0.1:4011/platform/v1/widget'
const WALLET = '0x52908400098527886E0F7030069857D2E4169EE7'

describe('widget URL signature', () => {
  it('signs the query string with its leading ? and without signature and channelId', () => {
    expect(widgetSigningText('?apiKey=pk_test_x&channelId=ch_1&walletAddress=0xab&signature=abc%3D')).toBe(
      '?apiKey=pk_test_x&walletAddress=0xab',
    )
  })

  it('keeps the parameters in the order and the encoding they were sent', () => {
    expect(widgetSigningText('?walletAddress=0xab&apiKey=pk_test_x&theme=dark%20')).toBe(
      '?walletAddress=0xab&apiKey=pk_test_x&theme=dark%20',
    )
  })

  it('is the empty string for a query of nothing else, as URL.search gives it', () => {
    expect(widgetSigningText('?signature=abc&channelId=c')).toBe('')
  })

  it('equals base64 HMAC-SHA256 by node:crypto over new URL(url).search', () => {
    const url = `${URL_BASE}?apiKey=pk_test_shop&currencyCode=eth&walletAddress=${WALLET}`
    const expected = createHmac('sha256', 'sk_test_shop').update(new URL(url).search).digest('base64')
    expect(widgetSignature(new URL(url).search, 'sk_test_shop')).toBe(expected)
  })

  it('appends the signature last, encoded with encodeURIComponent', () => {
    const url = `${URL_BASE}?apiKey=pk_test_shop&walletAddress=${WALLET}`
    const signed = signWidgetUrl(url, 'sk_test_shop')
    const signature = createHmac('sha256', 'sk_test_shop').update(new URL(url).search).digest('base64')
    expect(signed).toBe(`${url}&signature=${encodeURIComponent(signature)}`)
  })

  it('replaces a signature the URL already has', () => {
    const url = `${URL_BASE}?apiKey=pk_test_shop&walletAddress=${WALLET}`
    expect(signWidgetUrl(`${url}&signature=old`, 'sk_test_shop')).toBe(signWidgetUrl(url, 'sk_test_shop'))
  })

  it('signs differently under another secret key', () => {
    const url = `${URL_BASE}?apiKey=pk_test_shop&walletAddress=${WALLET}`
    expect(signWidgetUrl(url, 'sk_test_other')).not.toBe(signWidgetUrl(url, 'sk_test_shop'))
  })
})

import { hmac } from '@noble/hashes/hmac.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { utf8ToBytes } from '@noble/hashes/utils.js'
import { bytesToBase64 } from './webhook-secret.ts'

/**
 * Query parameters the signed text leaves out: the signature itself, and `channelId`, the sandbox's own transport
 * parameter (the client adds one per mounted frame; the service's widget URL has none). Decision record 0069.
 */
const UNSIGNED_PARAMETERS = new Set(['signature', 'channelId'])

function parameterName(pair: string): string {
  const name = pair.split('=', 1)[0]!
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '))
  } catch {
    return name
  }
}

/**
 * The text a widget URL's signature covers: its query string as sent (`new URL(url).search`, with the leading `?`,
 * parameters in the order and encoding they were sent), without the `signature` and `channelId` pairs. An empty
 * query is the empty string, as `URL.search` gives it.
 *
 * @example
 * widgetSigningText('?apiKey=pk_test_x&walletAddress=0xab&signature=abc%3D') // '?apiKey=pk_test_x&walletAddress=0xab'
 */
export function widgetSigningText(search: string): string {
  const query = search.startsWith('?') ? search.slice(1) : search
  const kept = query.split('&').filter((pair) => pair !== '' && !UNSIGNED_PARAMETERS.has(parameterName(pair)))
  return kept.length === 0 ? '' : `?${kept.join('&')}`
}

/**
 * The signature of a widget URL's query string: standard base64 (padded) of HMAC-SHA256 keyed with the secret key
 * over {@link widgetSigningText}. Portable (pure JS): runs in Node and browsers.
 *
 * @example
 * widgetSignature('?apiKey=pk_test_x&walletAddress=0xab', 'sk_test_x') // 44 characters of base64, ending in '='
 */
export function widgetSignature(search: string, secretKey: string): string {
  return bytesToBase64(hmac(sha256, utf8ToBytes(secretKey), utf8ToBytes(widgetSigningText(search))))
}

/**
 * Signs a widget URL the way the service documents: the signature of its query string, appended last as
 * `&signature=<encodeURIComponent(signature)>` (a `signature` already there is replaced). Do this on your server:
 * the secret key never goes to a browser.
 *
 * @example
 * signWidgetUrl('http://127.0.0.1:4011/platform/v1/widget?apiKey=pk_test_shop&walletAddress=0x52908400098527886E0F7030069857D2E4169EE7', 'sk_test_shop')
 * // 'http://127.0.0.1:4011/platform/v1/widget?apiKey=pk_test_shop&walletAddress=0x5290…&signature=…%3D'
 */
export function signWidgetUrl(url: string, secretKey: string): string {
  const parsed = new URL(url)
  const query = parsed.search
    .slice(1)
    .split('&')
    .filter((pair) => pair !== '' && parameterName(pair) !== 'signature')
  const signature = encodeURIComponent(widgetSignature(parsed.search, secretKey))
  parsed.search = `?${[...query, `signature=${signature}`].join('&')}`
  return parsed.toString()
}

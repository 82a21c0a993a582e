import type { PlainReply, PlainRequest } from './plain-http.ts'
import type { BrowserBundle } from '#bundles/browser-bundle.ts'

/** How a bundle goes over the wire: brotli, gzip, or as it is. */
type BundleEncoding = 'br' | 'gzip' | 'identity'

/**
 * Bundles live at fixed URLs (`/sandbox-client.js`, `/__frames/app.js`) whose content changes with the sandbox's
 * version: a browser keeps them but asks again before each use, and the `ETag` makes that answer a bodiless 304.
 */
const BUNDLE_CACHE_CONTROL = 'public, no-cache'

/** The q-value of a coding in `Accept-Encoding`, 0 to 1; a malformed one counts as 0 (not acceptable). */
function qValue(params: string[]): number {
  for (const param of params) {
    const equals = param.indexOf('=')
    if (equals === -1 || param.slice(0, equals).trim().toLowerCase() !== 'q') continue
    const value = Number(param.slice(equals + 1).trim())
    return Number.isFinite(value) && value >= 0 && value <= 1 ? value : 0
  }
  return 1
}

/**
 * The encoding to send for an `Accept-Encoding` header (RFC 9110 §12.5.3): the acceptable coding of highest q-value,
 * brotli before gzip before none on a tie; `identity`, when the header does not name it, is acceptable unless
 * excluded by `*;q=0`, but chosen only when no compressed coding is. With nothing acceptable, the bytes go as they are. One split over the
 * header (node caps its size): linear.
 *
 * @example
 * chooseEncoding('gzip, deflate, br') // 'br'
 * chooseEncoding('gzip;q=1, br;q=0.5') // 'gzip'
 * chooseEncoding(undefined) // 'identity'
 */
export function chooseEncoding(acceptEncoding: string | undefined): BundleEncoding {
  if (!acceptEncoding) return 'identity'
  const weights = new Map<string, number>()
  for (const part of acceptEncoding.split(',')) {
    const [coding = '', ...params] = part.split(';')
    const name = coding.trim().toLowerCase()
    if (name !== '' && !weights.has(name)) weights.set(name, qValue(params))
  }
  const star = weights.get('*')
  // Unnamed, identity is acceptable but the last choice: a header naming only `gzip;q=0.5` still gets gzip.
  const weight = (coding: BundleEncoding) =>
    weights.get(coding) ?? (coding === 'identity' ? (star === 0 ? 0 : Number.MIN_VALUE) : (star ?? 0))
  let best: BundleEncoding = 'identity'
  let bestWeight = 0
  for (const coding of ['br', 'gzip', 'identity'] as const) {
    if (weight(coding) > bestWeight) [best, bestWeight] = [coding, weight(coding)]
  }
  return best
}

/**
 * The strong entity tag of one encoding of a bundle: each representation has its own (RFC 9110 §8.8.3), so a cache
 * never takes gzip bytes for brotli ones.
 *
 * @example
 * bundleEtag('k3Jx…', 'br') // '"k3Jx…-br"'
 */
export function bundleEtag(hash: string, encoding: BundleEncoding): string {
  return encoding === 'identity' ? `"${hash}"` : `"${hash}-${encoding}"`
}

/** Whether `If-None-Match` names `etag` (weak comparison, as RFC 9110 §13.1.2 asks for this header) or is `*`. */
export function noneMatchHas(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim()
    return trimmed === '*' || (trimmed.startsWith('W/') ? trimmed.slice(2) : trimmed) === etag
  })
}

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(', ') : value)

/**
 * The reply to a `GET` (or `HEAD`) of a bundle (decision 0092): the encoding the request accepts (brotli, gzip or
 * none), already compressed; its `ETag`, `Cache-Control` and `Vary: accept-encoding`; a bodiless 304 when
 * `If-None-Match` names that encoding's tag. `headers` are added to both (CORS for the client bundle).
 *
 * @example
 * bundleReply(request, await browserBundle('client/index.ts'), { 'access-control-allow-origin': '*' })
 */
export function bundleReply(
  request: PlainRequest,
  bundle: BrowserBundle,
  headers: Record<string, string> = {},
): PlainReply {
  const encoding = chooseEncoding(single(request.headers['accept-encoding']))
  const etag = bundleEtag(bundle.hash, encoding)
  const common = { ...headers, etag, 'cache-control': BUNDLE_CACHE_CONTROL, vary: 'accept-encoding' }
  if (noneMatchHas(single(request.headers['if-none-match']), etag))
    return { kind: 'reply', status: 304, headers: common }
  return {
    kind: 'reply',
    status: 200,
    headers: {
      ...common,
      'content-type': 'text/javascript; charset=utf-8',
      ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
    },
    raw: bundle[encoding],
  }
}

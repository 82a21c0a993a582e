import { headerValue, type PlainRequest } from './plain-http.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'

const FIELD = 'Content-Type'
const RULE = 'send application/json (or application/<name>+json), charset utf-8 if any'

/** `type/subtype` and parameters of a media type, lowercased where HTTP says case does not matter. */
function mediaType(value: string): { essence: string; charset: string | undefined } {
  const [essence = '', ...parameters] = value.split(';')
  const charset = parameters.map((p) => p.trim().split('=')).find(([name]) => name?.toLowerCase() === 'charset')?.[1]
  return {
    essence: essence.trim().toLowerCase(),
    charset: charset
      ?.trim()
      .replace(/^"(.*)"$/, '$1')
      .toLowerCase(),
  }
}

/**
 * Whether a Content-Type header names JSON: `application/json` or `application/<name>+json`, charset UTF-8 if any.
 *
 * @example
 * isJsonContentType('application/json; charset=utf-8') // true
 * isJsonContentType('text/plain') // false
 */
export function isJsonContentType(header: string | undefined): boolean {
  if (header === undefined) return false
  const { essence, charset } = mediaType(header)
  const json = essence === 'application/json' || /^application\/[a-z0-9!#$&^_.-]+\+json$/.test(essence)
  return json && (charset === undefined || charset === 'utf-8' || charset === 'utf8')
}

/**
 * Refuses (415, naming the header and the rule) a request body a JSON route would otherwise parse on faith: the
 * `Content-Type` must be `application/json` or `application/<name>+json`, with no charset but UTF-8 (RFC 8259).
 * A body without a Content-Type is refused too: every HTTP client sets one when told the body is JSON, and a body
 * of unknown type is not read as JSON (decision 0041). A request without a body passes: its JSON is `{}`.
 *
 * @example
 * requireJsonContentType({ method: 'POST', path: '/__sandbox/faults', query: {}, headers: { 'content-type': 'text/plain' }, body: '{}' })
 * // throws SandboxError 415: Content-Type text/plain is not JSON: send application/json …
 */
export function requireJsonContentType(request: PlainRequest): void {
  if (request.body === undefined || request.body.length === 0) return
  const header = headerValue(request, 'content-type')
  if (header === undefined || header.trim() === '')
    throw new SandboxError('unsupported_media_type', `${FIELD} is required with a body: ${RULE}`, [
      { field: FIELD, message: `${FIELD} is required with a body` },
    ])
  const { essence, charset } = mediaType(header)
  const json = essence === 'application/json' || /^application\/[a-z0-9!#$&^_.-]+\+json$/.test(essence)
  if (!json)
    throw new SandboxError('unsupported_media_type', `${FIELD} ${essence || header} is not JSON: ${RULE}`, [
      { field: FIELD, message: `${FIELD} must be application/json` },
    ])
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
    throw new SandboxError('unsupported_media_type', `${FIELD} charset ${charset} is not supported: JSON is UTF-8`, [
      { field: FIELD, message: `${FIELD} charset must be utf-8` },
    ])
  }
}

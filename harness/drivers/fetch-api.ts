import type { TimelineEntry } from '../recording.ts'
import type { ApiCall } from './api-steps.ts'

/**
 * API calls by `fetch` to a running server at `apiUrl` (the browser driver's partner server and client calls): a body
 * that is not a string is sent as JSON; a reply that is not JSON keeps its text; the reply's headers come with lower-case names. Each call is noted on the timeline.
 *
 * @example
 * const api = fetchApi(site.sandbox.apiUrl, frames.note)
 * await api('GET /platform/v1/payment-methods', { headers: { authorization: `Bearer ${token}` } })
 */
export function fetchApi(apiUrl: string, note: (entry: TimelineEntry) => void): ApiCall {
  return async (line, options) => {
    const [method, target] = line.split(' ') as [string, string]
    const headers: Record<string, string> = { ...options.headers }
    const body =
      options.body === undefined
        ? undefined
        : typeof options.body === 'string'
          ? options.body
          : JSON.stringify(options.body)
    if (body !== undefined && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-type'))
      headers['content-type'] = 'application/json'
    const response = await fetch(`${apiUrl}${target}`, { method, headers, body })
    const text = await response.text()
    let parsed: unknown = text === '' ? undefined : text
    try {
      parsed = JSON.parse(text)
    } catch {
      // not JSON: keep the text
    }
    note({ actor: 'partner', target: 'api', what: `${line} → ${response.status}` })
    const replyHeaders: Record<string, string> = {}
    response.headers.forEach((value, name) => {
      replyHeaders[name.toLowerCase()] = value
    })
    return { status: response.status, body: parsed as any, headers: replyHeaders }
  }
}

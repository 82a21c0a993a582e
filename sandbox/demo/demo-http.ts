import type { z } from 'zod'
import { headerValue, type PlainRequest, type PlainResponse } from '#http/plain-http.ts'
import { isJsonContentType } from '#http/require-json-content-type.ts'

/**
 * A JSON answer of the demo's partner server, never cached.
 *
 * @example
 * json(404, { code: 'not_found', message: 'no demo route GET /demo/nowhere' })
 */
export const json = (status: number, body: unknown): PlainResponse => ({
  kind: 'reply',
  status,
  headers: { 'cache-control': 'no-store' },
  body,
})

/**
 * A text answer (the page, its script, a recorded scenario), never cached.
 *
 * @example
 * text('text/html; charset=utf-8', '<!doctype html>…')
 */
export const text = (type: string, body: string): PlainResponse => ({
  kind: 'reply',
  status: 200,
  headers: { 'content-type': type, 'cache-control': 'no-store' },
  body,
})

/** Whether a parse gave an answer (a 4xx) instead of a value. */
export const isResponse = (value: unknown): value is PlainResponse =>
  typeof value === 'object' && value !== null && 'kind' in value && (value as { kind: unknown }).kind === 'reply'

/**
 * A value checked by a zod schema, or a 400 naming each field that breaks it (`root` for the value as a whole).
 *
 * @example
 * const query = validated(WebhooksQuery, request.query, '(query)')
 * if (isResponse(query)) return query
 */
export function validated<T extends z.ZodType>(
  schema: T,
  value: unknown,
  root = '(body)',
): z.output<T> | PlainResponse {
  const parsed = schema.safeParse(value)
  if (parsed.success) return parsed.data
  const errors = parsed.error.issues.map((issue) => ({ field: issue.path.join('.') || root, message: issue.message }))
  return json(400, { code: 'invalid_body', message: errors.map((e) => `${e.field}: ${e.message}`).join('; '), errors })
}

/**
 * A JSON body checked by a zod schema, or the answer that refuses it: 415 when it is not `application/json`, 400 when
 * it is not JSON or breaks the schema.
 *
 * @example
 * const body = parseBody(ModeOnly, request)
 * if (isResponse(body)) return body
 */
export function parseBody<T extends z.ZodType>(schema: T, request: PlainRequest): z.output<T> | PlainResponse {
  // JSON only, body or not: another origin's page can send text/plain or no body without a preflight, and so
  // drive the demo tenant; application/json needs a preflight, which the demo API never allows (decision 0040).
  if (!isJsonContentType(headerValue(request, 'content-type'))) {
    return json(415, {
      code: 'invalid_body',
      message: 'Content-Type must be application/json: the demo API takes JSON only.',
    })
  }
  let value: unknown
  try {
    value = request.body ? JSON.parse(request.body) : {}
  } catch {
    return json(400, { code: 'invalid_body', message: 'The body must be JSON.' })
  }
  return validated(schema, value)
}

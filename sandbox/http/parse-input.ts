import type { z } from 'zod'
import { describeIssue } from '#kernel/describe-issue.ts'
import { parseReportingInput } from '#kernel/parse-reporting-input.ts'
import type { PlainQuery } from './plain-http.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'

/** Parses, or throws a 400 naming each field and its rule (the input is reported only when the parse fails). */
function parseOrFail<T extends z.ZodType>(schema: T, value: unknown, root: string): z.output<T> {
  const parsed = parseReportingInput(schema, value)
  if (parsed.success) return parsed.data
  failFromIssues(parsed.error.issues, root)
}

function failFromIssues(issues: z.core.$ZodIssue[], root: string): never {
  const fieldErrors = issues.map((issue) => describeIssue(issue, root))
  throw new SandboxError('invalid_request', fieldErrors.map((e) => e.message).join('; '), fieldErrors)
}

/**
 * Parses a query with a zod object schema. A parameter given more than once
 * is refused by name; unknown parameters are left alone.
 *
 * @example
 * const query = parseQuery(SellQuoteQuery, request.query)
 */
export function parseQuery<T extends z.ZodType>(schema: T, query: PlainQuery): z.output<T> {
  let repeated: string[] | undefined
  for (const name in query) if (Array.isArray(query[name])) (repeated ??= []).push(name)
  if (repeated) {
    const fieldErrors = repeated.map((name) => ({ field: name, message: `${name} must be given once` }))
    throw new SandboxError('invalid_request', fieldErrors.map((e) => e.message).join('; '), fieldErrors)
  }
  return parseOrFail(schema, query, 'query')
}

/** Largest JSON body the sandbox reads (bytes of text). */
const MAX_BODY_LENGTH = 1_000_000

/**
 * Parses a JSON request body with a zod schema; an empty body parses as `{}`.
 *
 * @example
 * const { by } = parseJsonBody(ClockAdvanceRequest, request.body)
 */
export function parseJsonBody<T extends z.ZodType>(schema: T, text: string | undefined): z.output<T> {
  let value: unknown = {}
  if (text !== undefined && text.trim().length > 0) {
    if (text.length > MAX_BODY_LENGTH)
      throw new SandboxError('payload_too_large', `body must be at most ${MAX_BODY_LENGTH} bytes`)
    try {
      value = JSON.parse(text)
    } catch {
      throw SandboxError.invalidField('body', 'body must be valid JSON')
    }
  }
  return parseOrFail(schema, value, 'body')
}

/**
 * Parses one field of an already parsed body (`message` of a journal call) with a zod schema: a 400 naming the
 * field's path under `field` and the rule.
 *
 * @example
 * const dropped = parseField(DroppedMessage, input.message, 'message') // 400 "message.reason must be …"
 */
export function parseField<T extends z.ZodType>(schema: T, value: unknown, field: string): z.output<T> {
  const parsed = schema.safeParse(value, { reportInput: true })
  if (parsed.success) return parsed.data
  failFromIssues(
    parsed.error.issues.map((issue) => ({ ...issue, path: [field, ...issue.path] })),
    field,
  )
}

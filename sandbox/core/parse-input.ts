import type { z } from 'zod'
import { describeIssue } from './describe-issue.ts'
import type { PlainQuery } from './plain-http.ts'
import { SandboxError } from './sandbox-error.ts'

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
  const single: Record<string, string> = {}
  const repeated: string[] = []
  for (const [name, value] of Object.entries(query)) {
    if (Array.isArray(value)) repeated.push(name)
    else single[name] = value
  }
  if (repeated.length > 0) {
    const fieldErrors = repeated.map((name) => ({ field: name, message: `${name} must be given once` }))
    throw new SandboxError('invalid_request', fieldErrors.map((e) => e.message).join('; '), fieldErrors)
  }
  const result = schema.safeParse(single, { reportInput: true })
  if (!result.success) failFromIssues(result.error.issues, 'query')
  return result.data
}

/** Largest JSON body the sandbox reads (bytes of text). */
export const MAX_BODY_LENGTH = 1_000_000

/**
 * Parses a JSON request body with a zod schema; an empty body parses as `{}`.
 *
 * @example
 * const { by } = parseJsonBody(ClockAdvanceRequest, request.body)
 */
export function parseJsonBody<T extends z.ZodType>(schema: T, text: string | undefined): z.output<T> {
  let value: unknown = {}
  if (text !== undefined && text.trim().length > 0) {
    if (text.length > MAX_BODY_LENGTH) throw new SandboxError('payload_too_large', `body must be at most ${MAX_BODY_LENGTH} bytes`)
    try {
      value = JSON.parse(text)
    } catch {
      throw SandboxError.invalidField('body', 'body must be valid JSON')
    }
  }
  const result = schema.safeParse(value, { reportInput: true })
  if (!result.success) failFromIssues(result.error.issues, 'body')
  return result.data
}

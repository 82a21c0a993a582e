import { z } from 'zod'
import { ApiJournalEntry, JournalLimit, SinceSeq } from './control.ts'
import { MatcherMethod, PathPattern, RequestKey, RequestMatcher } from './request-matcher.ts'

/** A query parameter holding a JSON object of field matchers (`body={"externalCustomerId":"u1"}`). */
function jsonParam<T extends z.ZodType>(name: string, schema: T) {
  return z
    .string()
    .max(8192)
    .transform((text, context) => {
      try {
        return JSON.parse(text) as unknown
      } catch {
        context.addIssue({
          code: 'custom',
          message: `${name} must be a JSON object of field matchers, such as {"externalCustomerId":"u1"}`,
        })
        return z.NEVER
      }
    })
    .pipe(schema)
    .meta({ type: 'string', description: `JSON object of ${name} matchers: name → value, {present}, {matches}` })
}

const { query, headers, body } = RequestMatcher.shape

/**
 * Query of `GET /__sandbox/requests/count` and `/requests/find`: a request matcher (the one a fault takes) in query
 * parameters — `method`, `path` (default `/**`), `key`, and `query`, `headers`, `body` as JSON objects — and `since` (a
 * journal seq) and, for `find`, `limit`. Unknown parameters are refused.
 *
 * @example
 * GET /__sandbox/requests/count?method=POST&path=/platform/v1/sessions&body={"externalCustomerId":"u1"}
 */
export const RequestsQuery = z.strictObject({
  method: z
    .string()
    .transform((m) => m.toUpperCase())
    .pipe(MatcherMethod)
    .default('*'),
  path: PathPattern.default('/**'),
  key: RequestKey.optional(),
  query: jsonParam('query', query.unwrap()).optional(),
  headers: jsonParam('headers', headers.unwrap()).optional(),
  body: jsonParam('body', body.unwrap()).optional(),
  since: SinceSeq.optional(),
  /** For find: the most calls listed (default 100); count counts them all. */
  limit: JournalLimit.optional(),
})
export type RequestsQuery = z.output<typeof RequestsQuery>

/** Body of `GET /__sandbox/requests/count`. */
export const RequestCount = z.object({
  count: z.number().int().min(0),
  /** The journal's newest seq: pass it as `since` to count only later calls. */
  lastSeq: z.number().int().min(0),
  /** Calls after `since` were dropped from the bounded journal, so the count may be short. */
  truncated: z.boolean(),
})
export type RequestCount = z.infer<typeof RequestCount>

/** Body of `GET /__sandbox/requests/find`: the count, and the first `limit` matching calls as the journal has them. */
export const FoundRequests = RequestCount.extend({ requests: z.array(ApiJournalEntry) })
export type FoundRequests = z.infer<typeof FoundRequests>

import { z } from 'zod'
import { durationText } from './control.ts'
import { jsonAtMost, MAX_FAULT_BODY_CHARS } from './json-size.ts'
import { IsoTimestamp } from './currency.ts'
import { HeaderName, MatcherMethod, RequestKey, requestMatcherFields, StoredFieldMatchers } from './request-matcher.ts'

/** HTTP methods a fault can match (`*` matches any). */
export const FaultMethod = MatcherMethod

/** Headers an overridden answer may not set: HTTP's framing, and the type its JSON body is sent with. */
const FRAMING_HEADERS = new Set([
  'connection',
  'content-length',
  'content-type',
  'keep-alive',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
])

/** Headers of an overridden answer: lower-case names, printable values, at most 20. */
export const ResponseHeaders = z
  .record(
    HeaderName.refine(
      (name) => !FRAMING_HEADERS.has(name),
      'cannot be set: the sandbox frames the answer itself (content-type, content-length, connection …)',
    ),
    z
      .string()
      .max(1024)
      .regex(/^[\t\x20-\x7e]*$/, 'header values are printable ASCII on one line'),
  )
  .refine((headers) => Object.keys(headers).length <= 20, 'responseHeaders takes at most 20 headers')

/** The longest a fault stays armed: a year of tenant clock. */
const MAX_EXPIRY_MS = 366 * 86_400_000

/**
 * Body of `POST /__sandbox/faults`. Which requests: `method`, `path` (`*` one segment, a trailing `**` the rest), and
 * optionally `query`, `headers`, JSON `body` fields and `key` ({@link RequestMatcher}); `rate` (0–1) fires on that share
 * of them, drawn from the tenant's seed; `times` caps how often it fires (default 1, or unlimited with a `rate`);
 * `expiresIn` disarms it after that much tenant-clock time. What it does: answer `status` (with `responseBody` and
 * `responseHeaders`, checked against the route's schemas unless `unchecked`), wait `latencyMs` first, or drop the
 * connection (`networkError`).
 *
 * @example
 * FaultRequest.parse({ method: 'POST', path: '/platform/v1/quotes/buy', body: { 'destination.asset.code': 'usdc' }, status: 429, responseHeaders: { 'retry-after': '2' } })
 */
export const FaultRequest = z
  .strictObject({
    ...requestMatcherFields,
    times: z.number().int().min(1).max(1_000_000).optional(),
    rate: z.number().min(0).max(1).optional(),
    expiresIn: durationText('expiresIn', MAX_EXPIRY_MS, '366d').optional(),
    status: z.number().int().min(200).max(599).optional(),
    latencyMs: z.number().int().min(0).max(60_000).optional(),
    networkError: z.boolean().optional(),
    /** The JSON body answered instead of the route's (needs `status`). */
    responseBody: z
      .unknown()
      .refine(...jsonAtMost('responseBody', MAX_FAULT_BODY_CHARS))
      .optional(),
    responseHeaders: ResponseHeaders.optional(),
    /** Answer `responseBody` even when it breaks the route's schema (a contract-breaking answer on purpose). */
    unchecked: z.boolean().optional(),
  })
  .refine((f) => f.status !== undefined || f.latencyMs !== undefined || f.networkError === true, {
    message: 'a fault needs status, latencyMs or networkError: true',
    path: ['status'],
  })
  .refine((f) => !(f.networkError === true && f.status !== undefined), {
    message: 'networkError and status cannot be combined: a dropped connection has no status',
    path: ['networkError'],
  })
  .refine(
    (f) =>
      f.status !== undefined ||
      (f.responseBody === undefined && f.responseHeaders === undefined && f.unchecked === undefined),
    {
      message: 'status is needed for responseBody, responseHeaders and unchecked: the status to answer with',
      path: ['status'],
    },
  )
  .refine((f) => f.status === undefined || f.status >= 400 || f.status === 204 || f.responseBody !== undefined, {
    message: 'responseBody is needed with a status below 400: the answer the route gives instead of its own',
    path: ['responseBody'],
  })
  .refine((f) => f.status !== 204 || f.responseBody === undefined, {
    message: 'responseBody cannot go with a 204 answer: it has no body',
    path: ['responseBody'],
  })
  .refine((f) => !f.path.startsWith('/__sandbox'), {
    message: 'path cannot target the control API',
    path: ['path'],
  })
export type FaultRequest = z.output<typeof FaultRequest>
/** A fault as a partner writes it. */
export type FaultInput = z.input<typeof FaultRequest>

/** A fault as stored and listed: its matcher, what it does, and how often it matched and fired. */
export const Fault = z.object({
  id: z.string(),
  method: FaultMethod,
  path: z.string(),
  query: StoredFieldMatchers.optional(),
  headers: StoredFieldMatchers.optional(),
  body: StoredFieldMatchers.optional(),
  key: RequestKey.optional(),
  /** Fires left; `null`: no cap (a `rate` fault without `times`). */
  remaining: z.number().int().min(0).nullable(),
  rate: z.number().min(0).max(1).optional(),
  /** When it disarms, on the tenant clock. */
  expiresAt: IsoTimestamp.optional(),
  /** Requests that matched it so far (what its `rate` draws are numbered by). */
  matched: z.number().int().min(0).default(0),
  /** Times it fired. */
  fired: z.number().int().min(0).default(0),
  status: z.number().int().optional(),
  latencyMs: z.number().int().optional(),
  networkError: z.boolean().optional(),
  responseBody: z.unknown().optional(),
  responseHeaders: z.record(z.string(), z.string()).optional(),
  unchecked: z.boolean().optional(),
})
export type Fault = z.infer<typeof Fault>

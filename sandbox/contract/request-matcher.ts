import { z } from 'zod'

/** The longest regular expression a matcher takes: matched on every request a fault or a verification looks at. */
export const MAX_PATTERN_LENGTH = 256

/** A scalar a field can equal. */
const Scalar = z.union([z.string().max(4096), z.number(), z.boolean(), z.null()])

/**
 * A regular expression's source, checked to compile as JavaScript. The sandbox runs it on RE2, a linear-time engine
 * (decision 0080): what RE2 cannot run (lookaround, backreferences …) is refused when a fault or a verification
 * compiles its matcher, with a 400 naming the field.
 */
const RegexSource = z
  .string()
  .max(MAX_PATTERN_LENGTH)
  .superRefine((source, context) => {
    try {
      new RegExp(source)
    } catch (error) {
      context.addIssue({
        code: 'custom',
        message: `matches must be a valid regular expression (${(error as Error).message.replace(/^Invalid regular expression: /, '')})`,
      })
    }
  })

/** The written-out form of a value matcher: exactly one of `equals`, `present`, `matches`. */
const ValueMatcherObject = z
  .strictObject({ equals: Scalar.optional(), present: z.boolean().optional(), matches: RegexSource.optional() })
  .refine(
    (m) => Number(m.equals !== undefined) + Number(m.present !== undefined) + Number(m.matches !== undefined) === 1,
    'a matcher takes exactly one of equals, present or matches',
  )

const isPlainObject = (value: unknown) => value !== null && typeof value === 'object' && !Array.isArray(value)

/**
 * How one field of a request is matched: a plain value (`'usdc'`, `5`, `true`, `null`) is `{equals}`; `{present: true}`
 * (or `false`) whether it is there at all; `{matches: '^0x'}` a regular expression (JavaScript syntax, unanchored unless
 * it anchors itself, run in linear time: no lookaround or backreferences; decision 0080) on its text. Query parameters
 * and headers are text: `equals` compares a number or boolean as text.
 *
 * @example
 * ValueMatcher.parse('usdc') // { equals: 'usdc' }
 * ValueMatcher.parse({ matches: '^u' }) // { matches: '^u' }
 */
export const ValueMatcher = z.preprocess(
  (value) => (isPlainObject(value) ? value : { equals: value }),
  ValueMatcherObject,
)
export type ValueMatcher = z.output<typeof ValueMatcher>

/**
 * Refuses a field named `__proto__` (any case when `anyCase`: header names are lower-cased), which a parsed record
 * would drop without a word (zod will not assign it, as that would set the prototype): a matcher that lost it would
 * match every request.
 */
function refuseProtoKey<T extends z.ZodType>(record: T, anyCase = false) {
  return z.preprocess((input, context) => {
    if (isPlainObject(input)) {
      for (const key of Object.keys(input as object)) {
        if ((anyCase ? key.toLowerCase() : key) !== '__proto__') continue
        context.addIssue({
          code: 'custom',
          path: [key],
          input,
          message:
            'cannot be matched: __proto__ names the prototype of a JavaScript object, so the sandbox cannot keep it as a field',
        })
      }
    }
    return input
  }, record)
}

/** Field name → matcher; at most 32 fields. */
function fieldMatchers(what: string, name: z.ZodType<string>, anyCase = false) {
  return refuseProtoKey(
    z
      .record(name, ValueMatcher)
      .refine((fields) => Object.keys(fields).length <= 32, `${what} takes at most 32 fields`),
    anyCase,
  )
}

/** A stored matcher's fields by name (a listed or saved fault): as a partner's, without the 32-field rule to check again. */
export const StoredFieldMatchers = refuseProtoKey(z.record(z.string(), ValueMatcher))

/** HTTP methods a matcher names (`*` matches any). */
export const MatcherMethod = z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', '*'])

/** How a request authenticated: a publishable key, a secret key, or a customer's access token (`Authorization: Bearer`). */
export const RequestKey = z.enum(['publishable', 'secret', 'accessToken'])
export type RequestKey = z.infer<typeof RequestKey>

/** A path pattern: `*` stands for one segment, a trailing `**` for the rest. */
export const PathPattern = z
  .string()
  .max(512)
  .regex(/^\/[^\s?#]*$/, 'path must start with / and hold no query or spaces')

/** An HTTP header name, lower-cased (HTTP's are case-insensitive): what matchers and overridden answers take. */
export const HeaderName = z
  .string()
  .regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,64}$/, 'header names are HTTP tokens (a-z, 0-9, -) of at most 64 characters')
  .transform((name) => name.toLowerCase())

/** A JSON body field's path: dotted names, array items by index (`destination.asset.code`, `items.0.id`). */
const BodyFieldPath = z
  .string()
  .regex(/^[^.\s]{1,64}(?:\.[^.\s]{1,64}){0,15}$/, 'body fields are dotted paths such as destination.asset.code')

/** The fields every request matcher has: what a fault matches, and what a verification counts. */
export const requestMatcherFields = {
  method: z
    .string()
    .transform((m) => m.toUpperCase())
    .pipe(MatcherMethod)
    .default('*'),
  path: PathPattern,
  /** Query parameters by name; a repeated parameter matches when one of its values does. */
  query: fieldMatchers('query', z.string().min(1).max(128)).optional(),
  /** Request headers by name (any case). */
  headers: fieldMatchers('headers', HeaderName, true).optional(),
  /** JSON body fields by dotted path; a body that is not JSON matches only `{present: false}`. */
  body: fieldMatchers('body', BodyFieldPath).optional(),
  /** How the request authenticated (frame pages have no key, so a matcher with one never matches them). */
  key: RequestKey.optional(),
}

/**
 * What picks requests out, for a fault (`POST /__sandbox/faults`) and a verification (`GET /__sandbox/requests/count`):
 * the method and path pattern, and optionally query parameters, headers, JSON body fields and the kind of key. Every
 * field given must match.
 *
 * @example
 * RequestMatcher.parse({ method: 'POST', path: '/platform/v1/sessions', body: { externalCustomerId: 'u1' } })
 */
export const RequestMatcher = z.strictObject(requestMatcherFields)
export type RequestMatcher = z.output<typeof RequestMatcher>
/** A request matcher as a partner writes it: plain values for equality, `method` optional. */
export type RequestMatcherInput = z.input<typeof RequestMatcher>

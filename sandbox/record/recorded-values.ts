import { base64UrlToText } from '#portable/base64url.ts'
import { peekToken } from '#portable/peek-token.ts'

/** A reference to an earlier step's result, as the harness DSL writes it (`ref('session.sessionToken')` is `{ $ref: … }`). */
export interface Ref {
  $ref: string
}

/** The name of the replay's fixtures step (`GET /__sandbox/fixtures`), inserted first when a value needs it. */
export const FIXTURES_STEP = 'fixtures'

const KEY = /^(pk|sk)_(test|live)_[A-Za-z0-9_]{1,64}$/

/**
 * Whether a string is an id or a token the sandbox issued (`cus_…`, `pm_…`, `txn_…`, `st_…`): those differ from one
 * account to another, so a replay (on a fresh account) must take them from an earlier result instead of repeating them.
 *
 * @example
 * isIssued('pm_6PV4GHd1mltgDn08') // true
 * isIssued('sepa_bank_transfer') // false
 */
export function isIssued(value: string): boolean {
  // Issued suffixes are random base62 or base64url, so they hold a capital or a digit; `sepa_bank_transfer` is a name.
  return (
    /^[a-z]{2,5}_[A-Za-z0-9._-]{6,}$/.test(value) &&
    /[A-Z0-9]/.test(value.slice(value.indexOf('_'))) &&
    !KEY.test(value)
  )
}

/** The signature of a `quote` frame parameter (base64url JSON of a buy quote), if it is one. */
function quoteSignature(text: string): string | undefined {
  if (text.length < 40) return undefined
  const json = base64UrlToText(text)
  try {
    const signature = json === undefined ? undefined : (JSON.parse(json) as { signature?: unknown }).signature
    return typeof signature === 'string' ? signature : undefined
  } catch {
    return undefined
  }
}

/** Every issued string in a value, with its dotted path under `path`. */
function* issuedLeaves(value: unknown, path: string): Generator<[string, string]> {
  if (typeof value === 'string') {
    if (isIssued(value)) yield [value, path]
  } else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) yield* issuedLeaves(child, `${path}.${key}`)
  }
}

/**
 * What a recording knows of the values a flow passed around: which step's result each issued id or token came from,
 * so a later request that repeats it becomes a reference. Tokens resolve by what they carry (kind and session): a
 * session token to the step that created the session, an access or client token to the connection of its session
 * (whose plaintext the journal never sees); an encoded quote to the buy quote with its signature; the tenant's keys
 * and seeded ids to the fixtures step. What resolves to nothing stays literal and is listed in `unresolved`.
 *
 * @example
 * const values = new RecordedValues(fixtures)
 * values.produced('methods.body', methodsResponse)
 * values.rewrite({ paymentMethod: { type: 'card', id: 'pm_6PV4GHd1mltgDn08' } }) // { paymentMethod: { type: 'card', id: { $ref: 'methods.body.data.paymentMethods.0.id' } } }
 */
export class RecordedValues {
  private readonly byValue = new Map<string, string>()
  private readonly sessions = new Map<string, string>()
  private readonly connections = new Map<string, string>()
  private readonly quotes = new Map<string, string>()
  private readonly seeded = new Map<string, string>()
  /** Issued values that came from no recorded result: literal in the scenario, likely different on replay. */
  readonly unresolved = new Set<string>()
  /** Whether a reference points into the fixtures step. */
  needsFixtures = false

  constructor(fixtures?: unknown) {
    for (const [value, path] of issuedLeaves(fixtures, `${FIXTURES_STEP}.body.data`))
      if (!this.seeded.has(value)) this.seeded.set(value, path)
  }

  /** Notes the issued values of a step's result, found at `path` (`quote.body`); the first result to give a value is its source. */
  produced(path: string, result: unknown): void {
    for (const [value, at] of issuedLeaves(result, path)) if (!this.byValue.has(value)) this.byValue.set(value, at)
  }

  /** Notes where the token of a session is (`session.sessionToken`). */
  session(sessionId: string, path: string): void {
    this.sessions.set(sessionId, path)
  }

  /** Where a session's token is, if a recorded step created it. */
  sessionOf(sessionId: string): string | undefined {
    return this.sessions.get(sessionId)
  }

  /** Notes where the plaintext credentials of a session's connection are (`conn.credentials`). */
  connection(sessionId: string, path: string): void {
    this.connections.set(sessionId, path)
  }

  /** Where the credentials of a session's connection are, if a recorded step resolved it. */
  connectionOf(sessionId: string): string | undefined {
    return this.connections.get(sessionId)
  }

  /** Notes the step whose result is the buy quote with this signature. */
  quote(signature: string, step: string): void {
    if (!this.quotes.has(signature)) this.quotes.set(signature, step)
  }

  /** The step of the buy quote with this signature, if recorded. */
  quoteOf(signature: string): string | undefined {
    return this.quotes.get(signature)
  }

  /** The path a string is taken from on replay, or undefined to keep it literal. */
  refFor(value: string): string | undefined {
    const key = KEY.exec(value)
    if (key) {
      this.needsFixtures = true
      return `${FIXTURES_STEP}.body.data.keys.${key[1] === 'pk' ? 'publishable' : 'secret'}`
    }
    const claims = peekToken(value)
    if (claims?.kind === 'session' && this.sessions.has(claims.session)) return this.sessions.get(claims.session)
    if ((claims?.kind === 'access' || claims?.kind === 'client') && this.connections.has(claims.session)) {
      return `${this.connections.get(claims.session)}.${claims.kind === 'access' ? 'accessToken' : 'clientToken'}`
    }
    const found = this.byValue.get(value)
    if (found) return found
    const quote = this.quotes.get(quoteSignature(value) ?? '')
    if (quote) return `${quote}.encoded`
    const seeded = this.seeded.get(value)
    if (seeded) {
      this.needsFixtures = true
      return seeded
    }
    if (isIssued(value)) this.unresolved.add(value)
    return undefined
  }

  /** A value with every string that has a source replaced by a reference, deeply. */
  rewrite(value: unknown): unknown {
    if (typeof value === 'string') {
      const path = this.refFor(value)
      return path === undefined ? value : ({ $ref: path } satisfies Ref)
    }
    if (Array.isArray(value)) return value.map((item) => this.rewrite(item))
    if (value === null || typeof value !== 'object') return value
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, this.rewrite(child)]))
  }

  /** A path segment or query value: `{{path}}` when it has a source, else itself, URL-encoded. */
  inline(text: string): string {
    const path = this.refFor(text)
    return path === undefined ? encodeURIComponent(text) : `{{${path}}}`
  }
}

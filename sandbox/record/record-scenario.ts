import type { ApiJournalEntry, FrameJournalEntry, JournalEntry, TenantFixtures } from '#contract/index.ts'
import { WebhookEndpointFamily } from '#contract/index.ts'
import { isEffectPath } from '#portable/frames/effect-results.ts'
import { peekToken } from '#portable/peek-token.ts'
import { FIXTURES_STEP, RecordedValues, type Ref } from './recorded-values.ts'
import { recordedWebhooks, type LoggedDelivery } from './recorded-webhooks.ts'
import { stableBody, stablePayload } from './stable-payload.ts'

/** A step of the harness DSL (harness/scenario.ts `Step`), as plain data: `sandbox/` does not import the harness. */
export type RecordedStep = Record<string, unknown>

/** An expected frame event. */
export interface RecordedEvent {
  kind: string
  payload?: unknown
}

/** A scenario made from a journal: the DSL's `Scenario` as data, and notes on how it was made and what it leaves out. */
export interface RecordedScenario {
  title: string
  tags: string[]
  seed?: number
  mode?: 'test' | 'live'
  steps: RecordedStep[]
  expect: {
    responses: Record<string, { status: number; body?: unknown }>
    channels: Record<string, { mode: 'exact'; events: RecordedEvent[] }>
    /** The webhooks' event types in emission order, when the tenant had deliveries. */
    webhooks?: { mode: 'exact'; events: Array<{ type: string }> }
  }
  notes: string[]
}

/** What a recording knows besides the journal. */
interface RecordOptions {
  title: string
  /** `GET /__sandbox/fixtures` of the recorded tenant (`data`): its seed and mode, its clock, and the seeded ids a flow may use. */
  fixtures?: TenantFixtures
  /** `GET /__sandbox/webhooks/deliveries` of the recorded tenant (`data`, newest first): the webhooks it sent. */
  deliveries?: LoggedDelivery[]
}

/** Events a later step may depend on: the replay waits for them where the recording saw them. */
const WAITED = new Set(['complete', 'challenge', 'quoteExpired', 'cancelled', 'error'])

const ref = (path: string): Ref => ({ $ref: path })

/** Names in order of first use: `quote`, `quote2`, … (results) or `check`, `check-2`, … (channels). */
function namer(separator: string, taken: string[] = []) {
  const used = new Set(taken)
  return (base: string) => {
    let name = base
    for (let n = 2; used.has(name); n++) name = `${base}${separator}${n}`
    used.add(name)
    return name
  }
}

/** A result name for a raw call, from the last path segment that is not an id: `sell_quote` → `sellQuote`. */
function callName(path: string): string {
  const segment =
    path
      .split('/')
      .filter((s) => /^[A-Za-z][A-Za-z_-]*$/.test(s))
      .at(-1) ?? 'call'
  return segment.replace(/[_-]+([a-z])/g, (_, c: string) => c.toUpperCase()).replace(/[^A-Za-z0-9]/g, '') || 'call'
}

interface Channel {
  name: string
  /** Whether the replay waits for this channel's decisive events (not for getConnection's check, which waits itself). */
  waits: boolean
  /** The getConnection result name of a check frame. */
  connection?: string
  /** Event kinds the replay already waits for on this channel before they were journaled (a challenge). */
  awaited: Set<string>
  events: RecordedEvent[]
  skipped?: boolean
}

/**
 * Turns a tenant's journal into a scenario that replays it (docs/decisions/0035): API calls become steps with their
 * request bodies (`server: 'createSession'`, `client: 'getQuote'` …, `control` calls, raw `api` calls otherwise), ids
 * and tokens from earlier results become references (`ref('session.sessionToken')`, `'{{quote.body.data.id}}'`),
 * frames become `open` steps (a check frame that delivered credentials `client: 'getConnection'`, a challenge frame
 * `openChallenge`) on channels named by frame in order (`check`, `buy-button`, `buy-button-2`), customer actions
 * become `customer` steps, `setQuote` a `host` step, and the replay waits (`until`) for the events a later step followed.
 * Expectations: each call's status and, when the recorded clock started at the price epoch, the stable part of its body
 * (`stableBody`); each channel's events in exact order with their stable payload (`stablePayload`). A webhook endpoint
 * registered becomes a `webhooks: 'listen'` step, and the types of the webhooks sent (`options.deliveries`) in
 * emission order are expected (`recordedWebhooks`).
 *
 * @example
 * const recorded = recordScenario(journal, { title: 'card buy with a CVV challenge', fixtures })
 * writeFileSync('scenarios/recorded/cvv.scenario.ts', scenarioSource(recorded))
 */
export function recordScenario(journal: JournalEntry[], options: RecordOptions): RecordedScenario {
  const fixtures = options.fixtures
  const values = new RecordedValues(fixtures)
  const resultName = namer('', [FIXTURES_STEP])
  const channelName = namer('-')
  const steps: RecordedStep[] = []
  const responses: RecordedScenario['expect']['responses'] = {}
  const channels = new Map<string, Channel>()
  const notes: string[] = []
  // Webhook endpoints the journal saw registered: replayed as listen steps at the harness's receiver.
  const endpoints: string[] = []
  // The replay's clock starts at the price epoch: amounts repeat only when the recording's did too.
  const amounts = fixtures !== undefined && fixtures.clock.startedAt === (fixtures.prices as { epoch?: string }).epoch
  const entries = [...journal].sort((a, b) => a.seq - b.seq)
  const frameEntries = entries.flatMap((e) => (e.kind === 'frame' && e.direction === 'out' ? [e] : []))
  // Check frames whose complete carried credentials: replayed as getConnection, whose decrypted credentials later steps use.
  const credentialed = new Set(
    frameEntries.flatMap((e) =>
      e.frame === 'check' && e.event === 'complete' && (e.payload as { credentials?: unknown })?.credentials
        ? [e.channelId]
        : [],
    ),
  )
  // Which channel asked for each challenge, and what its URL carried: looked up in the whole journal, since a page
  // journals by HTTP and the challenge frame's handshake may land before the event that asked for it.
  const challenges = new Map(
    frameEntries.flatMap((e) => {
      if (e.event !== 'challenge') return []
      const params = new URL(String((e.payload as { url?: unknown })?.url ?? ''), 'http://sandbox.invalid').searchParams
      return params.has('challengeToken')
        ? [[params.get('challengeToken')!, { channelId: e.channelId, params }] as const]
        : []
    }),
  )

  const rawCall = (entry: ApiJournalEntry, headers?: Record<string, string>): string => {
    const as = resultName(callName(entry.path))
    const path = entry.path
      .split('/')
      .map((segment) => (segment === '' ? '' : values.inline(decodeURIComponent(segment))))
      .join('/')
    const query = Object.entries(entry.query).flatMap(([name, value]) =>
      (Array.isArray(value) ? value : [value]).map((v) => {
        // The run's own keys: `{pk}` and `{sk}` in an api step's line.
        const text = /^pk_(test|live)_/.test(v) ? '{pk}' : /^sk_(test|live)_/.test(v) ? '{sk}' : values.inline(v)
        return `${encodeURIComponent(name)}=${text}`
      }),
    )
    // A publishable key in the query is the call's authorization: it sent no secret key.
    const keyInQuery = typeof entry.query.apiKey === 'string' && /^pk_/.test(entry.query.apiKey)
    steps.push({
      api: `${entry.method} ${path}${query.length ? `?${query.join('&')}` : ''}`,
      as,
      ...(entry.requestBody === undefined ? {} : { body: values.rewrite(entry.requestBody) }),
      ...(headers ? { headers } : keyInQuery ? { headers: {} } : {}),
    })
    return as
  }

  const expectResponse = (as: string, entry: ApiJournalEntry) => {
    // Status 0 is a dropped connection (a networkError fault): there is no status to expect.
    if (entry.status <= 0) return
    const body = amounts ? stableBody(entry.responseBody) : undefined
    responses[as] = body === undefined ? { status: entry.status } : { status: entry.status, body }
  }

  /** Where a Bearer call's access token comes from: the connection of its session (resolved by the control API when no frame step gave it). */
  const connectionFor = (session: string): string | undefined => {
    const known = values.connectionOf(session)
    if (known) return known
    const token = values.sessionOf(session)
    if (!token) return undefined
    const as = resultName('conn')
    steps.push({ api: 'POST /__sandbox/connections', as, body: { sessionToken: ref(token) } })
    values.connection(session, `${as}.body.data.credentials`)
    notes.push(
      `The credentials of session ${as} came from a frame the recording cannot decrypt: the replay resolves them with POST /__sandbox/connections.`,
    )
    return `${as}.body.data.credentials`
  }

  function api(entry: ApiJournalEntry): void {
    const { method, path, status } = entry
    const body = entry.requestBody as Record<string, unknown> | undefined
    const data = (entry.responseBody as { data?: Record<string, unknown> } | undefined)?.data
    const ok = status >= 200 && status < 300
    if (path === '/__sandbox/reset' && steps.length === 0) return // a replay's account is fresh already
    if (ok && method === 'POST' && path === '/__sandbox/clock/advance')
      return void steps.push({ control: 'advanceClock', by: body?.by })
    if (ok && method === 'POST' && path === '/__sandbox/faults')
      return void steps.push({ control: 'fault', fault: body })
    if (ok && method === 'PUT' && path === '/__sandbox/settings')
      return void steps.push({ control: 'settings', body: values.rewrite(body) })
    if (status === 201 && method === 'POST' && path === '/__sandbox/webhooks/endpoints') {
      const as = resultName('hooks')
      // The family the endpoint got (given, or taken from its events), so the replay's endpoint takes the same envelopes.
      const family = WebhookEndpointFamily.safeParse(data?.family)
      steps.push({
        webhooks: 'listen',
        as,
        ...(family.success ? { family: family.data } : {}),
        ...(body?.events === undefined ? {} : { events: body.events }),
        ...(body?.scheme === undefined ? {} : { scheme: body.scheme }),
      })
      values.produced(as, data)
      if (typeof data?.id === 'string') endpoints.push(data.id)
      return
    }
    if (method === 'POST' && path === '/platform/v1/sessions' && status === 201) {
      const as = resultName('session')
      steps.push({ server: 'createSession', as, body: values.rewrite(body) })
      values.produced(as, data)
      const session = peekToken(String(data?.sessionToken))?.session
      if (session) values.session(session, `${as}.sessionToken`)
      return
    }
    if (ok && method === 'DELETE' && path === '/platform/v1/sessions')
      return void steps.push({ server: 'revokeSession', sessionToken: values.rewrite(body?.sessionToken) })

    let as: string
    if (entry.session !== undefined) {
      const credentials = connectionFor(entry.session)
      if (!credentials)
        notes.push(
          `${method} ${path} used the access token of a session no recorded step created: the replay sends it without one.`,
        )
      const accessToken = credentials ? ref(`${credentials}.accessToken`) : undefined
      if (credentials && method === 'POST' && path === '/platform/v1/quotes/buy') {
        steps.push({ client: 'getQuote', accessToken, body: values.rewrite(body), as: (as = resultName('quote')) })
        if (typeof data?.signature === 'string') values.quote(data.signature, as)
      } else if (
        credentials &&
        method === 'GET' &&
        path === '/platform/v1/payment-methods' &&
        Object.keys(entry.query).length === 0
      ) {
        steps.push({ client: 'getPaymentMethods', accessToken, as: (as = resultName('methods')) })
      } else if (credentials && method === 'GET' && path === '/platform/v1/transactions') {
        const query = Object.entries(entry.query).flatMap(([name, value]) =>
          (Array.isArray(value) ? value : [value]).map((v) => `${encodeURIComponent(name)}=${values.inline(v)}`),
        )
        steps.push({
          client: 'listTransactions',
          accessToken,
          query: query.length ? `?${query.join('&')}` : '',
          as: (as = resultName('transactions')),
        })
      } else as = rawCall(entry, credentials ? { authorization: `Bearer {{${credentials}.accessToken}}` } : {})
    } else as = rawCall(entry)
    expectResponse(as, entry)
    values.produced(`${as}.body`, entry.responseBody)
    // Tokens a raw call obtained: a session (the older POST /platform/v1/session), a connection (the control API).
    const session = typeof data?.sessionToken === 'string' ? peekToken(data.sessionToken)?.session : undefined
    if (session && !values.sessionOf(session)) values.session(session, `${as}.body.data.sessionToken`)
    const connected =
      typeof body?.sessionToken === 'string' && path === '/__sandbox/connections'
        ? peekToken(body.sessionToken)?.session
        : undefined
    if (connected && ok) values.connection(connected, `${as}.body.data.credentials`)
  }

  /** The step that opens a frame, from its handshake's parameters; the channel it records into. */
  function open(entry: FrameJournalEntry): Channel {
    const name = channelName(entry.frame)
    const channel: Channel = { name, waits: true, events: [], awaited: new Set() }
    const params = entry.params
    if (!params) {
      notes.push(`Frame ${entry.frame} (${entry.channelId}) is left out: the journal kept no parameters for it.`)
      return { ...channel, skipped: true }
    }
    if (entry.frame === 'check' && credentialed.has(entry.channelId) && typeof params.sessionToken === 'string') {
      const as = resultName('conn')
      steps.push({ client: 'getConnection', sessionToken: values.rewrite(params.sessionToken), as, channel: name })
      if (entry.session) values.connection(entry.session, `${as}.credentials`)
      return { ...channel, waits: false, connection: as }
    }
    const asked = typeof params.challengeToken === 'string' ? challenges.get(params.challengeToken) : undefined
    const from = asked && channels.get(asked.channelId)
    if (entry.frame === 'challenge' && asked && from && !from.skipped) {
      if (!from.events.some((event) => event.kind === 'challenge')) {
        steps.push({ until: from.name, kind: 'challenge' })
        from.awaited.add('challenge')
      }
      // What the challenge URL carried, the replay takes from the challenge event; the rest the host added.
      const added = Object.fromEntries(Object.entries(params).filter(([key]) => !asked.params.has(key)))
      steps.push({
        openChallenge: name,
        from: from.name,
        ...(Object.keys(added).length ? { params: values.rewrite(added) } : {}),
      })
      return channel
    }
    if (entry.frame === 'challenge') {
      notes.push(
        `Challenge frame ${name} answers no challenge event of a recorded frame: it opens with the recorded challengeToken, which will not be valid on replay.`,
      )
    }
    if (entry.frame === 'widget' && typeof params.signature === 'string') {
      // A signed widget URL is signed again on replay, with the replay's secret key (decision 0069).
      const { signature: _recorded, ...signed } = params
      const as = resultName('signed')
      const rewritten = values.rewrite(signed) as Record<string, unknown>
      steps.push({ server: 'signWidgetUrl', as, params: rewritten })
      steps.push({
        open: entry.frame,
        channel: name,
        params: { ...rewritten, signature: { $ref: `${as}.signature` } satisfies Ref },
      })
      return channel
    }
    steps.push({ open: entry.frame, channel: name, params: values.rewrite(params) })
    return channel
  }

  function frame(entry: FrameJournalEntry): void {
    let channel = channels.get(entry.channelId)
    if (!channel) {
      // A frame whose handshake the journal no longer has (a journal read from the middle) cannot be reopened.
      if (entry.direction !== 'out' || entry.event !== 'handshake') return
      channels.set(entry.channelId, (channel = open(entry)))
    }
    if (channel.skipped) return
    if (entry.direction === 'out') {
      const payload = entry.payload === undefined ? undefined : stablePayload(entry.payload, amounts)
      channel.events.push(payload === undefined ? { kind: entry.event } : { kind: entry.event, payload })
      if (channel.connection && entry.event === 'complete') {
        const { credentials: _encrypted, ...connection } = (entry.payload ?? {}) as Record<string, unknown>
        values.produced(channel.connection, connection)
      }
      if (channel.waits && WAITED.has(entry.event) && !channel.awaited.delete(entry.event))
        steps.push({ until: channel.name, kind: entry.event })
    } else if (entry.direction === 'action') {
      steps.push({
        customer: entry.event,
        channel: channel.name,
        ...(entry.payload === undefined ? {} : { fields: values.rewrite(entry.payload) }),
      })
    } else if (entry.direction === 'in' && entry.event === 'setQuote') {
      const signature = (entry.payload as { quote?: { signature?: unknown } } | undefined)?.quote?.signature
      const quote = typeof signature === 'string' ? values.quoteOf(signature) : undefined
      if (quote) steps.push({ host: 'setQuote', channel: channel.name, quote: ref(`${quote}.quote`) })
      else notes.push(`The setQuote sent to ${channel.name} carried a quote no recorded step asked for: left out.`)
    }
  }

  for (const entry of entries) {
    // A frame's effect calls are journaled as calls (decision 0095), but the frame makes them: its replayed steps do.
    if (entry.kind === 'api' && isEffectPath(entry.path)) continue
    if (entry.kind === 'api') api(entry)
    else if (entry.kind === 'frame') frame(entry)
  }
  const instants = entries.some(
    (e) =>
      e.kind === 'api' &&
      !isEffectPath(e.path) &&
      /"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(JSON.stringify(e.requestBody ?? null)),
  )
  if (!amounts && instants) {
    notes.push(
      'Request bodies carry instants of a clock that did not start at the price epoch; the replay’s clock does, so they may read as future (record against `ramp-sandbox serve --frozen-clock`).',
    )
  }
  const webhooks = recordedWebhooks(options.deliveries ?? [], endpoints)
  if (webhooks.listenFirst) {
    steps.unshift({ webhooks: 'listen', as: resultName('hooks'), family: 'both' })
    notes.push(
      'The tenant sent webhooks to endpoints registered before its journal starts: the replay listens with one endpoint for every event type of both families.',
    )
  }
  if (values.needsFixtures) steps.unshift({ api: 'GET /__sandbox/fixtures', as: FIXTURES_STEP })
  if (!amounts) {
    const why = fixtures
      ? 'the recorded clock did not start at the price epoch'
      : 'the recording did not know where its clock started'
    notes.push(
      `Amounts and response bodies are not expected: ${why} (record against \`ramp-sandbox serve --frozen-clock\` to keep them).`,
    )
  }
  if (values.unresolved.size > 0) {
    notes.push(
      `These ids came from no recorded result and stay literal, so they may differ on replay: ${[...values.unresolved].join(', ')}.`,
    )
  }
  const recorded = [...channels.values()].filter((channel) => !channel.skipped)
  return {
    title: options.title,
    tags: ['recorded'],
    ...(fixtures ? { seed: fixtures.tenant.seed } : {}),
    ...(fixtures?.tenant.mode === 'live' ? { mode: 'live' as const } : {}),
    steps,
    expect: {
      responses,
      channels: Object.fromEntries(
        recorded.map((channel) => [channel.name, { mode: 'exact' as const, events: channel.events }]),
      ),
      ...(webhooks.events.length > 0 ? { webhooks: { mode: 'exact' as const, events: webhooks.events } } : {}),
    },
    notes,
  }
}

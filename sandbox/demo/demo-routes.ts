import { z } from 'zod'
import type { PlainRequest, PlainResponse } from '#http/plain-http.ts'
import type { SandboxCore } from '#http/sandbox-core.ts'
import type { TenantFixtures } from '#contract/index.ts'
import { recordScenario } from '#record/record-scenario.ts'
import { scenarioSource } from '#record/scenario-source.ts'
import { browserBundle } from '#bundles/browser-bundle.ts'
import { bundleReply } from '#http/bundle-reply.ts'
import { demoPageHtml } from './demo-page-html.ts'
import { isResponse, json, parseBody, text, validated } from './demo-http.ts'
import { DEMO_WEBHOOK_PATH, demoWebhooks } from './demo-webhooks.ts'
import { DEMO_UPSTREAM_HEADER } from '#portable/demo/demo-upstream-header.ts'
import { frameActionsRoute, journalSince } from './demo-journal.ts'
import { sellSwapRoutes } from './demo-sell-swap-routes.ts'

/** The demo partner's account: keys `pk_{mode}_demo` and `sk_{mode}_demo`. */
const DEMO_ACCOUNT = 'demo'

const Mode = z.enum(['test', 'live']).default('test')

/** Body of `POST /demo/api/session`: the customer the partner's server opens a session for. */
const DemoSessionBody = z.strictObject({
  mode: Mode,
  email: z.string().min(1, 'email is required').max(200),
  phoneNumber: z.string().min(1, 'phoneNumber is required').max(40),
  termsAcceptedAt: z.iso.datetime().optional(),
})

/** Body of `POST /demo/api/control/clock/advance`. */
const AdvanceBody = z.strictObject({
  mode: Mode,
  by: z.string().regex(/^\d+(ms|s|m|h|d)(\d+(ms|s|m|h|d))*$/, 'by is a duration such as 30s, 5m or 1h30m'),
})
/** Body of `POST /demo/api/control/faults`: a fault on the next buy quotes. */
const FaultBody = z.strictObject({
  mode: Mode,
  status: z.number().int().min(400).max(599).default(503),
  times: z.number().int().min(1).max(10).default(1),
})
/** A body (reset) or query (the webhook route: for which key a delivery is) with the mode alone. */
const ModeOnly = z.strictObject({ mode: Mode })
/** Query of `GET /demo/api/webhooks`: the key, and the last `seq` the page has seen. */
const WebhooksSinceQuery = z.strictObject({
  mode: Mode,
  after: z
    .string()
    .regex(/^\d{1,15}$/, 'after is a whole number (a seq)')
    .transform(Number)
    .default(0),
})

/** Query of `GET /demo/api/record`: the key, and the journal seq the page's log starts after (its last Clear). */
const RecordQuery = z.strictObject({
  mode: Mode,
  since: z
    .string()
    .regex(/^\d{1,15}$/, 'since is a whole number (a journal seq)')
    .transform(Number)
    .default(0),
})

/** Where the demo lives: `/demo` and the paths under it. The adapter sends only these here. */
export const DEMO_PATH = '/demo'

/**
 * The demo's partner server: the page, its script, and a small API that uses
 * the demo tenant's secret key server-side (sessions, control calls, recording),
 * so that key never reaches the browser. The adapter sends it the paths under {@link DEMO_PATH}; a demo path it has
 * no route for is a 404.
 *
 * @example
 * const demo = demoRoutes(core, origins)
 * const response = request.path.startsWith(DEMO_PATH) ? demo(request) : core.handle(request)
 */
export function demoRoutes(core: SandboxCore, origins: { api: string; frames: string }) {
  const call = async (
    mode: 'test' | 'live',
    method: string,
    path: string,
    body?: unknown,
    query: Record<string, string> = {},
  ) => {
    const response = await core.handle({
      method,
      path,
      query,
      headers: {
        'x-api-key': `sk_${mode}_${DEMO_ACCOUNT}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return response.kind === 'reply'
      ? response
      : {
          kind: 'reply' as const,
          status: 502,
          headers: {},
          body: { code: 'network_error', message: 'an injected network error' },
        }
  }
  const forward = (reply: { status: number; body?: unknown }) => json(reply.status, reply.body ?? null)
  const modeOf = (request: PlainRequest) => (request.query.mode === 'live' ? 'live' : 'test')
  const webhooks = demoWebhooks(call, origins)
  // Registered before a flow and after a reset, so a buy's webhooks find the endpoint; a failure never blocks the flow.
  const ensureWebhooks = (mode: 'test' | 'live') => webhooks.ensure(mode).catch(() => undefined)

  type DemoRoute = (request: PlainRequest) => Promise<PlainResponse> | PlainResponse
  // A Map: the key is built from the request line, and a plain object would also answer names it only inherits.
  const routes = new Map<string, DemoRoute>(
    Object.entries({
      'GET /demo': () =>
        text(
          'text/html; charset=utf-8',
          demoPageHtml({
            apiOrigin: origins.api,
            framesOrigin: origins.frames,
            account: DEMO_ACCOUNT,
            seed: core.seed,
          }),
        ),
      'GET /demo/app.js': async (request) => bundleReply(request, await browserBundle('demo-page/demo-app.ts')),
      'POST /demo/api/session': async (request) => {
        const body = parseBody(DemoSessionBody, request)
        if (isResponse(body)) return body
        const { mode, ...customer } = body
        await ensureWebhooks(mode)
        const reply = await call(mode, 'POST', '/platform/v1/sessions', {
          externalCustomerId: `demo-${customer.email}`,
          deviceIp: '203.0.113.7',
          ...customer,
        })
        // The status and body stay the platform's; the header names the server's own secret-key call, for the page's log.
        return {
          kind: 'reply',
          status: reply.status,
          headers: { 'cache-control': 'no-store', [DEMO_UPSTREAM_HEADER]: 'POST /platform/v1/sessions' },
          body: reply.body ?? null,
        }
      },
      'GET /demo/api/control/fixtures': async (request) => {
        const reply = await call(modeOf(request), 'GET', '/__sandbox/fixtures')
        const data = (reply.body as { data?: Record<string, unknown> } | undefined)?.data
        if (reply.status !== 200 || !data) return forward(reply)
        // The fixtures list the secret key: the browser gets only the publishable one.
        return json(200, {
          data: { ...data, keys: { publishable: (data.keys as { publishable: string }).publishable } },
        })
      },
      'POST /demo/api/control/clock/advance': async (request) => {
        const body = parseBody(AdvanceBody, request)
        return isResponse(body)
          ? body
          : forward(await call(body.mode, 'POST', '/__sandbox/clock/advance', { by: body.by }))
      },
      'POST /demo/api/control/faults': async (request) => {
        const body = parseBody(FaultBody, request)
        return isResponse(body)
          ? body
          : forward(
              await call(body.mode, 'POST', '/__sandbox/faults', {
                method: 'POST',
                path: '/platform/v1/quotes/buy',
                times: body.times,
                status: body.status,
              }),
            )
      },
      'POST /demo/api/control/reset': async (request) => {
        const body = parseBody(ModeOnly, request)
        if (isResponse(body)) return body
        const reply = await call(body.mode, 'POST', '/__sandbox/reset')
        await ensureWebhooks(body.mode)
        return forward(reply)
      },
      [`POST ${DEMO_WEBHOOK_PATH}`]: async (request) => {
        const query = validated(ModeOnly, request.query, '(query)')
        if (isResponse(query)) return query
        const webhook = await webhooks.receive(query.mode, request.body, request.headers)
        return webhook.verified
          ? json(200, { received: webhook.event.id })
          : json(400, { code: 'invalid_signature', message: webhook.error.message })
      },
      [`GET ${DEMO_WEBHOOK_PATH}`]: async (request) => {
        const query = validated(WebhooksSinceQuery, request.query, '(query)')
        if (isResponse(query)) return query
        const endpoint = await webhooks.ensure(query.mode).then(
          ({ id }) => ({ id }),
          (error: Error) => ({ error: error.message }),
        )
        return json(200, { data: { endpoint, ...webhooks.since(query.mode, query.after) } })
      },
      'GET /demo/api/frame-actions': frameActionsRoute(call),
      'GET /demo/api/control/settings': async (request) =>
        forward(await call(modeOf(request), 'GET', '/__sandbox/settings')),
      'GET /demo/api/control/journal-head': async (request) => {
        const query = validated(ModeOnly, request.query, '(query)')
        if (isResponse(query)) return query
        const entries = await journalSince(call, query.mode, 0)
        return Array.isArray(entries) ? json(200, { data: { seq: entries.at(-1)?.seq ?? 0 } }) : forward(entries)
      },
      'GET /demo/api/record': async (request) => {
        const query = validated(RecordQuery, request.query, '(query)')
        if (isResponse(query)) return query
        const entries = await journalSince(call, query.mode, query.since)
        if (!Array.isArray(entries)) return forward(entries)
        // The demo's own webhook endpoint is its server's plumbing, not a step of the flow recorded.
        const journal = entries.filter(
          (entry) => !(entry.kind === 'api' && entry.path.startsWith('/__sandbox/webhooks/')),
        )
        const fixtures = await call(query.mode, 'GET', '/__sandbox/fixtures')
        if (fixtures.status !== 200) return forward(fixtures)
        const recorded = recordScenario(journal, {
          title: 'recorded in the demo',
          fixtures: (fixtures.body as { data: TenantFixtures }).data,
        })
        return text('text/plain; charset=utf-8', scenarioSource(recorded))
      },
      ...sellSwapRoutes(core, DEMO_ACCOUNT, call),
    } satisfies Record<string, DemoRoute>),
  )

  return (request: PlainRequest): Promise<PlainResponse> | PlainResponse => {
    const route = routes.get(`${request.method} ${request.path}`)
    return route
      ? route(request)
      : json(404, { code: 'not_found', message: `no demo route ${request.method} ${request.path}` })
  }
}

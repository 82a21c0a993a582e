import { z } from 'zod'
import { headerValue, type PlainRequest, type PlainResponse } from '#http/plain-http.ts'
import type { SandboxCore } from '#http/sandbox-core.ts'
import { ExecuteSwapRequest, RejectRequoteRequest } from '#contract/index.ts'
import { DEMO_UPSTREAM_HEADER } from '#portable/demo/demo-upstream-header.ts'
import { isResponse, parseBody, validated } from './demo-http.ts'

/** The demo tenant's modes: `pk_{mode}_{account}` and `sk_{mode}_{account}`. */
type DemoMode = 'test' | 'live'

/** A call of the demo's partner server to the sandbox with the mode's secret key (`demoRoutes`' own). */
type SecretCall = (mode: DemoMode, method: string, path: string, body?: unknown) => Promise<ReplyOf>

type ReplyOf = { status: number; body?: unknown }

/** A route of the demo's partner server. */
type DemoRoute = (request: PlainRequest) => Promise<PlainResponse> | PlainResponse

const Mode = z.enum(['test', 'live']).default('test')
/** An id of the sandbox (`sell_…`, `swp_…`): a path segment, so letters, digits, `_` and `-` only. */
const Id = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,80}$/, 'id is a transaction id: letters, digits, _ and -, at most 80 characters')

/** Query of `GET /demo/api/sell` and `GET /demo/api/swap/transaction|requote`: the key and the transaction. */
const ReadQuery = z.strictObject({ mode: Mode, id: Id })
/** Query of `GET /demo/api/swap/quote`: the pair (`usdc-eth`) and how much of its base currency. */
const SwapQuoteQuery = z.strictObject({
  mode: Mode,
  pair: z.string().regex(/^[a-z0-9]{1,16}-[a-z0-9]{1,16}$/, 'pair is <base>-<quote>, such as usdc-eth'),
  baseCurrencyAmount: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,18})?$/, 'baseCurrencyAmount is a positive decimal, such as 100 or 0.5'),
})
/** Body of `POST /demo/api/control/deposit`: the customer's deposit to a sell or a swap (the sandbox plays the chain). */
const DepositBody = z.strictObject({
  mode: Mode,
  transaction: z.enum(['sell', 'swap'], 'transaction is sell or swap'),
  id: Id,
  amount: z.number('amount is a number').positive('amount must be positive').max(1e12, 'amount is at most 1e12'),
})
/** Body of `POST /demo/api/swap/execute`: `POST /v4/swap/execute_quote`'s, and the key. */
const ExecuteBody = ExecuteSwapRequest.extend({ mode: Mode })
/** Body of `POST /demo/api/swap/reject-requote`: `POST /v4/swap/reject_requote`'s, and the key. */
const RejectBody = RejectRequoteRequest.extend({ mode: Mode })
/** The customer's access token as the page sends it (the check frame's credentials), passed on as it came. */
const Bearer = z
  .string('authorization is required: Bearer and the customer’s access token')
  .regex(/^Bearer [A-Za-z0-9._~+/=-]{1,2048}$/, 'authorization is Bearer and the customer’s access token')

/**
 * The demo partner server's routes of the off-ramp and the swaps (issue 42): reading a sell the widget frame made,
 * the customer's deposit to a sell or a swap (a control call, secret key), and the Swaps group's calls (publishable key
 * in `apiKey`, the customer's access token as `Authorization: Bearer`, which the page sends with the call). Each answer
 * is the sandbox's, status and body, with {@link DEMO_UPSTREAM_HEADER} naming the server's own call for the page's log.
 *
 * @example
 * const routes = new Map(Object.entries({ ...sellSwapRoutes(core, 'demo', call) }))
 * await routes.get('GET /demo/api/swap/quote')!(request) // the sandbox's quote, and x-demo-upstream-call: GET /v4/swap/usdc-eth/quote
 */
export function sellSwapRoutes(core: SandboxCore, account: string, secret: SecretCall): Record<string, DemoRoute> {
  /** A widget-API call with the mode's publishable key, and the customer's token when given. */
  const widget = async (
    mode: DemoMode,
    method: string,
    path: string,
    options: { query?: Record<string, string>; body?: unknown; authorization?: string } = {},
  ): Promise<ReplyOf> => {
    const response = await core.handle({
      method,
      path,
      query: { ...options.query, apiKey: `pk_${mode}_${account}` },
      headers: {
        ...(options.authorization ? { authorization: options.authorization } : {}),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    })
    return response.kind === 'reply'
      ? response
      : { status: 502, body: { code: 'network_error', message: 'an injected network error' } }
  }
  /** The sandbox's answer as it came, with the server's own call named (its path, no key) for the page. */
  const upstream = (call: string, reply: ReplyOf): PlainResponse => ({
    kind: 'reply',
    status: reply.status,
    headers: { 'cache-control': 'no-store', [DEMO_UPSTREAM_HEADER]: call },
    body: reply.body ?? null,
  })
  const bearerOf = (request: PlainRequest) => validated(Bearer, headerValue(request, 'authorization'), 'authorization')
  /** A route reading one swap (`GET /v4/swap/transaction/{id}{suffix}`) with the customer's token. */
  const swapRead =
    (suffix: string): DemoRoute =>
    async (request) => {
      const query = validated(ReadQuery, request.query, '(query)')
      if (isResponse(query)) return query
      const authorization = bearerOf(request)
      if (isResponse(authorization)) return authorization
      const path = `/v4/swap/transaction/${query.id}${suffix}`
      return upstream(`GET ${path}`, await widget(query.mode, 'GET', path, { authorization }))
    }
  /** A route posting the page's body (less its mode) to `path` with the customer's token. */
  const swapPost =
    <Body extends { mode: DemoMode }>(schema: z.ZodType<Body>, path: string): DemoRoute =>
    async (request) => {
      const parsed = parseBody(schema, request)
      if (isResponse(parsed)) return parsed
      const authorization = bearerOf(request)
      if (isResponse(authorization)) return authorization
      const { mode, ...body } = parsed
      return upstream(`POST ${path}`, await widget(mode, 'POST', path, { body, authorization }))
    }

  return {
    'GET /demo/api/sell': async (request) => {
      const query = validated(ReadQuery, request.query, '(query)')
      if (isResponse(query)) return query
      const path = `/v3/sell_transactions/${query.id}`
      return upstream(`GET ${path}`, await widget(query.mode, 'GET', path))
    },
    'POST /demo/api/control/deposit': async (request) => {
      const body = parseBody(DepositBody, request)
      if (isResponse(body)) return body
      const path =
        body.transaction === 'sell'
          ? `/__sandbox/sell_transactions/${body.id}/deposit`
          : `/__sandbox/swaps/${body.id}/deposit`
      return upstream(`POST ${path}`, await secret(body.mode, 'POST', path, { amount: body.amount }))
    },
    'GET /demo/api/swap/quote': async (request) => {
      const query = validated(SwapQuoteQuery, request.query, '(query)')
      if (isResponse(query)) return query
      const authorization = bearerOf(request)
      if (isResponse(authorization)) return authorization
      const path = `/v4/swap/${query.pair}/quote`
      const reply = await widget(query.mode, 'GET', path, {
        query: { baseCurrencyAmount: query.baseCurrencyAmount },
        authorization,
      })
      return upstream(`GET ${path}`, reply)
    },
    'POST /demo/api/swap/execute': swapPost(ExecuteBody, '/v4/swap/execute_quote'),
    'GET /demo/api/swap/transaction': swapRead(''),
    'GET /demo/api/swap/requote': swapRead('/requote'),
    'POST /demo/api/swap/reject-requote': swapPost(RejectBody, '/v4/swap/reject_requote'),
  }
}

import {
  ExecuteSwapRequest,
  RejectRequoteRequest,
  RejectRequoteResult,
  SwapExecution,
  SwapPairList,
  SwapQuote,
  SwapQuoteQuery,
  SwapTransaction,
  WidgetError,
} from '#contract/index.ts'
import { swapPairs } from '#domain/swap-pairs.ts'
import { quoteSwap } from '#domain/swap-quote.ts'
import { rejectRequote, requoteSwap } from '#domain/swap-requotes.ts'
import { customerSwap, executeSwap, swapView } from '#domain/swaps.ts'
import { parseJsonBody, parseQuery } from '../parse-input.ts'
import { reply } from '../plain-http.ts'
import type { Route, TenantRoute } from '../route.ts'
import { swapCustomer } from './swap-customer.ts'
import { badRequest, unauthorized } from './widget-responses.ts'

const bearer = {
  description:
    'apiKey missing or not a publishable key, or the Bearer access token missing, invalid or of an ended session',
  schema: WidgetError,
}
const anonymous = { description: 'The access token names no customer (anonymous credentials)', schema: WidgetError }
const notFound = {
  description: "No such swap of this customer (another customer's swaps are not found either)",
  schema: WidgetError,
}
const notRequoting = { description: 'The swap is not in reQuoteRequired', schema: WidgetError }

/** A route of the Swaps group: the widget family, the publishable key (the customer's token, where `bearer` says, read by the handler). */
function swap(route: Omit<TenantRoute, 'family' | 'tag' | 'auth'>): TenantRoute {
  return { ...route, family: 'widget', tag: 'Swaps', auth: 'publishable-query' }
}

/**
 * Routes of the widget API's Swaps group (decision 0068): `apiKey` query auth, the customer's access token as
 * `Authorization: Bearer`, errors `{message, type}`.
 *
 * @example
 * send(core, 'GET /v4/swap/eth-usdc/quote?apiKey=pk_test_sandbox&baseCurrencyAmount=0.5') // 200, a signed quote
 */
export const swapRoutes: Route[] = [
  swap({
    method: 'GET',
    path: '/v4/swap/pairs',
    operationId: 'getSwapPairs',
    summary: 'List the swap pairs: limits in base and quote units, whether suspended',
    responses: { 200: { description: 'The swap pairs', schema: SwapPairList }, 401: unauthorized },
    handle: ({ tenant }) =>
      reply(
        200,
        swapPairs(tenant).map(({ pair }) => pair),
      ),
  }),
  swap({
    method: 'GET',
    path: '/v4/swap/transaction/:transactionId',
    operationId: 'getSwapTransaction',
    bearer: 'required',
    summary: "Get one of the token's customer's swaps: status, wallets, hashes, failure reason",
    responses: {
      200: { description: 'The swap', schema: SwapTransaction },
      401: bearer,
      403: anonymous,
      404: notFound,
    },
    async handle({ tenant, params, claims }) {
      const store = await tenant.store()
      return reply(200, swapView(tenant, customerSwap(store, swapCustomer(claims), params.transactionId!)))
    },
  }),
  swap({
    method: 'GET',
    path: '/v4/swap/transaction/:transactionId/requote',
    operationId: 'getSwapRequote',
    bearer: 'required',
    summary: 'Get a new quote for what a swap in reQuoteRequired received; execute it to accept, or reject it',
    responses: {
      200: { description: 'The requote', schema: SwapQuote },
      401: bearer,
      403: anonymous,
      404: notFound,
      409: notRequoting,
    },
    async handle({ tenant, params, claims }) {
      const store = await tenant.store()
      return reply(200, requoteSwap(tenant, store, swapCustomer(claims), params.transactionId!))
    },
  }),
  swap({
    method: 'GET',
    path: '/v4/swap/:pair/quote',
    operationId: 'getSwapQuote',
    bearer: 'optional',
    summary: 'Get a signed swap quote for a pair (pairName, e.g. eth-usdc); with a Bearer token, bound to its customer',
    query: SwapQuoteQuery,
    responses: {
      200: { description: 'A swap quote', schema: SwapQuote },
      400: badRequest,
      401: bearer,
      403: anonymous,
      404: { description: 'No such swap pair', schema: WidgetError },
    },
    async handle({ tenant, request, params, claims }) {
      const { baseCurrencyAmount } = parseQuery(SwapQuoteQuery, request.query)
      const store = await tenant.store()
      const customer = swapCustomer(claims, true)
      return reply(200, quoteSwap(tenant, store, params.pair!, baseCurrencyAmount, { customer, swap: null }))
    },
  }),
  swap({
    method: 'POST',
    path: '/v4/swap/execute_quote',
    operationId: 'executeSwapQuote',
    bearer: 'required',
    summary:
      "Execute a swap quote (or accept a requote) for the token's customer, with the wallets to pay out to and refund to",
    body: ExecuteSwapRequest,
    responses: {
      200: { description: 'The swap', schema: SwapExecution },
      400: {
        description:
          'The body breaks a rule, or the quote was altered, expired, already executed or made for another customer (invalidQuote); the message names the field',
        schema: WidgetError,
      },
      401: bearer,
      403: anonymous,
      404: notFound,
      409: notRequoting,
    },
    async handle({ tenant, request, claims }) {
      const body = parseJsonBody(ExecuteSwapRequest, request.body)
      const store = await tenant.store()
      return reply(200, await executeSwap(tenant, store, swapCustomer(claims), body))
    },
  }),
  swap({
    method: 'POST',
    path: '/v4/swap/reject_requote',
    operationId: 'rejectSwapRequote',
    bearer: 'required',
    summary: 'Reject a requote: the swap fails with depositAmountIncorrect, its deposit refunded to the wallet given',
    body: RejectRequoteRequest,
    responses: {
      200: { description: 'Rejected', schema: RejectRequoteResult },
      400: {
        description:
          'The body breaks a rule, or the signature is no valid requote (invalidQuote); the message names the field',
        schema: WidgetError,
      },
      401: bearer,
      403: anonymous,
      404: notFound,
      409: notRequoting,
    },
    async handle({ tenant, request, claims }) {
      const body = parseJsonBody(RejectRequoteRequest, request.body)
      const store = await tenant.store()
      return reply(200, await rejectRequote(tenant, store, swapCustomer(claims), body))
    },
  }),
]

import {
  CreateSellTransactionRequest,
  FailSellTransactionRequest,
  PlatformError,
  RequoteSellTransactionRequest,
  SellDepositRequest,
  SellTransaction,
  dataOf,
} from '#contract/index.ts'
import { completeSellNow, createSellFromControl, depositFromControl } from '#domain/sell-controls.ts'
import { failSellNow } from '#domain/sell-lifecycle.ts'
import { requoteSell } from '#domain/sell-requote.ts'
import { parseJsonBody } from '../parse-input.ts'
import { reply } from '../plain-http.ts'
import type { Route } from '../route.ts'
import { control } from './control-routes.ts'

const sell = {
  description: 'The sell transaction as GET /v3/sell_transactions/{id} shows it',
  schema: dataOf(SellTransaction),
}
const invalid = { description: 'The body breaks a rule; errors name the fields', schema: PlatformError }
const unknown = { description: 'No such sell transaction (or customer) in this account', schema: PlatformError }
const conflict = { description: 'The sell is not in a state that allows this', schema: PlatformError }

/** Control-API shortcuts for sells (decisions 0067, 0088): create one, record its deposit, requote, complete or fail it now. */
export const sellControlRoutes: Route[] = [
  control({
    method: 'POST',
    path: '/__sandbox/sell_transactions',
    operationId: 'createSellTransaction',
    summary:
      'Start a sell as a sell quote prices it, waitingForDeposit, for customerId (default: the seeded active.us-ny customer)',
    body: CreateSellTransactionRequest,
    responses: { 201: sell, 400: invalid, 404: unknown },
    handle: async ({ tenant, request }) =>
      reply(201, {
        data: await createSellFromControl(tenant, parseJsonBody(CreateSellTransactionRequest, request.body)),
      }),
  }),
  control({
    method: 'POST',
    path: '/__sandbox/sell_transactions/:sellTransactionId/deposit',
    operationId: 'depositSellTransaction',
    summary:
      "The customer's crypto deposit arrives: the exact amount makes the sell pending (then completed on the clock), any other fails it (refund)",
    body: SellDepositRequest,
    responses: { 200: sell, 400: invalid, 404: unknown, 409: conflict },
    handle: async ({ tenant, params, request }) =>
      reply(200, {
        data: await depositFromControl(
          tenant,
          params.sellTransactionId!,
          parseJsonBody(SellDepositRequest, request.body),
        ),
      }),
  }),
  control({
    method: 'POST',
    path: '/__sandbox/sell_transactions/:sellTransactionId/complete',
    operationId: 'completeSellTransaction',
    summary:
      'Pass every remaining stage of a pending sell (or accept a requote) now, each with its webhook, and complete it',
    responses: { 200: sell, 404: unknown, 409: conflict },
    handle: async ({ tenant, params }) =>
      reply(200, { data: await completeSellNow(tenant, params.sellTransactionId!) }),
  }),
  control({
    method: 'POST',
    path: '/__sandbox/sell_transactions/:sellTransactionId/requote',
    operationId: 'requoteSellTransaction',
    summary:
      'A pending sell needs a requote: requoteRequired at quoteCurrencyAmount (default 1 % less), with sell_transaction_requote_required; complete accepts it, fail refuses it',
    body: RequoteSellTransactionRequest,
    responses: { 200: sell, 400: invalid, 404: unknown, 409: conflict },
    handle: async ({ tenant, params, request }) =>
      reply(200, {
        data: await requoteSell(
          tenant,
          params.sellTransactionId!,
          parseJsonBody(RequoteSellTransactionRequest, request.body),
        ),
      }),
  }),
  control({
    method: 'POST',
    path: '/__sandbox/sell_transactions/:sellTransactionId/fail',
    operationId: 'failSellTransaction',
    summary:
      'Fail a sell that is waiting for its deposit or pending now, at the stage in progress, with failureReason (default error)',
    body: FailSellTransactionRequest,
    responses: { 200: sell, 400: invalid, 404: unknown, 409: conflict },
    handle: async ({ tenant, params, request }) => {
      const { failureReason } = parseJsonBody(FailSellTransactionRequest, request.body)
      return reply(200, {
        data: await failSellNow(tenant, await tenant.store(), params.sellTransactionId!, failureReason),
      })
    },
  }),
]

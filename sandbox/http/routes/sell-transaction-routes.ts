import { SellTransaction, SellTransactionList, WidgetTransactionListQuery, WidgetError } from '#contract/index.ts'
import { listSellTransactions, sellTransactionsByExternalId } from '#domain/list-sell-transactions.ts'
import { cancelSellTransaction, cancelSellTransactionsByExternalId } from '#domain/sell-cancel.ts'
import { getSellTransaction } from '#domain/sell-transactions.ts'
import { parseQuery } from '../parse-input.ts'
import { reply } from '../plain-http.ts'
import type { Route, TenantRoute } from '../route.ts'
import { badRequest, unauthorized } from './widget-responses.ts'

const secretUnauthorized = {
  description: 'Secret key missing or malformed (Authorization: Api-Key sk_… or X-Api-Key), or a publishable key',
  schema: WidgetError,
}
const notFound = { description: 'No such sell transaction in this account', schema: WidgetError }
const cannotCancel = {
  description: 'The sell can no longer be cancelled: its deposit arrived, or it completed or failed',
  schema: WidgetError,
}

/** A route of the Off-ramp group (widget family, errors `{message, type}`). */
const offRamp = (route: Omit<TenantRoute, 'family' | 'tag'>): TenantRoute => ({
  ...route,
  family: 'widget',
  tag: 'Off-ramp',
})

/**
 * Routes of the widget API's sell transactions (decision 0067): read with the publishable key, list and cancel with
 * the secret key.
 *
 * @example
 * send(core, 'GET /v3/sell_transactions/sell_…?apiKey=pk_test_sandbox') // 200, the sell
 */
export const sellTransactionRoutes: Route[] = [
  offRamp({
    method: 'GET',
    path: '/v3/sell_transactions/ext/:externalTransactionId',
    operationId: 'getSellTransactionsByExternalId',
    auth: 'publishable-query',
    summary: 'Get the sell transactions with an external transaction id (an array: external ids need not be unique)',
    responses: {
      200: { description: 'The sells with that external id, oldest first; [] when none', schema: SellTransactionList },
      401: unauthorized,
    },
    handle: async ({ tenant, params }) =>
      reply(200, sellTransactionsByExternalId(tenant, await tenant.store(), params.externalTransactionId!)),
  }),
  offRamp({
    method: 'GET',
    path: '/v3/sell_transactions/:sellTransactionId',
    operationId: 'getSellTransaction',
    auth: 'publishable-query',
    summary: 'Get a sell transaction',
    responses: {
      200: { description: 'The sell transaction', schema: SellTransaction },
      401: unauthorized,
      404: notFound,
    },
    handle: async ({ tenant, params }) =>
      reply(200, getSellTransaction(tenant, await tenant.store(), params.sellTransactionId!)),
  }),
  offRamp({
    method: 'GET',
    path: '/v3/sell_transactions',
    operationId: 'listSellTransactions',
    auth: 'secret-header',
    summary:
      'List sell transactions, newest first: by customerId, externalCustomerId, externalTransactionId, startDate/endDate; limit 1–50 (default 10), offset',
    query: WidgetTransactionListQuery,
    responses: {
      200: { description: 'One page of sells, newest first', schema: SellTransactionList },
      400: badRequest,
      401: secretUnauthorized,
    },
    handle: async ({ tenant, request }) =>
      reply(
        200,
        listSellTransactions(tenant, await tenant.store(), parseQuery(WidgetTransactionListQuery, request.query)),
      ),
  }),
  offRamp({
    method: 'DELETE',
    path: '/v3/sell_transactions/ext/:externalTransactionId',
    operationId: 'cancelSellTransactionsByExternalId',
    auth: 'secret-header',
    summary: 'Cancel the sells with an external transaction id that still wait for their deposit',
    responses: {
      204: { description: 'Cancelled: every sell with that id that was waiting for its deposit' },
      401: secretUnauthorized,
      404: notFound,
      409: cannotCancel,
    },
    handle: async ({ tenant, params }) => {
      await cancelSellTransactionsByExternalId(tenant, await tenant.store(), params.externalTransactionId!)
      return reply(204)
    },
  }),
  offRamp({
    method: 'DELETE',
    path: '/v3/sell_transactions/:sellTransactionId',
    operationId: 'cancelSellTransaction',
    auth: 'secret-header',
    summary: 'Cancel a sell transaction still waiting for its deposit',
    responses: {
      204: { description: 'Cancelled: failed, failureReason cancelled' },
      401: secretUnauthorized,
      404: notFound,
      409: cannotCancel,
    },
    handle: async ({ tenant, params }) => {
      await cancelSellTransaction(tenant, await tenant.store(), params.sellTransactionId!)
      return reply(204)
    },
  }),
]

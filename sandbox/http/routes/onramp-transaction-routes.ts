import { WidgetError, WidgetTransaction, WidgetTransactionList, WidgetTransactionListQuery } from '#contract/index.ts'
import {
  listWidgetTransactions,
  widgetTransaction,
  widgetTransactionsByExternalId,
} from '#domain/widget-transactions.ts'
import { parseQuery } from '../parse-input.ts'
import { reply } from '../plain-http.ts'
import type { Route } from '../route.ts'
import { badRequest, unauthorized } from './widget-responses.ts'

/**
 * Transaction routes of the widget API's On-ramp group: the account's buy transactions, the same records the
 * platform API and the frames create, in the widget's shape (decision 0066). `ext/{id}` has two path segments, so
 * `{id}` (one) never matches it.
 *
 * @example
 * send(core, 'GET /v1/transactions/txn_…?apiKey=pk_test_sandbox') // 200, the transaction
 */
export const onrampTransactionRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/transactions/ext/:externalTransactionId',
    family: 'widget',
    operationId: 'getBuyTransactionsByExternalId',
    tag: 'On-ramp',
    auth: 'publishable-query',
    summary: 'Get the buy transactions with an external transaction id (external ids need not be unique)',
    responses: {
      200: {
        description: 'Every buy transaction of the account with that external id, newest first; [] when none',
        schema: WidgetTransactionList,
      },
      401: unauthorized,
    },
    handle: async ({ tenant, params }) =>
      reply(200, widgetTransactionsByExternalId(tenant, await tenant.store(), params.externalTransactionId!)),
  },
  {
    method: 'GET',
    path: '/v1/transactions/:transactionId',
    family: 'widget',
    operationId: 'getBuyTransaction',
    tag: 'On-ramp',
    auth: 'publishable-query',
    summary: 'Get a buy transaction',
    responses: {
      200: { description: 'The buy transaction', schema: WidgetTransaction },
      401: unauthorized,
      404: { description: 'No transaction of this account has that id', schema: WidgetError },
    },
    handle: async ({ tenant, params }) =>
      reply(200, widgetTransaction(tenant, await tenant.store(), params.transactionId!)),
  },
  {
    method: 'GET',
    path: '/v1/transactions',
    family: 'widget',
    operationId: 'listBuyTransactions',
    tag: 'On-ramp',
    auth: 'secret-header',
    summary: "List the account's buy transactions, newest first",
    query: WidgetTransactionListQuery,
    responses: {
      200: {
        description: 'A page of buy transactions matching every filter, newest first',
        schema: WidgetTransactionList,
      },
      400: badRequest,
      401: {
        description: 'Secret key missing or malformed (Authorization: Api-Key sk_… or X-Api-Key)',
        schema: WidgetError,
      },
    },
    handle: async ({ tenant, request }) =>
      reply(
        200,
        listWidgetTransactions(tenant, await tenant.store(), parseQuery(WidgetTransactionListQuery, request.query)),
      ),
  },
]

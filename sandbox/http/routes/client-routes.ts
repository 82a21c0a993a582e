import {
  BuyQuote,
  BuyQuoteRequestBody,
  PaymentMethodList,
  Transaction,
  TransactionListQuery,
  dataOf,
  pageOf,
} from '#contract/index.ts'
import { quoteBuy } from '#domain/buy-quote.ts'
import { listTransactions } from '#domain/list-transactions.ts'
import { deletePaymentMethod, listPaymentMethods } from '#domain/payment-methods.ts'
import { getTransaction } from '#domain/transactions.ts'
import { keptReplies } from '../kept-replies.ts'
import { andThen } from '../maybe-promise.ts'
import { parseJsonBody, parseQuery } from '../parse-input.ts'
import { jsonTextReply, reply, withJson } from '../plain-http.ts'
import type { Route, TenantRouteContext } from '../route.ts'
import { platformErrors } from './platform-responses.ts'

/** The customer a full-scope token speaks for (full scope guarantees one). */
function customerOf({ claims }: TenantRouteContext): string {
  return claims!.customer!
}

/** The transaction pages and buy quotes each tenant answered lately. */
const transactionPages = keptReplies(32)
const buyQuotes = keptReplies(32)

const clientErrors = { 401: platformErrors.unauthorized, 403: platformErrors.forbidden }

/** Client routes (Bearer access token): buy quotes, payment methods, transactions. */
export const clientRoutes: Route[] = [
  {
    method: 'POST',
    path: '/platform/v1/quotes/buy',
    family: 'platform',
    operationId: 'getQuote',
    tag: 'On-ramp',
    auth: 'bearer',
    summary: 'Quote a buy (nested request shape; executable with full credentials, a wallet and a payment method)',
    body: BuyQuoteRequestBody,
    responses: {
      200: { description: 'A buy quote', schema: dataOf(BuyQuote) },
      400: platformErrors.invalid,
      ...clientErrors,
    },
    handle({ tenant, claims, request }) {
      return andThen(tenant.storeNow(), (store) => {
        // A quote is a pure function of the body, the caller (customer, scope), the customer's record and cards, the
        // tenant's clock and settings: asked again unchanged, the same text is answered.
        const key = request.body === undefined ? undefined : `${claims!.customer}\n${claims!.scope}\n${request.body}`
        const inputs = [store.customers.version, store.cards.version, tenant.clock.now(), tenant.settings]
        return buyQuotes(tenant, key, inputs, () =>
          withJson(
            reply(200, { data: quoteBuy(tenant, store, claims!, parseJsonBody(BuyQuoteRequestBody, request.body)) }),
          ),
        )
      })
    },
  },
  {
    method: 'GET',
    path: '/platform/v1/payment-methods',
    family: 'platform',
    operationId: 'getPaymentMethods',
    tag: 'Stored payment methods',
    auth: 'bearer',
    scope: 'full',
    summary: "The customer's payment method configs and stored cards",
    responses: { 200: { description: 'Payment methods', schema: dataOf(PaymentMethodList) }, ...clientErrors },
    handle(context) {
      return andThen(context.tenant.storeNow(), (store) =>
        reply(200, { data: listPaymentMethods(context.tenant, store, customerOf(context)) }),
      )
    },
  },
  {
    method: 'DELETE',
    path: '/platform/v1/payment-methods/:paymentMethodId',
    family: 'platform',
    operationId: 'deletePaymentMethod',
    tag: 'Stored payment methods',
    auth: 'bearer',
    scope: 'full',
    summary: "Delete one of the customer's stored cards",
    responses: { 204: { description: 'Deleted' }, 404: platformErrors.notFound, ...clientErrors },
    async handle(context) {
      deletePaymentMethod(
        context.tenant,
        await context.tenant.store(),
        customerOf(context),
        context.params.paymentMethodId!,
      )
      return reply(204)
    },
  },
  {
    method: 'GET',
    path: '/platform/v1/transactions/:transactionId',
    family: 'platform',
    operationId: 'getTransaction',
    tag: 'On-ramp',
    auth: 'bearer',
    scope: 'full',
    summary: 'One of the customer’s transactions',
    responses: {
      200: { description: 'The transaction', schema: dataOf(Transaction) },
      404: platformErrors.notFound,
      ...clientErrors,
    },
    handle(context) {
      return andThen(context.tenant.storeNow(), (store) =>
        jsonTextReply(
          200,
          `{"data":${store.transactions.json(getTransaction(store, customerOf(context), context.params.transactionId!))}}`,
        ),
      )
    },
  },
  {
    method: 'GET',
    path: '/platform/v1/transactions',
    family: 'platform',
    operationId: 'listTransactions',
    tag: 'On-ramp',
    auth: 'bearer',
    scope: 'full',
    summary: 'The customer’s transactions, newest first (limit 1–100, default 20; opaque cursor; startDate/endDate)',
    query: TransactionListQuery,
    responses: {
      200: { description: 'A page of transactions', schema: pageOf(Transaction) },
      400: platformErrors.invalid,
      ...clientErrors,
    },
    handle(context) {
      const { tenant, request } = context
      const customer = customerOf(context)
      return andThen(tenant.storeNow(), (store) =>
        // A page is a pure function of the customer, the query and the transactions (cursors are signed with the
        // tenant's fixed key): kept while no transaction changes, as a client polls its list.
        transactionPages(
          tenant,
          request.search === undefined ? undefined : `${customer}\n${request.search}`,
          [store.transactions.version],
          () => {
            const { data, pageInfo } = listTransactions(
              tenant,
              store,
              customer,
              parseQuery(TransactionListQuery, request.query),
            )
            return jsonTextReply(
              200,
              `{"data":[${data.map((transaction) => store.transactions.json(transaction)).join(',')}],"pageInfo":${JSON.stringify(pageInfo)}}`,
            )
          },
        ),
      )
    },
  },
]

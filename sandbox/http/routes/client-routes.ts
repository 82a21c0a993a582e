import {
  BuyQuote, BuyQuoteRequestBody, PaymentMethodList, Transaction, TransactionListQuery, dataOf, pageOf,
} from '../../contract/index.ts'
import { quoteBuy } from '../../domain/buy-quote.ts'
import { listTransactions } from '../../domain/list-transactions.ts'
import { deletePaymentMethod, listPaymentMethods } from '../../domain/payment-methods.ts'
import { getTransaction } from '../../domain/transactions.ts'
import { parseJsonBody, parseQuery } from '../parse-input.ts'
import { jsonTextReply, reply } from '../plain-http.ts'
import type { Route, TenantRouteContext } from '../route.ts'
import { platformErrors } from './platform-responses.ts'

/** The customer a full-scope token speaks for (full scope guarantees one). */
function customerOf({ claims }: TenantRouteContext): string {
  return claims!.customer!
}

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
    responses: { 200: { description: 'A buy quote', schema: dataOf(BuyQuote) }, 400: platformErrors.invalid, ...clientErrors },
    async handle({ tenant, claims, request }) {
      const body = parseJsonBody(BuyQuoteRequestBody, request.body)
      return reply(200, { data: quoteBuy(tenant, await tenant.store(), claims!, body) })
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
    async handle(context) {
      return reply(200, { data: listPaymentMethods(context.tenant, await context.tenant.store(), customerOf(context)) })
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
      deletePaymentMethod(context.tenant, await context.tenant.store(), customerOf(context), context.params.paymentMethodId!)
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
    responses: { 200: { description: 'The transaction', schema: dataOf(Transaction) }, 404: platformErrors.notFound, ...clientErrors },
    async handle(context) {
      const store = await context.tenant.store()
      return jsonTextReply(200, `{"data":${store.transactions.json(getTransaction(store, customerOf(context), context.params.transactionId!))}}`)
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
    responses: { 200: { description: 'A page of transactions', schema: pageOf(Transaction) }, 400: platformErrors.invalid, ...clientErrors },
    async handle(context) {
      const query = parseQuery(TransactionListQuery, context.request.query)
      const store = await context.tenant.store()
      const { data, pageInfo } = listTransactions(context.tenant, store, customerOf(context), query)
      return jsonTextReply(200, `{"data":[${data.map((transaction) => store.transactions.json(transaction)).join(',')}],"pageInfo":${JSON.stringify(pageInfo)}}`)
    },
  },
]


import { FailTransactionRequest, PlatformError, Transaction, dataOf } from '#contract/index.ts'
import { completeTransaction, failTransaction } from '#domain/drive-transaction.ts'
import { parseJsonBody } from '../parse-input.ts'
import { reply } from '../plain-http.ts'
import type { Route } from '../route.ts'
import { control } from './control-routes.ts'

const driven = { description: 'The transaction, settled', schema: dataOf(Transaction) }
const unknown = { description: 'No such transaction in this account', schema: PlatformError }
const settled = {
  description: 'The transaction is already completed or failed, or the stage named already succeeded',
  schema: PlatformError,
}

/** Routes that drive one transaction through its stages now, rather than on the clock (decision 0060). */
export const transactionControlRoutes: Route[] = [
  control({
    method: 'POST',
    path: '/__sandbox/transactions/:transactionId/complete',
    operationId: 'completeTransaction',
    summary:
      'Pass every remaining stage of a pending transaction now, in order, each with its webhook, and complete it',
    responses: { 200: driven, 404: unknown, 409: settled },
    handle: async ({ tenant, params }) =>
      reply(200, { data: await completeTransaction(tenant, params.transactionId!) }),
  }),
  control({
    method: 'POST',
    path: '/__sandbox/transactions/:transactionId/fail',
    operationId: 'failTransaction',
    summary:
      'Fail a pending transaction now with a failureCode, at a stage (default: the one in progress) with a stage failureReason',
    body: FailTransactionRequest,
    responses: {
      200: driven,
      400: { description: 'The body breaks a rule; errors name the fields', schema: PlatformError },
      404: unknown,
      409: settled,
    },
    handle: async ({ tenant, params, request }) =>
      reply(200, {
        data: await failTransaction(tenant, params.transactionId!, parseJsonBody(FailTransactionRequest, request.body)),
      }),
  }),
]

import { PlatformError, SwapDepositRequest, SwapTransaction, dataOf } from '#contract/index.ts'
import { depositToSwap } from '#domain/swap-lifecycle.ts'
import { parseJsonBody } from '../parse-input.ts'
import { reply } from '../plain-http.ts'
import type { Route } from '../route.ts'
import { control } from './control-routes.ts'

/** The control call that simulates a swap customer's deposit (decision 0068). */
export const swapControlRoutes: Route[] = [
  control({
    method: 'POST',
    path: '/__sandbox/swaps/:swapId/deposit',
    operationId: 'depositToSwap',
    summary:
      "Simulate the customer's deposit to a swap waiting for it (amount, hash): screened 10 s later on the clock, then swapped, or reQuoteRequired when off the quote by more than 1 %",
    body: SwapDepositRequest,
    responses: {
      200: { description: 'The swap, screening the deposit', schema: dataOf(SwapTransaction) },
      400: { description: 'The body breaks a rule; errors name the fields', schema: PlatformError },
      404: { description: 'No such swap in this account', schema: PlatformError },
      409: { description: 'The swap is not waiting for a deposit', schema: PlatformError },
    },
    handle: async ({ tenant, params, request }) =>
      reply(200, {
        data: await depositToSwap(tenant, params.swapId!, parseJsonBody(SwapDepositRequest, request.body)),
      }),
  }),
]

import { AccountDetails } from '#contract/index.ts'
import { accountDetails } from '#domain/account-details.ts'
import { reply } from '../plain-http.ts'
import type { Route } from '../route.ts'
import { unauthorized } from './widget-responses.ts'

/**
 * Routes of the widget API's Account details group (`apiKey` query auth, errors `{message, type}`).
 *
 * @example
 * send(core, 'GET /v4/accounts/me?apiKey=pk_test_sandbox') // 200, the account's fees
 */
export const accountRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v4/accounts/me',
    family: 'widget',
    operationId: 'getAccountDetails',
    tag: 'Account details',
    auth: 'publishable-query',
    summary: "Get the account's verification status and current fees",
    responses: {
      200: {
        description:
          'The account: verification, fee percentages, extra fees (the default extra fee setting) and minimum fees per currency',
        schema: AccountDetails,
      },
      401: unauthorized,
    },
    handle: ({ tenant }) => reply(200, accountDetails(tenant)),
  },
]

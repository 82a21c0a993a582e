import { IdentityCheck, PlatformError, dataOf } from '#contract/index.ts'
import { getIdentityCheck } from '#domain/customers/identity-check.ts'
import { reply } from '../plain-http.ts'
import type { Route } from '../route.ts'
import { control } from './control-routes.ts'

/** The control call that reads a customer's identity check, as `identity_check_updated` carries it (decision 0088). */
export const identityCheckControlRoutes: Route[] = [
  control({
    method: 'GET',
    path: '/__sandbox/customers/:customerId/identity_check',
    operationId: 'getIdentityCheck',
    summary:
      "Read a customer's identity (KYC) check as identity_check_updated carries it: initiated, pending, or completed clear or rejected",
    responses: {
      200: { description: 'The identity check', schema: dataOf(IdentityCheck) },
      404: { description: 'No such customer in this account', schema: PlatformError },
    },
    handle: async ({ tenant, params }) => reply(200, { data: await getIdentityCheck(tenant, params.customerId!) }),
  }),
]

import type { Route } from '../route.ts'
import { accountRoutes } from './account-routes.ts'
import { controlRoutes } from './control-routes.ts'
import { requestRoutes } from './request-routes.ts'
import { dataRoutes } from './data-routes.ts'
import { defiTokenRoutes } from './defi-token-routes.ts'
import { metaRoutes } from './meta-routes.ts'
import { onrampRoutes } from './onramp-routes.ts'
import { onrampTransactionRoutes } from './onramp-transaction-routes.ts'
import { platformRoutes } from './platform-routes.ts'
import { identityCheckControlRoutes } from './identity-check-control-routes.ts'
import { sellControlRoutes } from './sell-control-routes.ts'
import { sellTransactionRoutes } from './sell-transaction-routes.ts'
import { swapControlRoutes } from './swap-control-routes.ts'
import { swapRoutes } from './swap-routes.ts'
import { transactionControlRoutes } from './transaction-control-routes.ts'
import { webhookRoutes } from './webhook-routes.ts'
import { widgetRoutes } from './widget-routes.ts'

/** The whole route table, in matching order. */
export function allRoutes(): Route[] {
  return [
    ...onrampRoutes,
    ...onrampTransactionRoutes,
    ...widgetRoutes,
    ...accountRoutes,
    ...dataRoutes,
    ...defiTokenRoutes,
    ...sellTransactionRoutes,
    ...swapRoutes,
    ...platformRoutes,
    ...controlRoutes,
    ...requestRoutes,
    ...transactionControlRoutes,
    ...sellControlRoutes,
    ...swapControlRoutes,
    ...identityCheckControlRoutes,
    ...webhookRoutes,
    ...metaRoutes,
  ]
}

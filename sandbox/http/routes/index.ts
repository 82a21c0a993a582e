import type { Route } from '../route.ts'
import { accountRoutes } from './account-routes.ts'
import { controlRoutes } from './control-routes.ts'
import { dataRoutes } from './data-routes.ts'
import { defiTokenRoutes } from './defi-token-routes.ts'
import { metaRoutes } from './meta-routes.ts'
import { platformRoutes } from './platform-routes.ts'
import { swapControlRoutes } from './swap-control-routes.ts'
import { swapRoutes } from './swap-routes.ts'
import { transactionControlRoutes } from './transaction-control-routes.ts'
import { webhookRoutes } from './webhook-routes.ts'
import { widgetRoutes } from './widget-routes.ts'

/** The whole route table, in matching order. */
export function allRoutes(): Route[] {
  return [...widgetRoutes, ...accountRoutes, ...dataRoutes, ...defiTokenRoutes, ...swapRoutes, ...platformRoutes, ...controlRoutes, ...transactionControlRoutes, ...swapControlRoutes, ...webhookRoutes, ...metaRoutes]
}

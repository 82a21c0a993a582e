import type { Route } from '../route.ts'
import { clientRoutes } from './client-routes.ts'
import { customerRoutes } from './customer-routes.ts'
import { identityRoutes } from './identity-routes.ts'
import { sessionRoutes } from './session-routes.ts'

/** Routes of the partner platform API (`/platform/v1`). */
export const platformRoutes: Route[] = [...sessionRoutes, ...clientRoutes, ...customerRoutes, ...identityRoutes]

import { DefiToken, DefiTokenList, DefiTokenListQuery, DefiTokenQuery, WidgetError } from '#contract/index.ts'
import { findDefiToken } from '#domain/defi-tokens.ts'
import { listDefiTokens } from '#domain/list-defi-tokens.ts'
import { parseQuery } from '../parse-input.ts'
import { reply } from '../plain-http.ts'
import type { Route } from '../route.ts'
import { badRequest, unauthorized } from './widget-responses.ts'

/**
 * Routes of the widget API's DefiToken group (`apiKey` query auth, errors `{message, type}`).
 *
 * @example
 * send(core, 'GET /v1/defi/tokens?apiKey=pk_test_sandbox&sort=price&limit=2') // 200, two tokens and the total
 */
export const defiTokenRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/defi/token',
    family: 'widget',
    operationId: 'getDefiToken',
    tag: 'DefiToken',
    auth: 'publishable-query',
    summary: 'Get the DeFi token at a contract address',
    query: DefiTokenQuery,
    responses: {
      200: {
        description: 'The token: network, chain id, decimals, price in US dollars, market cap',
        schema: DefiToken,
      },
      400: badRequest,
      401: unauthorized,
      404: { description: 'No token of the catalog lives at that address', schema: WidgetError },
    },
    handle: ({ tenant, request }) => reply(200, findDefiToken(tenant, parseQuery(DefiTokenQuery, request.query))),
  },
  {
    method: 'GET',
    path: '/v1/defi/tokens',
    family: 'widget',
    operationId: 'listDefiTokens',
    tag: 'DefiToken',
    auth: 'publishable-query',
    summary: 'List DeFi tokens, sorted and paged',
    query: DefiTokenListQuery,
    responses: {
      200: { description: 'One page of tokens and the count of all matching ones', schema: DefiTokenList },
      400: badRequest,
      401: unauthorized,
    },
    handle: ({ tenant, request }) => reply(200, listDefiTokens(tenant, parseQuery(DefiTokenListQuery, request.query))),
  },
]

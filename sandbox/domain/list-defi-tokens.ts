import type { DefiToken, DefiTokenList, DefiTokenListQuery, DefiTokenSort, SortOrder } from '#contract/index.ts'
import type { Tenant } from '#kernel/tenant.ts'
import { checkNetwork, defiTokens } from './defi-tokens.ts'

/** Page size when `limit` is omitted. */
const DEFAULT_DEFI_TOKEN_LIMIT = 10

/** Compares two tokens by one sort key, ascending. */
function compareBy(sort: DefiTokenSort): (a: DefiToken, b: DefiToken) => number {
  switch (sort) {
    case 'marketCap':
      return (a, b) => a.marketCap - b.marketCap
    case 'price':
      return (a, b) => a.priceUsd - b.priceUsd
    case 'name':
      return (a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)
  }
}

/** The direction a sort key goes when `order` is omitted: numbers largest first, names A to Z. */
function defaultOrder(sort: DefiTokenSort): SortOrder {
  return sort === 'name' ? 'asc' : 'desc'
}

/**
 * One page of the tenant's DeFi tokens: filtered by `network`, sorted by `sort` (default `marketCap`) in
 * `order` (default: largest first, names A to Z), ties broken by currency code; `limit` 1–50 (default 10)
 * from `offset` (default 0). `total` counts every matching token (docs/decisions/0065).
 *
 * @example
 * listDefiTokens(tenant, { sort: 'price', limit: 2 }).tokens.length // 2
 */
export function listDefiTokens(tenant: Tenant, query: DefiTokenListQuery): DefiTokenList {
  checkNetwork(tenant, query.network)
  const sort = query.sort ?? 'marketCap'
  const sign = (query.order ?? defaultOrder(sort)) === 'asc' ? 1 : -1
  const compare = compareBy(sort)
  const matching = defiTokens(tenant).filter((t) => query.network === undefined || t.network === query.network)
  matching.sort((a, b) => sign * compare(a, b) || (a.currencyCode < b.currencyCode ? -1 : 1))
  const limit = query.limit ?? DEFAULT_DEFI_TOKEN_LIMIT
  const offset = query.offset ?? 0
  return { tokens: matching.slice(offset, offset + limit), total: matching.length, limit, offset }
}

import { roundSignificant, type CryptoCurrency, type DefiToken, type DefiTokenQuery } from '#contract/index.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import type { Tenant } from '#kernel/tenant.ts'
import { defiTokenFacts } from '#fixtures/defi-tokens.ts'
import { pairPrice } from './pricing.ts'

/** The token of one catalog crypto at a contract address, priced in US dollars at the tenant's clock. */
function asToken(tenant: Tenant, crypto: CryptoCurrency, contractAddress: string): DefiToken | undefined {
  const facts = defiTokenFacts.get(crypto.code)
  const pair = tenant.catalog.pair(crypto.code, 'usd')
  if (!facts || !pair) return undefined
  const priceUsd = pairPrice(tenant, pair)
  return {
    contractAddress,
    chainId: crypto.metadata.chainId,
    network: crypto.metadata.networkCode,
    currencyCode: crypto.code,
    symbol: crypto.code.split('_')[0]!.toUpperCase(),
    name: crypto.name,
    decimals: facts.decimals,
    priceUsd,
    circulatingSupply: facts.circulatingSupply,
    marketCap: roundSignificant(priceUsd * facts.circulatingSupply, 12),
  }
}

/**
 * Every DeFi token of the tenant's catalog, in catalog order: each crypto currency with a contract address,
 * priced at the tenant's clock through the sandbox's pricing (docs/decisions/0065).
 *
 * @example
 * defiTokens(tenant).map((t) => t.currencyCode) // ['usdc', 'usdc_polygon', …]
 */
export function defiTokens(tenant: Tenant): DefiToken[] {
  const tokens: DefiToken[] = []
  for (const currency of tenant.catalog.currencies) {
    if (currency.type !== 'crypto' || currency.metadata.contractAddress === null) continue
    const token = asToken(tenant, currency, currency.metadata.contractAddress)
    if (token) tokens.push(token)
  }
  return tokens
}

/** Whether two contract addresses name the same contract: EVM (`0x…`) addresses ignore case, others do not. */
function sameAddress(a: string, b: string): boolean {
  return a.startsWith('0x') && b.startsWith('0x') ? a.toLowerCase() === b.toLowerCase() : a === b
}

/**
 * Refuses a network code no catalog crypto lives on, naming the `network` parameter.
 *
 * @example
 * checkNetwork(tenant, 'polygon') // passes; checkNetwork(tenant, 'nope') throws a 400
 */
export function checkNetwork(tenant: Tenant, network: string | undefined): void {
  if (network === undefined) return
  const known = new Set(tenant.catalog.currencies.flatMap((c) => (c.type === 'crypto' ? [c.metadata.networkCode] : [])))
  if (!known.has(network))
    throw SandboxError.invalidField(
      'network',
      `network ${network} is not a known network code; use one of ${[...known].sort().join(', ')}`,
    )
}

/**
 * The DeFi token at `contractAddress` (on `network`, when named). An unknown address is a `not_found`
 * `SandboxError`; an unknown network a 400 naming `network`.
 *
 * @example
 * findDefiToken(tenant, { contractAddress: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' }).currencyCode // 'usdc'
 */
export function findDefiToken(tenant: Tenant, query: DefiTokenQuery): DefiToken {
  checkNetwork(tenant, query.network)
  const token = defiTokens(tenant).find(
    (t) =>
      sameAddress(t.contractAddress, query.contractAddress) &&
      (query.network === undefined || t.network === query.network),
  )
  if (!token) {
    const where = query.network === undefined ? '' : ` on network ${query.network}`
    throw new SandboxError(
      'not_found',
      `contractAddress ${query.contractAddress} is not a known token${where}; GET /v1/defi/tokens lists them`,
    )
  }
  return token
}

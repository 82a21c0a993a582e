import type { CryptoCurrency, Mode, SwapWallet } from '#contract/index.ts'
import { checkWallet } from './buy-quote-checks.ts'
import { BASE58, HEX, seededText } from './seeded-text.ts'
import type { Tenant } from '#kernel/tenant.ts'

/**
 * A customer's wallet for a swap, checked as the buy quote checks one (`checkWallet`); errors name `field` and
 * `tagField`.
 *
 * @example
 * checkSwapWallet(eth, '0x5290…', null, 'test', 'walletAddresses.destinationWalletAddress', 'walletAddresses.destinationWalletAddressTag')
 */
export function checkSwapWallet(
  crypto: CryptoCurrency,
  address: string,
  tag: string | null | undefined,
  mode: Mode,
  field: string,
  tagField: string,
): SwapWallet {
  checkWallet(crypto, { address, tag }, mode, { address: field, tag: tagField })
  return { address, tag: tag ?? null }
}

const B32 = '023456789acdefghjklmnpqrstuvwxyz'

/** How a made-up address of a network looks: prefix (test, live), alphabet and length of the rest. */
interface AddressShape {
  prefix: readonly [string, string]
  alphabet: string
  length: number
}

const evm: AddressShape = { prefix: ['0x', '0x'], alphabet: HEX, length: 40 }

/** The networks of the curated swap pairs' base currencies (a test makes one of each and checks it). */
const SHAPES = new Map<string, AddressShape>([
  ['ethereum', evm],
  ['polygon', evm],
  ['arbitrum', evm],
  ['base', evm],
  ['bitcoin', { prefix: ['tb1q', 'bc1q'], alphabet: B32, length: 38 }],
  ['solana', { prefix: ['', ''], alphabet: BASE58, length: 44 }],
  ['ripple', { prefix: ['r', 'r'], alphabet: BASE58, length: 33 }],
  ['dogecoin', { prefix: ['n', 'D'], alphabet: BASE58, length: 33 }],
  ['tezos', { prefix: ['tz1', 'tz1'], alphabet: BASE58, length: 33 }],
])

/**
 * The deposit wallet a swap is given (decision 0068): an address of the base currency's network in the tenant's mode,
 * and a numeric tag where the currency takes one, both derived from the swap's id under the seed.
 *
 * @example
 * depositWalletFor(tenant, eth, 'swp_…') // { address: '0x3fa…', tag: null }
 */
export function depositWalletFor(tenant: Tenant, crypto: CryptoCurrency, swapId: string): SwapWallet {
  const shape = SHAPES.get(crypto.metadata.networkCode) ?? evm
  const address =
    shape.prefix[tenant.mode === 'test' ? 0 : 1] +
    seededText(tenant, `deposit-wallet:${swapId}`, shape.alphabet, shape.length)
  return { address, tag: crypto.supportsAddressTag ? seededText(tenant, `tag:${swapId}`, '123456789', 9) : null }
}

/**
 * A made-up on-chain hash of what moved for a swap (`deposit`, `destination`, `refund`): 64 hex digits, `0x`-prefixed
 * on EVM networks.
 *
 * @example
 * madeUpHash(tenant, eth, 'swp_…', 'destination') // '0x9c1…'
 */
export function madeUpHash(tenant: Tenant, crypto: CryptoCurrency, swapId: string, what: string): string {
  const hex = seededText(tenant, `${what}:${swapId}`, HEX, 64)
  return crypto.metadata.chainId === null ? hex : `0x${hex}`
}

import type { CryptoCurrency, Mode, SwapWallet } from '../contract/index.ts'
import { SandboxError } from '../kernel/sandbox-error.ts'
import type { Tenant } from '../kernel/tenant.ts'

/**
 * A customer's wallet for a swap, checked as the buy quote checks one: the address against the currency's address
 * regex of the mode (testnet in test mode), the tag only where the currency takes one and then against its regex.
 * Errors name `field` and `tagField`.
 *
 * @example
 * checkSwapWallet(eth, '0x5290…', null, 'test', 'walletAddresses.destinationWalletAddress', 'walletAddresses.destinationWalletAddressTag')
 */
export function checkSwapWallet(crypto: CryptoCurrency, address: string, tag: string | null | undefined, mode: Mode, field: string, tagField: string): SwapWallet {
  const pattern = mode === 'test' ? crypto.testnetAddressRegex : crypto.addressRegex
  if (!new RegExp(pattern).test(address)) throw SandboxError.invalidField(field, `${field} is not a valid ${crypto.code} ${mode === 'test' ? 'testnet' : 'mainnet'} address (${pattern})`)
  if (tag === null || tag === undefined) return { address, tag: null }
  if (crypto.addressTagRegex === null) throw SandboxError.invalidField(tagField, `${tagField} is not supported by ${crypto.code}`)
  if (!new RegExp(crypto.addressTagRegex).test(tag)) throw SandboxError.invalidField(tagField, `${tagField} must match ${crypto.addressTagRegex} for ${crypto.code}`)
  return { address, tag }
}

const HEX = '0123456789abcdef'
const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const B32 = '023456789acdefghjklmnpqrstuvwxyz'
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

/** How a made-up address of a network looks: prefix (test, live), alphabet and length of the rest. */
interface AddressShape {
  prefix: readonly [string, string]
  alphabet: string
  length: number
}

const evm: AddressShape = { prefix: ['0x', '0x'], alphabet: HEX, length: 40 }

/** The networks of the curated swap pairs' base currencies (a test makes one of each and checks it). */
const SHAPES = new Map<string, AddressShape>([
  ['ethereum', evm], ['polygon', evm], ['arbitrum', evm], ['base', evm],
  ['bitcoin', { prefix: ['tb1q', 'bc1q'], alphabet: B32, length: 38 }],
  ['solana', { prefix: ['', ''], alphabet: B58, length: 44 }],
  ['ripple', { prefix: ['r', 'r'], alphabet: B58, length: 33 }],
  ['dogecoin', { prefix: ['n', 'D'], alphabet: B58, length: 33 }],
  ['tezos', { prefix: ['tz1', 'tz1'], alphabet: B58, length: 33 }],
])

/** `length` characters of `alphabet`, derived from the tenant's seeded digests of `label`: same seed, same text. */
function digestText(tenant: Tenant, label: string, alphabet: string, length: number): string {
  let source = ''
  for (let round = 0; source.length < length; round++) source += tenant.opaqueId(`${label}:${round}`)
  return [...source.slice(0, length)].map((char) => alphabet[char.charCodeAt(0) % alphabet.length]).join('')
}

/**
 * The deposit wallet a swap is given (decision 0068): an address of the base currency's network in the tenant's mode,
 * and a numeric tag where the currency takes one, both derived from the swap's id under the seed.
 *
 * @example
 * depositWalletFor(tenant, eth, 'swp_…') // { address: '0x3fa…', tag: null }
 */
export function depositWalletFor(tenant: Tenant, crypto: CryptoCurrency, swapId: string): SwapWallet {
  const shape = SHAPES.get(crypto.metadata.networkCode) ?? evm
  const address = shape.prefix[tenant.mode === 'test' ? 0 : 1] + digestText(tenant, `deposit-wallet:${swapId}`, shape.alphabet, shape.length)
  return { address, tag: crypto.supportsAddressTag ? digestText(tenant, `tag:${swapId}`, '123456789', 9) : null }
}

/**
 * A made-up on-chain hash of what moved for a swap (`deposit`, `destination`, `refund`): 64 hex digits, `0x`-prefixed
 * on EVM networks.
 *
 * @example
 * madeUpHash(tenant, eth, 'swp_…', 'destination') // '0x9c1…'
 */
export function madeUpHash(tenant: Tenant, crypto: CryptoCurrency, swapId: string, what: string): string {
  const hex = digestText(tenant, `${what}:${swapId}`, HEX, 64)
  return crypto.metadata.chainId === null ? hex : `0x${hex}`
}

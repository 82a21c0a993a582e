import type { CryptoCurrency, Mode } from '#contract/index.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import type { Tenant } from '#kernel/tenant.ts'
import { BASE58, HEX, seededText } from './seeded-text.ts'

/**
 * A sandbox address on `crypto`'s network for `label`: `0x` and 40 hex digits on EVM networks, else 34 base58
 * characters starting with `1` (decision 0067: a placeholder; only EVM ones are real address shapes).
 *
 * @example
 * sandboxAddress(tenant, eth, 'deposit:sell_…') // '0x3fa9…' (42 characters)
 */
export function sandboxAddress(tenant: Tenant, crypto: CryptoCurrency, label: string): string {
  if (crypto.metadata.chainId !== null) return `0x${seededText(tenant, label, HEX, 40)}`
  return `1${seededText(tenant, label, BASE58, 33)}`
}

/** The refund address the control API gives a customer's sell of `crypto` when none is named: always accepted. */
export function defaultRefundAddress(tenant: Tenant, crypto: CryptoCurrency, customerId: string): string {
  return sandboxAddress(tenant, crypto, `refund:${customerId}:${crypto.code}`)
}

/** A seeded fake transaction hash for a deposit: `0x` and 64 hex digits. */
export function sandboxDepositHash(tenant: Tenant, sellTransactionId: string): string {
  return `0x${seededText(tenant, `deposit-hash:${sellTransactionId}`, HEX, 64)}`
}

/**
 * A seeded fake transaction hash for a sell's refund (`0x` and 64 hex digits): the hash of the crypto sent back to
 * `refundWalletAddress` when the sell failed `refund` (decision 0089).
 *
 * @example
 * sandboxRefundHash(tenant, 'sell_…') // '0x9c0e…' (66 characters)
 */
export function sandboxRefundHash(tenant: Tenant, sellTransactionId: string): string {
  return `0x${seededText(tenant, `refund-hash:${sellTransactionId}`, HEX, 64)}`
}

/**
 * The address shapes a sell of `crypto` takes as its refund address, as one regular expression: test mode takes a
 * testnet or a mainnet address, live mode a mainnet one (decision 0067).
 *
 * @example
 * refundAddressPattern('test', btc) // '(?:^tb1…)|(?:^bc1…)'
 */
export function refundAddressPattern(mode: Mode, crypto: CryptoCurrency): string {
  const { testnetAddressRegex, addressRegex } = crypto
  return mode === 'test' && testnetAddressRegex !== addressRegex
    ? `(?:${testnetAddressRegex})|(?:${addressRegex})`
    : addressRegex
}

/**
 * Checks a refund address against `crypto`'s address shape (test mode: its testnet or mainnet shape; live mode:
 * mainnet); the sandbox's own default for the customer is always accepted. 400 naming `refundWalletAddress` otherwise.
 *
 * @example
 * checkRefundAddress(tenant, eth, 'cus_…', '0x0000000000000000000000000000000000000001') // passes
 */
export function checkRefundAddress(tenant: Tenant, crypto: CryptoCurrency, customerId: string, address: string): void {
  if (address === defaultRefundAddress(tenant, crypto, customerId)) return
  if (new RegExp(refundAddressPattern(tenant.mode, crypto)).test(address)) return
  throw SandboxError.invalidField(
    'refundWalletAddress',
    `refundWalletAddress is not a ${crypto.code} address on ${crypto.metadata.networkCode}${tenant.mode === 'test' ? ' (test mode takes a testnet or mainnet address)' : ''}`,
  )
}

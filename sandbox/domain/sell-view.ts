import type { CryptoCurrency, SellTransaction, SellTransactionRecord } from '#contract/index.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import type { Tenant } from '#kernel/tenant.ts'
import { accountId } from './account-details.ts'
import { sandboxRefundHash } from './sell-addresses.ts'

/**
 * A sell as the API shows it: the record with its currencies' objects from the catalog and their ids, without the
 * codes it keeps, and the reference's fields the record need not keep (decision 0089): the account's id; the refund's
 * hash once a deposit went back (`refund`, a seeded hash of the sell's id); the quote's expiry (the sell's price holds
 * for its deposit window: `depositExpiresAt`); `flow` `principal`; null for the rest.
 *
 * @example
 * sellTransactionView(tenant, store.sellTransactions.get('sell_…')!).baseCurrency.code // 'eth'
 */
export function sellTransactionView(tenant: Tenant, record: SellTransactionRecord): SellTransaction {
  const { baseCurrencyCode, quoteCurrencyCode, ...fields } = record
  const baseCurrency = tenant.catalog.currency(baseCurrencyCode) as CryptoCurrency
  const quoteCurrency = tenant.catalog.currency(quoteCurrencyCode)
  if (baseCurrency?.type !== 'crypto' || quoteCurrency?.type !== 'fiat')
    throw new SandboxError('internal_error', `sell ${record.id} names currencies the catalog lacks`)
  return {
    ...fields,
    baseCurrencyId: baseCurrency.id,
    quoteCurrencyId: quoteCurrency.id,
    quoteCurrency,
    baseCurrency,
    accountId: accountId(tenant),
    refundHash:
      record.failureReason === 'refund' && record.depositHash !== null ? sandboxRefundHash(tenant, record.id) : null,
    quoteExpiresAt: record.depositExpiresAt,
    refundWalletAddressRequestedAt: null,
    quoteExpiredEmailSentAt: null,
    widgetRedirectUrl: null,
    confirmations: null,
    depositWalletId: null,
    refundApprovalStatus: null,
    integratedSellDepositInfo: null,
    flow: 'principal',
  }
}

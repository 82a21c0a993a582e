import type { CryptoCurrency, SellTransaction, SellTransactionRecord } from '../contract/index.ts'
import { SandboxError } from '../kernel/sandbox-error.ts'
import type { Tenant } from '../kernel/tenant.ts'

/**
 * A sell as the API shows it: the record with its currencies' objects from the catalog and their ids, without the
 * codes it keeps.
 *
 * @example
 * sellTransactionView(tenant, store.sellTransactions.get('sell_…')!).baseCurrency.code // 'eth'
 */
export function sellTransactionView(tenant: Tenant, record: SellTransactionRecord): SellTransaction {
  const { baseCurrencyCode, quoteCurrencyCode, ...fields } = record
  const baseCurrency = tenant.catalog.currency(baseCurrencyCode) as CryptoCurrency
  const quoteCurrency = tenant.catalog.currency(quoteCurrencyCode)
  if (baseCurrency?.type !== 'crypto' || quoteCurrency?.type !== 'fiat') throw new SandboxError('internal_error', `sell ${record.id} names currencies the catalog lacks`)
  return { ...fields, baseCurrencyId: baseCurrency.id, quoteCurrencyId: quoteCurrency.id, quoteCurrency, baseCurrency }
}

import {
  fromMinor,
  toMinor,
  type AccountDetails,
  type FiatCurrency,
  type MinimumFeeByCurrency,
  type SellPayoutMethod,
} from '#contract/index.ts'
import type { Tenant } from '#kernel/tenant.ts'
import { buyServiceFee, fiatPerUsd } from './buy-fees.ts'
import { isoTime } from './iso-time.ts'
import { seededId } from './new-id.ts'

/** Which fee group of the account a payout method belongs to (`wallet_service` belongs to none). */
function sellGroup(method: SellPayoutMethod): 'bankTransfer' | 'card' | undefined {
  switch (method) {
    case 'ach_bank_transfer':
    case 'sepa_bank_transfer':
    case 'gbp_bank_transfer':
      return 'bankTransfer'
    case 'credit_debit_card':
      return 'card'
    case 'wallet_service':
      return undefined
  }
}

/** What the account reports for one group of sell fees: the highest percent any pair charges, each fiat's floor. */
interface SellFees {
  percent: number
  minimum: MinimumFeeByCurrency
}

function sellFees(tenant: Tenant, group: 'bankTransfer' | 'card'): SellFees {
  let percent = 0
  const minimum: MinimumFeeByCurrency = {}
  for (const pair of tenant.catalog.catalog.prices.pairs) {
    for (const fee of pair.payoutMethods) {
      if (sellGroup(fee.method) !== group) continue
      percent = Math.max(percent, fee.feePercent)
      minimum[pair.quote.toUpperCase()] = fee.minimumFee
    }
  }
  return { percent, minimum }
}

/** The card service fee's floor in each fiat, rounded to its precision as buy quotes round it. */
function cardMinimumFee(tenant: Tenant): MinimumFeeByCurrency {
  const minimumUsd = buyServiceFee('card').minimumUsd
  const minimum: MinimumFeeByCurrency = {}
  for (const currency of tenant.catalog.currencies) {
    if (currency.type !== 'fiat') continue
    const fiat: FiatCurrency = currency
    minimum[fiat.code.toUpperCase()] = fromMinor(
      toMinor(minimumUsd * fiatPerUsd(tenant.catalog, fiat), fiat.precision),
      fiat.precision,
    )
  }
  return minimum
}

/**
 * SEPA buys: the sandbox has no bank-transfer payment method, so no quote charges this; the account
 * reports the service's usual 1% and no minimum (docs/decisions/0065).
 */
const SEPA_BUY_FEE_PERCENT = 1

/**
 * The account's id: `acc_` and 16 characters of its opaque digest (what `accountDetails` and buy quotes report).
 *
 * @example
 * accountId(tenant) // 'acc_3fQ…'
 */
export function accountId(tenant: Tenant): string {
  return seededId(tenant, 'acc', 'account')
}

/**
 * The account's details as `GET /v4/accounts/me` answers them: the fees its quotes charge (card
 * buys from the buy fee schedule, sells from the seeded pairs: the highest percent of the group,
 * each fiat's floor) and its extra fee from the tenant's settings. Deterministic per seed; only
 * `id` and `name` depend on the account's name (docs/decisions/0065).
 *
 * @example
 * accountDetails(tenant).cardExtraFeePercentage === tenant.settings.defaultExtraFeePercentage // true
 */
export function accountDetails(tenant: Tenant): AccountDetails {
  const extra = tenant.settings.defaultExtraFeePercentage
  const bank = sellFees(tenant, 'bankTransfer')
  const card = sellFees(tenant, 'card')
  const since = isoTime(tenant.catalog.priceEpoch)
  return {
    id: accountId(tenant),
    createdAt: since,
    updatedAt: since,
    name: tenant.account.account,
    isVerified: true,
    cardFeePercentage: buyServiceFee('card').percent,
    sepaFeePercentage: SEPA_BUY_FEE_PERCENT,
    sellBankTransferFeePercentage: bank.percent,
    sellCardFeePercentage: card.percent,
    cardExtraFeePercentage: extra,
    sepaExtraFeePercentage: extra,
    sellBankTransferExtraFeePercentage: extra,
    sellCardExtraFeePercentage: extra,
    cardMinimumFee: cardMinimumFee(tenant),
    bankTransferMinimumFee: {},
    sellBankTransferMinimumFee: bank.minimum,
    sellCardMinimumFee: card.minimum,
  }
}

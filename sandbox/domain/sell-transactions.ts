import {
  SellQuoteQuery,
  roundSignificant,
  stagesAt,
  type RequestPayoutMethod,
  type SellTransaction,
  type SellTransactionRecord,
} from '#contract/index.ts'
import { usdRates } from '#fixtures/usd-rates.ts'
import { describeIssue } from '#kernel/describe-issue.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import type { Tenant } from '#kernel/tenant.ts'
import type { TenantStore } from '#kernel/store/tenant-store.ts'
import { isoTime } from './iso-time.ts'
import { newId } from './new-id.ts'
import { quoteSell } from './sell-quote.ts'
import { checkRefundAddress, sandboxAddress } from './sell-addresses.ts'
import { emitSellWebhook } from './sell-webhooks.ts'
import { sellTransactionView } from './sell-view.ts'
import { sellTriggerFor } from './sell-triggers.ts'
import { parseReportingInput } from '#kernel/parse-reporting-input.ts'

/** Sandbox seconds a sell waits for its deposit before it fails `timeout_deposit` (decision 0067). */
export const DEPOSIT_WINDOW_SECONDS = 1800

/** What starting a sell takes: the sell quote's inputs, for a customer, with the partner's references. */
interface StartSellInput {
  customerId: string
  /** The crypto sold (`eth`). */
  baseCurrencyCode: string
  /** The fiat paid out (`usd`). */
  quoteCurrencyCode: string
  /** Crypto sold: up to 5 decimals, rounded to the crypto's precision, within its sell limits (as the sell quote). */
  baseCurrencyAmount: number
  /** Default: the pair's first payout method (as the sell quote). */
  payoutMethod?: RequestPayoutMethod | undefined
  /** 0–10; default: the account's. */
  extraFeePercentage?: number | undefined
  externalTransactionId?: string | undefined
  externalCustomerId?: string | undefined
  /** Where a refused deposit goes back: an address of the crypto's network. */
  refundWalletAddress: string
}

const ratesByCode = new Map(Object.entries(usdRates))

/** Units of `target` one unit of `fiat` is worth, from the reference rates (1 when unknown). */
function rateOf(fiat: string, target: string): number {
  const perUsd = ratesByCode.get(fiat)
  const targetPerUsd = ratesByCode.get(target)
  return perUsd === undefined || targetPerUsd === undefined ? 1 : roundSignificant(targetPerUsd / perUsd, 8)
}

/** The sell quote's query for the input, checked by the quote's own schema: the same rules, the same messages. */
function quoteQuery(input: StartSellInput): SellQuoteQuery {
  const parsed = parseReportingInput(SellQuoteQuery, {
    quoteCurrencyCode: input.quoteCurrencyCode,
    baseCurrencyAmount: String(input.baseCurrencyAmount),
    ...(input.extraFeePercentage === undefined ? {} : { extraFeePercentage: String(input.extraFeePercentage) }),
    ...(input.payoutMethod === undefined ? {} : { payoutMethod: input.payoutMethod }),
  })
  if (parsed.success) return parsed.data
  const errors = parsed.error.issues.map((issue) => describeIssue(issue))
  throw new SandboxError('invalid_request', errors.map((error) => error.message).join('; '), errors)
}

/** The sell quote's refusal, with its `currencyCode` (the path parameter there) called `baseCurrencyCode`. */
function renamed(error: unknown): unknown {
  if (!(error instanceof SandboxError) || !error.message.startsWith('currencyCode')) return error
  const message = `baseCurrencyCode${error.message.slice('currencyCode'.length)}`
  return new SandboxError(
    error.code,
    message,
    error.fieldErrors.map(() => ({ field: 'baseCurrencyCode', message })),
  )
}

/**
 * Starts a sell for a customer: priced by the sell quote's own code at the tenant clock (so its amounts, fees and
 * payout method equal `GET /v3/currencies/{code}/sell_quote` for the same input), refused as the quote refuses (a 400
 * naming the field), 404 for an unknown customer, 400 for a refund address of another network. The sell starts
 * `waitingForDeposit` (ordering in progress) with a sandbox deposit address, and fails `timeout_deposit` unless a
 * deposit arrives within `DEPOSIT_WINDOW_SECONDS` (a trigger may shorten it). Emits `sell_transaction_created`.
 *
 * @example
 * const sell = await startSellTransaction(tenant, await tenant.store(), {
 *   customerId: 'cus_…', baseCurrencyCode: 'eth', quoteCurrencyCode: 'usd', baseCurrencyAmount: 0.5,
 *   payoutMethod: 'sepa_bank_transfer', refundWalletAddress: '0x…',
 * })
 * sell.status // 'waitingForDeposit'; send sell.baseCurrencyAmount to sell.depositWalletAddress, then recordDeposit
 */
export async function startSellTransaction(
  tenant: Tenant,
  store: TenantStore,
  input: StartSellInput,
): Promise<SellTransaction> {
  if (!store.customers.get(input.customerId))
    throw new SandboxError('not_found', `customerId ${input.customerId} is not a customer of this account`, [
      { field: 'customerId', message: `customerId ${input.customerId} is not a customer of this account` },
    ])
  const baseCode = input.baseCurrencyCode.toLowerCase()
  if (!tenant.catalog.currency(baseCode))
    throw SandboxError.invalidField(
      'baseCurrencyCode',
      `baseCurrencyCode ${input.baseCurrencyCode} is not a known currency; GET /v3/currencies lists them`,
    )
  const query = quoteQuery(input)
  let quote
  try {
    quote = quoteSell(tenant, baseCode, query, String(input.baseCurrencyAmount))
  } catch (error) {
    throw renamed(error)
  }
  checkRefundAddress(tenant, quote.baseCurrency, input.customerId, input.refundWalletAddress)
  const now = tenant.clock.now()
  const id = newId(tenant, store, 'sell')
  const trigger = sellTriggerFor(tenant.mode, quote.baseCurrencyAmount)
  const window = trigger?.outcome.kind === 'shortDepositWindow' ? trigger.outcome.seconds : DEPOSIT_WINDOW_SECONDS
  const record = await store.sellTransactions.create({
    id,
    createdAt: isoTime(now),
    updatedAt: isoTime(now),
    customerId: input.customerId,
    status: 'waitingForDeposit',
    baseCurrencyAmount: quote.baseCurrencyAmount,
    quoteCurrencyAmount: quote.quoteCurrencyAmount,
    feeAmount: quote.feeAmount,
    extraFeeAmount: quote.extraFeeAmount,
    eurRate: rateOf(quote.quoteCurrencyCode, 'eur'),
    usdRate: rateOf(quote.quoteCurrencyCode, 'usd'),
    gbpRate: rateOf(quote.quoteCurrencyCode, 'gbp'),
    payoutMethod: quote.payoutMethod,
    failureReason: null,
    depositWalletAddress: sandboxAddress(tenant, quote.baseCurrency, `deposit:${id}`),
    depositExpiresAt: isoTime(now + window * 1000),
    depositHash: null,
    bankAccountId: null,
    externalCustomerId: input.externalCustomerId ?? null,
    externalTransactionId: input.externalTransactionId ?? null,
    refundWalletAddress: input.refundWalletAddress,
    stages: stagesAt('stage_one_ordering', 'in_progress'),
    baseCurrencyCode: quote.baseCurrencyCode,
    quoteCurrencyCode: quote.quoteCurrencyCode,
  })
  tenant.scheduleJob(store, { kind: 'sell:expire', at: now + window * 1000, sellTransactionId: id })
  tenant.record('sell:created', {
    sellTransactionId: id,
    customerId: input.customerId,
    baseCurrencyAmount: record.baseCurrencyAmount,
  })
  return emitSellWebhook(tenant, store, 'sell_transaction_created', record)
}

/**
 * The tenant's sell with this id as the API shows it; 404 naming it otherwise.
 *
 * @example
 * getSellTransaction(tenant, store, 'sell_…').status // 'waitingForDeposit'
 */
export function getSellTransaction(tenant: Tenant, store: TenantStore, id: string): SellTransaction {
  return sellTransactionView(tenant, sellRecord(store, id))
}

/**
 * The record of the tenant's sell with this id (currency codes, no objects); 404 naming it otherwise.
 *
 * @example
 * sellRecord(store, 'sell_…').baseCurrencyCode // 'eth'
 */
function sellRecord(store: TenantStore, id: string): SellTransactionRecord {
  const record = store.sellTransactions.get(id)
  if (!record) throw new SandboxError('not_found', `sell transaction ${id} does not exist in this account`)
  return record
}

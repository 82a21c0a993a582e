import { z } from 'zod'

/** Payout methods a sell-quote request may name (spec: query parameter `payoutMethod`). */
export const RequestPayoutMethod = z.enum([
  'ach_bank_transfer',
  'credit_debit_card',
  'wallet_service',
  'gbp_bank_transfer',
  'gbp_open_banking_payment',
  'pix_instant_payment',
  'sepa_bank_transfer',
])
export type RequestPayoutMethod = z.infer<typeof RequestPayoutMethod>

/** Payout methods a SellQuote can carry: narrower than the request enum. */
export const SellPayoutMethod = z.enum([
  'ach_bank_transfer',
  'credit_debit_card',
  'wallet_service',
  'gbp_bank_transfer',
  'sepa_bank_transfer',
])
export type SellPayoutMethod = z.infer<typeof SellPayoutMethod>

import { z } from 'zod'
import { IsoTimestamp } from './currency.ts'

/**
 * The `data` of `sell_transaction_requote_required` (the reference's requote page): a reduced sell, its currencies as
 * codes (`usdc`, `usd`), not the objects the other sell events carry; `quoteCurrencyAmount` is the new fiat amount and
 * `updatedAt` when the requote was asked for. `walletAddress` is the sell's deposit address (decision 0088).
 */
export const SellRequote = z.object({
  id: z.string().min(1),
  status: z.literal('requoteRequired'),
  createdAt: IsoTimestamp,
  updatedAt: IsoTimestamp,
  baseCurrencyAmount: z.number().positive(),
  quoteCurrencyAmount: z.number().positive(),
  baseCurrency: z.string().min(1),
  quoteCurrency: z.string().min(1),
  externalCustomerId: z.string().nullable(),
  walletAddress: z.string().min(1),
  externalTransactionId: z.string().nullable(),
})
export type SellRequote = z.infer<typeof SellRequote>

/**
 * Body of `POST /__sandbox/sell_transactions/{id}/requote`: the new fiat amount the customer is offered (default: 1 %
 * less than now, as a market move against the customer, in the fiat's precision).
 */
export const RequoteSellTransactionRequest = z.strictObject({
  quoteCurrencyAmount: z
    .number({ error: 'quoteCurrencyAmount must be a number' })
    .positive('quoteCurrencyAmount must be positive')
    .max(1e15, 'quoteCurrencyAmount must be at most 1e15')
    .optional(),
})
export type RequoteSellTransactionRequest = z.infer<typeof RequoteSellTransactionRequest>

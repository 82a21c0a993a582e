import { z } from 'zod'
import { IsoTimestamp } from './currency.ts'

/** Minimum fees of one kind per fiat currency, keyed by the upper-case code (`{"USD": 3.99}`). */
export const MinimumFeeByCurrency = z.record(z.string().regex(/^[A-Z0-9_]{2,32}$/), z.number().nonnegative())
export type MinimumFeeByCurrency = z.infer<typeof MinimumFeeByCurrency>

/**
 * Response of `GET /v4/accounts/me` (service reference, tag Account details): who the account is,
 * whether it is verified, and the fees its quotes charge.
 */
export const AccountDetails = z.object({
  id: z.string().min(1),
  createdAt: IsoTimestamp,
  updatedAt: IsoTimestamp,
  name: z.string().min(1),
  isVerified: z.boolean(),
  cardFeePercentage: z.number().nonnegative(),
  sepaFeePercentage: z.number().nonnegative(),
  sellBankTransferFeePercentage: z.number().nonnegative(),
  sellCardFeePercentage: z.number().nonnegative(),
  cardExtraFeePercentage: z.number().int().min(0).max(10),
  sepaExtraFeePercentage: z.number().int().min(0).max(10),
  sellBankTransferExtraFeePercentage: z.number().int().min(0).max(10),
  sellCardExtraFeePercentage: z.number().int().min(0).max(10),
  cardMinimumFee: MinimumFeeByCurrency,
  bankTransferMinimumFee: MinimumFeeByCurrency,
  sellBankTransferMinimumFee: MinimumFeeByCurrency,
  sellCardMinimumFee: MinimumFeeByCurrency,
})
export type AccountDetails = z.infer<typeof AccountDetails>

import { z } from 'zod'
import { CurrencyCode } from './currency.ts'
import { PaymentMethodType } from './platform/buy-quote.ts'
import { Availability } from './platform/payment-method.ts'

/** One fiat a payment method pays with: its buy bounds (inclusive, `null` is none) and the method's minimum fee in it. */
export const PaymentMethodCurrency = z.object({
  code: CurrencyCode,
  minBuyAmount: z.number().positive().nullable(),
  maxBuyAmount: z.number().positive().nullable(),
  minimumFee: z.number().nonnegative(),
})
export type PaymentMethodCurrency = z.infer<typeof PaymentMethodCurrency>

/**
 * One payment method of the account as `GET /v3/payment_methods` answers it (decision record 0069): what it can do
 * (buy, sell), in which modes, whether the account's customers can use it now, its fee and its limits per fiat.
 */
export const PaymentMethodSetup = z.object({
  type: PaymentMethodType,
  isBuySupported: z.boolean(),
  isSellSupported: z.boolean(),
  supportsTestMode: z.boolean(),
  supportsLiveMode: z.boolean(),
  availability: Availability,
  feePercentage: z.number().nonnegative(),
  currencies: z.array(PaymentMethodCurrency),
})
export type PaymentMethodSetup = z.infer<typeof PaymentMethodSetup>

/** Response of `GET /v3/payment_methods` (secret key): the account's payment-method configuration. */
export const PaymentMethodConfiguration = z.object({ paymentMethods: z.array(PaymentMethodSetup) })
export type PaymentMethodConfiguration = z.infer<typeof PaymentMethodConfiguration>

import { z } from 'zod'
import { PaymentMethodType } from './buy-quote.ts'

/** Why a payment method cannot be used now. */
export const UnavailableReason = z.enum(['card_expired', 'wallet_unavailable', 'not_supported_in_region'])

/** Whether a payment method can be used, and if not, why. */
export const Availability = z.object({ available: z.boolean(), reason: UnavailableReason.optional() })
export type Availability = z.infer<typeof Availability>

/** A payment method type the partner can offer, and whether it is available to this customer. */
export const PaymentMethodConfig = z.object({ type: PaymentMethodType, availability: Availability })
export type PaymentMethodConfig = z.infer<typeof PaymentMethodConfig>

/** A stored card of a customer. */
export const StoredCard = z.object({
  id: z.string().min(1),
  type: z.literal('card'),
  brand: z.enum(['visa', 'mastercard', 'amex']),
  last4: z.string().regex(/^[0-9]{4}$/),
  expiryMonth: z.number().int().min(1).max(12),
  expiryYear: z.number().int().min(2000).max(2100),
  availability: Availability,
})
export type StoredCard = z.infer<typeof StoredCard>

/** `data` of `GET /platform/v1/payment-methods`. */
export const PaymentMethodList = z.object({
  paymentMethodConfigs: z.array(PaymentMethodConfig),
  paymentMethods: z.array(StoredCard),
})
export type PaymentMethodList = z.infer<typeof PaymentMethodList>

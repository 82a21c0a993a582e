import { z } from 'zod'
import { CurrencyCode, IsoTimestamp } from '../currency.ts'
import { PaymentDisclosure } from './customer.ts'

const AssetRef = z.strictObject({
  code: z
    .string()
    .min(1)
    .max(32)
    .transform((code) => code.toLowerCase()),
})
const Amount = z.number().positive().max(1e12)

/** Payment method types of the platform. */
export const PaymentMethodType = z.enum(['card', 'apple_pay', 'google_pay'])
export type PaymentMethodType = z.infer<typeof PaymentMethodType>

/** Fee behaviour: `inclusive` (default) takes fees out of `source.amount`; `exclusive` adds them on top. */
export const FeeBehavior = z.enum(['inclusive', 'exclusive'])
export type FeeBehavior = z.infer<typeof FeeBehavior>

/**
 * The payment method a quote or transaction uses. `id` is optional (spec): it names a stored card; a card quote
 * without one is priced but not executable.
 */
export const PaymentMethodRef = z
  .strictObject({ type: PaymentMethodType, id: z.string().min(1).max(64).optional() })
  .refine((method) => method.type === 'card' || method.id === undefined, {
    message: 'paymentMethod.id names a stored card; apple_pay and google_pay take none',
    path: ['id'],
  })
export type PaymentMethodRef = z.infer<typeof PaymentMethodRef>

/** A wallet to receive crypto: address, and a tag (memo) where the currency takes one. */
export const Wallet = z.strictObject({ address: z.string().min(1).max(256), tag: z.string().min(1).max(64).optional() })
export type Wallet = z.infer<typeof Wallet>

/** Fields of the old flat request shape, and where each now lives. */
const FLAT_FIELDS: Record<string, string> = {
  sourceAmount: 'source.amount',
  destinationAmount: 'destination.amount',
  walletAddress: 'wallet.address',
  walletAddressTag: 'wallet.tag',
  sourceCurrencyCode: 'source.asset.code',
  destinationCurrencyCode: 'destination.asset.code',
}

/**
 * Refuses the flat request shape (spec buy-quote rule 4) with an error per flat
 * field that points at its nested replacement.
 */
const NotFlat = z.looseObject({}).superRefine((body, ctx) => {
  for (const [flat, nested] of Object.entries(FLAT_FIELDS)) {
    if (flat in body)
      ctx.addIssue({
        code: 'custom',
        path: [flat],
        message: `${flat} belongs to the flat request shape, which is not accepted; send ${nested}`,
      })
  }
  if (typeof body.source === 'string')
    ctx.addIssue({
      code: 'custom',
      path: ['source'],
      message:
        'source must be an object { asset: { code }, amount }; the flat shape (source as a string) is not accepted',
    })
  if (typeof body.destination === 'string')
    ctx.addIssue({
      code: 'custom',
      path: ['destination'],
      message: 'destination must be an object { asset: { code } }; the flat shape is not accepted',
    })
  if (typeof body.paymentMethod === 'string')
    ctx.addIssue({
      code: 'custom',
      path: ['paymentMethod'],
      message: 'paymentMethod must be an object { type, id? }; the flat shape (a string) is not accepted',
    })
})

/** The nested buy-quote request (spec): exactly one of `source.amount` and `destination.amount`. */
export const BuyQuoteRequest = z
  .strictObject({
    source: z.strictObject({ asset: AssetRef, amount: Amount.optional() }),
    destination: z.strictObject({ asset: AssetRef, amount: Amount.optional() }),
    wallet: Wallet.optional(),
    paymentMethod: PaymentMethodRef.optional(),
    feeBehavior: FeeBehavior.optional(),
  })
  .refine((q) => (q.source.amount === undefined) !== (q.destination.amount === undefined), {
    message: 'source.amount must be given, or destination.amount, but not both',
    path: ['source', 'amount'],
  })
export type BuyQuoteRequest = z.infer<typeof BuyQuoteRequest>

/** Body of `POST /platform/v1/quotes/buy`: the flat shape refused first, then the nested shape parsed. */
export const BuyQuoteRequestBody = NotFlat.pipe(BuyQuoteRequest)

/** Fees of a buy quote in the source currency: `ecosystem` was formerly `partner`. */
export const BuyQuoteFees = z.strictObject({
  network: z.number().nonnegative(),
  service: z.number().nonnegative(),
  ecosystem: z.number().nonnegative(),
})
export type BuyQuoteFees = z.infer<typeof BuyQuoteFees>

const AssetAmount = z.object({ asset: z.object({ code: CurrencyCode }), amount: z.number().positive() })

/**
 * A buy quote: one quote type, `executable` or not. `source.amount` is what is
 * converted; `totalAmount` what the customer pays (equal under `inclusive`).
 */
export const BuyQuote = z.object({
  source: AssetAmount,
  destination: AssetAmount,
  totalAmount: z.number().positive(),
  exchangeRate: z.number().positive(),
  fees: BuyQuoteFees,
  feeBehavior: FeeBehavior,
  wallet: Wallet.nullable(),
  paymentMethod: z.object({ type: PaymentMethodType, id: z.string().optional() }).nullable(),
  executable: z.boolean(),
  signature: z.string().nullable(),
  expiresAt: IsoTimestamp,
  expiresIn: z.number().int().positive(),
  paymentDisclosures: z.array(PaymentDisclosure),
  limits: z.object({ minAmount: z.number().nullable(), maxAmount: z.number().nullable() }),
})
export type BuyQuote = z.infer<typeof BuyQuote>

import { z } from 'zod'

/** ISO 3166-1 alpha-3 country code (customer geography). */
export const CountryAlpha3 = z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 3166-1 alpha-3 code')

/** KYC status of a customer. */
export const KycStatus = z.enum(['not_started', 'pending', 'approved', 'rejected'])
export type KycStatus = z.infer<typeof KycStatus>

/** Something the customer still has to provide before verification can complete. */
export const KycRequirement = z.enum(['details', 'identity_document', 'selfie', 'terms_acceptance'])
export type KycRequirement = z.infer<typeof KycRequirement>

/** A disclosure the partner must render: spec `{ id, version }`. */
export const PaymentDisclosure = z.object({ id: z.string().min(1), version: z.string().min(1) })
export type PaymentDisclosure = z.infer<typeof PaymentDisclosure>

/**
 * Customer capabilities. `guestCheckout` is present only for a guest-checkout
 * session of a partner with guest checkout enabled. `ramps.requirements.paymentDisclosures`
 * is deprecated (read geography instead) and absent under `--strict-deprecations`.
 */
export const CustomerCapabilities = z.object({
  guestCheckout: z.object({ enabled: z.literal(true) }).optional(),
  ramps: z
    .object({ requirements: z.object({ paymentDisclosures: z.array(PaymentDisclosure) }) })
    .optional()
    .meta({ deprecated: true }),
})
export type CustomerCapabilities = z.infer<typeof CustomerCapabilities>

/** A customer, as the connection and the Customer API report it. */
export const Customer = z.object({
  id: z.string().min(1),
  country: CountryAlpha3,
  administrativeArea: z.string().nullable(),
  area: z.string().nullable(),
  kyc: z.object({ status: KycStatus, requirements: z.array(KycRequirement) }),
  capabilities: CustomerCapabilities,
})
export type Customer = z.infer<typeof Customer>

import { z } from 'zod'

/** Identity documents a country accepts (the public reference's `supportedDocuments` values). */
export const SupportedDocument = z.enum([
  'passport',
  'driving_licence',
  'national_identity_card',
  'residence_permit',
  'proof_of_address',
  'proof_of_income',
  'additional_proof_of_income',
  'selfie',
])
export type SupportedDocument = z.infer<typeof SupportedDocument>

/** One country of `GET /v3/countries`: where the service is available, for buying and selling, and its documents. */
export const Country = z.object({
  alpha2: z.string().length(2),
  alpha3: z.string().length(3),
  name: z.string().min(1),
  isAllowed: z.boolean(),
  isBuyAllowed: z.boolean(),
  isSellAllowed: z.boolean(),
  supportedDocuments: z.array(SupportedDocument),
})
export type Country = z.infer<typeof Country>

/** Response of `GET /v3/countries`. */
export const CountryList = z.array(Country)
export type CountryList = z.infer<typeof CountryList>

/** Query of `GET /v3/ip_address` and `/v4/ip_address`: the address to check, else the caller's. */
export const IpAddressQuery = z.object({
  ipAddress: z
    .string()
    .max(45, 'ipAddress must be at most 45 characters')
    .pipe(z.union([z.ipv4(), z.ipv6()], { error: 'ipAddress must be an IPv4 or IPv6 address' }))
    .optional(),
})
export type IpAddressQuery = z.infer<typeof IpAddressQuery>

/** Response of `GET /v3/ip_address`: where an address is, and what the service allows there. */
export const IpAddressCheck = z.object({
  alpha2: z.string().length(2),
  alpha3: z.string().length(3),
  country: z.string().min(1),
  /** A US state or territory code, else null. */
  state: z.string().nullable(),
  ipAddress: z.string(),
  isAllowed: z.boolean(),
  isBuyAllowed: z.boolean(),
  isSellAllowed: z.boolean(),
  isNftAllowed: z.boolean(),
})
export type IpAddressCheck = z.infer<typeof IpAddressCheck>

/** One entry of the sandbox's IP map (decision 0064), as `GET /__sandbox/fixtures` lists it. */
export const IpRangeRule = z.object({
  /** CIDR notation, e.g. `198.51.100.0/26`. */
  range: z.string(),
  alpha3: z.string().length(3),
  state: z.string().nullable(),
  isAllowed: z.boolean(),
  isBuyAllowed: z.boolean(),
  isSellAllowed: z.boolean(),
  /** What the range is for, in a few words. */
  meaning: z.string(),
})
export type IpRangeRule = z.infer<typeof IpRangeRule>

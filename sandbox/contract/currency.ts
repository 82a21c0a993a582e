import { z } from 'zod'

/** US state and territory codes allowed in `notAllowedUSStates`, exactly as the spec lists them. */
export const UsStateCode = z.enum([
  'AL',
  'AK',
  'AZ',
  'AR',
  'AS',
  'CA',
  'CO',
  'CT',
  'DC',
  'DE',
  'FL',
  'GA',
  'GU',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'MA',
  'MD',
  'ME',
  'MI',
  'MN',
  'MO',
  'MP',
  'MS',
  'MT',
  'NE',
  'NH',
  'NV',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'PR',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'TT',
  'UT',
  'VT',
  'VA',
  'VI',
  'WA',
  'WV',
  'WI',
  'WY',
])
export type UsStateCode = z.infer<typeof UsStateCode>

/** ISO 8601 timestamp with an explicit offset, as every timestamp in the spec. */
export const IsoTimestamp = z.iso.datetime({ offset: true })

/** ISO 3166-1 alpha-2 country code. */
export const CountryAlpha2 = z.string().regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code')

/** Lowercase currency code, as the service spells them (`eth`, `usdc_polygon`, `usd`). */
export const CurrencyCode = z.string().regex(/^[a-z0-9_]{2,32}$/, 'must be a lowercase currency code')

const currencyBase = {
  id: z.string().min(1),
  createdAt: IsoTimestamp,
  updatedAt: IsoTimestamp,
  name: z.string().min(1),
  code: CurrencyCode,
  precision: z.number().int().min(0),
  minBuyAmount: z.number().positive().nullable(),
  maxBuyAmount: z.number().positive().nullable(),
  isSellSupported: z.boolean(),
}

/** A fiat currency object (spec: FiatCurrency). */
export const FiatCurrency = z.object({
  ...currencyBase,
  type: z.literal('fiat'),
})
export type FiatCurrency = z.infer<typeof FiatCurrency>

/** Network facts of a crypto currency (spec: CryptoCurrency.metadata). */
export const CryptoMetadata = z.object({
  contractAddress: z.string().nullable(),
  chainId: z.string().nullable(),
  networkCode: z.string().min(1),
})
export type CryptoMetadata = z.infer<typeof CryptoMetadata>

/** A crypto currency object (spec: CryptoCurrency). */
export const CryptoCurrency = z
  .object({
    ...currencyBase,
    type: z.literal('crypto'),
    minSellAmount: z.number().positive().nullable(),
    maxSellAmount: z.number().positive().nullable(),
    addressRegex: z.string().min(1),
    testnetAddressRegex: z.string().min(1),
    supportsAddressTag: z.boolean(),
    addressTagRegex: z.string().nullable(),
    supportsTestMode: z.boolean(),
    isSuspended: z.boolean(),
    isSupportedInUs: z.boolean(),
    notAllowedUSStates: z.array(UsStateCode),
    notAllowedCountries: z.array(CountryAlpha2),
    metadata: CryptoMetadata,
  })
  .refine((c) => c.supportsAddressTag === (c.addressTagRegex !== null), {
    message: 'addressTagRegex is defined only when supportsAddressTag is true',
    path: ['addressTagRegex'],
  })
export type CryptoCurrency = z.infer<typeof CryptoCurrency>

/** Any item of the currencies list. */
export const Currency = z.union([FiatCurrency, CryptoCurrency])
export type Currency = z.infer<typeof Currency>

/** Response of `GET /v3/currencies`. */
export const CurrencyList = z.array(Currency)
export type CurrencyList = z.infer<typeof CurrencyList>

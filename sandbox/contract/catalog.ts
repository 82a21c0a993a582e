import { z } from 'zod'
import { CurrencyCode, Currency, IsoTimestamp } from './currency.ts'
import { SellPayoutMethod } from './payout-method.ts'

/** Fee schedule of one payout method on one pair: percent of the gross, with a floor in the quote currency. */
export const PayoutFee = z.object({
  method: SellPayoutMethod,
  feePercent: z.number().positive().max(20),
  minimumFee: z.number().positive(),
})
export type PayoutFee = z.infer<typeof PayoutFee>

/**
 * One crypto/fiat pair of the price table. `price` is the reference price of one
 * unit of `base` in `quote`, which the crypto's walk moves around (already at the
 * catalog epoch, where its waves start at their phases); `payoutMethods` is ordered, the first
 * is the default payout method of the pair; empty means the pair is not sellable.
 */
export const PricePair = z.object({
  base: CurrencyCode,
  quote: CurrencyCode,
  price: z.number().positive(),
  payoutMethods: z.array(PayoutFee),
})
export type PricePair = z.infer<typeof PricePair>

/** One wave of a crypto's seeded price walk: a sine of this amplitude (fraction of price), period and phase. */
export const PriceWave = z.object({
  amplitude: z.number().min(0).max(0.2),
  periodSeconds: z.number().int().positive(),
  phase: z
    .number()
    .min(0)
    .max(2 * Math.PI),
})
export type PriceWave = z.infer<typeof PriceWave>

/** Price table: every crypto/fiat pair at the epoch, and each crypto's walk over the virtual clock. */
export const PriceTable = z.object({
  epoch: IsoTimestamp,
  pairs: z.array(PricePair),
  walks: z.record(CurrencyCode, z.array(PriceWave).min(1)),
})
export type PriceTable = z.infer<typeof PriceTable>

/** Everything the service-wide fixtures hold for one seed. */
export const Catalog = z.object({
  seed: z.number().int(),
  currencies: z.array(Currency),
  prices: PriceTable,
})
export type Catalog = z.infer<typeof Catalog>

/**
 * The seeded facts of one account in one mode: its default settings and the key
 * its opaque ids are made with. Derivable from the seed, so it signs nothing:
 * signatures use keys derived from the process's secret (docs/decisions/0042).
 */
export const AccountFixture = z.object({
  account: z.string(),
  mode: z.enum(['test', 'live']),
  defaultExtraFeePercentage: z.number().int().min(0).max(10),
  idKey: z.string().regex(/^[0-9a-f]{64}$/),
})
export type AccountFixture = z.infer<typeof AccountFixture>

import { z } from 'zod'
import { CurrencyCode } from './currency.ts'
import { queryNumber } from './query-number.ts'

/**
 * One DeFi token (tag DefiToken; the reference leaves the shape unconfirmed, docs/decisions/0065): a crypto
 * currency of the catalog that lives at a contract address, with its network and its price in US dollars at
 * the tenant's clock.
 */
export const DefiToken = z.object({
  contractAddress: z.string().min(1),
  chainId: z.string().nullable(),
  network: z.string().min(1),
  currencyCode: CurrencyCode,
  symbol: z.string().min(1),
  name: z.string().min(1),
  decimals: z.number().int().min(0),
  priceUsd: z.number().positive(),
  circulatingSupply: z.number().positive(),
  marketCap: z.number().positive(),
})
export type DefiToken = z.infer<typeof DefiToken>

/** Query of `GET /v1/defi/token`. */
export const DefiTokenQuery = z.object({
  contractAddress: z
    .string({ error: 'contractAddress is required' })
    .min(1, 'contractAddress must not be empty')
    .max(128, 'contractAddress must be at most 128 characters'),
  network: z.string().min(1, 'network must not be empty').max(64, 'network must be at most 64 characters').optional(),
})
export type DefiTokenQuery = z.infer<typeof DefiTokenQuery>

/** What `GET /v1/defi/tokens` sorts by. */
export const DefiTokenSort = z.enum(['marketCap', 'price', 'name'], {
  error: 'sort must be one of marketCap, price, name',
})
export type DefiTokenSort = z.infer<typeof DefiTokenSort>

/** Sort direction of `GET /v1/defi/tokens`. */
export const SortOrder = z.enum(['asc', 'desc'], { error: 'order must be asc or desc' })
export type SortOrder = z.infer<typeof SortOrder>

/** Query of `GET /v1/defi/tokens`: sort (default marketCap, largest first), a page by limit 1–50 (default 10) and offset. */
export const DefiTokenListQuery = z.object({
  sort: DefiTokenSort.optional(),
  order: SortOrder.optional(),
  network: z.string().min(1, 'network must not be empty').max(64, 'network must be at most 64 characters').optional(),
  limit: queryNumber(
    z
      .string()
      .regex(/^[0-9]{1,3}$/, 'limit must be an integer')
      .transform(Number)
      .refine((n) => n >= 1 && n <= 50, 'limit must be from 1 to 50'),
    { type: 'integer', minimum: 1, maximum: 50, description: 'Page size; 10 when omitted' },
  ).optional(),
  offset: queryNumber(
    z
      .string()
      .regex(/^[0-9]{1,6}$/, 'offset must be a non-negative integer')
      .transform(Number),
    { type: 'integer', minimum: 0, description: 'Tokens skipped before the page; 0 when omitted' },
  ).optional(),
})
export type DefiTokenListQuery = z.infer<typeof DefiTokenListQuery>

/** Response of `GET /v1/defi/tokens`: one page and the count of all matching tokens. */
export const DefiTokenList = z.object({
  tokens: z.array(DefiToken),
  total: z.number().int().min(0),
  limit: z.number().int().min(1).max(50),
  offset: z.number().int().min(0),
})
export type DefiTokenList = z.infer<typeof DefiTokenList>

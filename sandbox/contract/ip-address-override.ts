import { z } from 'zod'
import { CountryAlpha2, UsStateCode } from './currency.ts'

/** At most this many IP-map overrides per tenant. */
export const MAX_IP_ADDRESS_OVERRIDES = 50

/**
 * One entry of a tenant's IP-map override (`PUT /__sandbox/settings` `ipAddresses`, decision record 0069): an address
 * or a CIDR range, the country it is in (a code `GET /v3/countries` lists), a US state only for `US`, and optionally
 * whether buying and selling are allowed there (default: the country's answer).
 */
export const IpAddressOverride = z
  .strictObject({
    range: z.string().min(2).max(64).describe('an IPv4 or IPv6 address, or a CIDR range such as 203.0.113.0/28'),
    alpha2: CountryAlpha2,
    state: UsStateCode.optional(),
    isBuyAllowed: z.boolean().optional(),
    isSellAllowed: z.boolean().optional(),
  })
  .refine((entry) => entry.state === undefined || entry.alpha2 === 'US', {
    message: 'state is a US state code, only for alpha2 US',
    path: ['state'],
  })
export type IpAddressOverride = z.infer<typeof IpAddressOverride>

/** A tenant's IP-map overrides, checked before the seeded map: each range once, at most {@link MAX_IP_ADDRESS_OVERRIDES}. */
export const IpAddressOverrides = z
  .array(IpAddressOverride)
  .max(MAX_IP_ADDRESS_OVERRIDES, `ipAddresses must have at most ${MAX_IP_ADDRESS_OVERRIDES} entries`)
  .superRefine((entries, ctx) => {
    const seen = new Map<string, number>()
    entries.forEach((entry, index) => {
      const first = seen.get(entry.range)
      if (first !== undefined)
        ctx.addIssue({
          code: 'custom',
          message: `range ${entry.range} is given twice (also at ipAddresses.${first})`,
          path: [index, 'range'],
        })
      else seen.set(entry.range, index)
    })
  })
export type IpAddressOverrides = z.infer<typeof IpAddressOverrides>

import { buildCountries } from '#fixtures/countries.ts'
import { buildIpRanges } from '#fixtures/ip-ranges.ts'
import type { Country, IpAddressCheck, IpAddressOverride, IpRangeRule } from '#contract/index.ts'
import { displayIp, inRange, parseIp } from './ip-address.ts'
import { overrideRules } from './ip-address-overrides.ts'

const COUNTRIES: ReadonlyMap<string, Country> = new Map(buildCountries().map((country) => [country.alpha3, country]))
const RULES: readonly IpRangeRule[] = buildIpRanges()

/** Where an address in none of the map's ranges is: the United States without a state, allowed (decision 0064). */
const FALLBACK = { alpha3: 'USA', state: null, isAllowed: true, isBuyAllowed: true, isSellAllowed: true } as const

/** The address the widget API reports when a request came with none (in process, through msw). */
export const UNKNOWN_CALLER_ADDRESS = '127.0.0.1'

/**
 * What `GET /v3/ip_address` answers for an address: the first rule of the tenant's overrides (`overrides`, the
 * settings' `ipAddresses`, most specific first), then of the sandbox's IP map (`buildIpRanges`), whose range
 * holds it, else the United States, allowed. `isNftAllowed` follows `isAllowed`. The address must already be valid
 * (the route's zod query checks it); the answer names it as given, an IPv4-mapped IPv6 address as its IPv4.
 *
 * @example
 * checkIpAddress('198.51.100.7') // { alpha2: 'CU', alpha3: 'CUB', country: 'Cuba', state: null, isAllowed: false, … }
 */
export function checkIpAddress(address: string, overrides?: readonly IpAddressOverride[]): IpAddressCheck {
  const parsed = parseIp(address)
  const rule =
    parsed === undefined ? undefined : ipRangeFixtures(overrides).find((candidate) => inRange(parsed, candidate.range))
  const place = rule ?? FALLBACK
  const country = COUNTRIES.get(place.alpha3)
  if (country === undefined) throw new Error(`the IP map names ${place.alpha3}, which the country fixtures lack`)
  return {
    alpha2: country.alpha2,
    alpha3: country.alpha3,
    country: country.name,
    state: place.state,
    ipAddress: displayIp(address),
    isAllowed: place.isAllowed,
    isBuyAllowed: place.isBuyAllowed,
    isSellAllowed: place.isSellAllowed,
    isNftAllowed: place.isAllowed,
  }
}

/**
 * The IP map a tenant's checks use, as `GET /__sandbox/fixtures` lists it: its overrides (decision 0069), then the
 * sandbox's seeded map (decision 0064).
 *
 * @example
 * ipRangeFixtures()[4].range // '198.51.100.0/26'
 */
export function ipRangeFixtures(overrides?: readonly IpAddressOverride[]): IpRangeRule[] {
  return [...overrideRules(overrides), ...RULES.map((rule) => ({ ...rule }))]
}

import { buildCountries } from '#fixtures/countries.ts'
import type { Country, IpAddressOverride, IpRangeRule } from '#contract/index.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import { parseIp } from './ip-address.ts'

const BY_ALPHA2: ReadonlyMap<string, Country> = new Map(buildCountries().map((country) => [country.alpha2, country]))

/** What an override's rules say they are, in `GET /__sandbox/fixtures`. */
const MEANING = 'tenant override (PUT /__sandbox/settings ipAddresses)'

/** An address or CIDR range as a CIDR range (`203.0.113.5` → `203.0.113.5/32`), with its prefix length; undefined when it is neither. */
function cidrOf(range: string): { cidr: string; bits: number } | undefined {
  const [base, bitsText, ...rest] = range.split('/')
  const address = parseIp(base ?? '')
  if (address === undefined || rest.length > 0) return undefined
  const width = address.family === 4 ? 32 : 128
  if (bitsText === undefined) return { cidr: `${base}/${width}`, bits: width }
  if (!/^[0-9]{1,3}$/.test(bitsText) || Number(bitsText) > width) return undefined
  return { cidr: `${base}/${Number(bitsText)}`, bits: Number(bitsText) }
}

/**
 * Checks what the contract cannot (it stands on zod alone): each range is an IPv4 or IPv6 address or CIDR range, each
 * country one `GET /v3/countries` lists. A bad entry is a 400 naming it (`ipAddresses.2.range`).
 *
 * @example
 * checkIpOverrides([{ range: '203.0.113.0/33', alpha2: 'GB' }]) // throws: ipAddresses.0.range must be an IPv4 or IPv6 address or CIDR range …
 */
export function checkIpOverrides(entries: readonly IpAddressOverride[]): IpAddressOverride[] {
  entries.forEach((entry, index) => {
    if (cidrOf(entry.range) === undefined) {
      throw SandboxError.invalidField(
        `ipAddresses.${index}.range`,
        `ipAddresses.${index}.range must be an IPv4 or IPv6 address or CIDR range (such as 203.0.113.5, 203.0.113.0/28 or 2001:db8:9::/48), not ${entry.range}`,
      )
    }
    if (!BY_ALPHA2.has(entry.alpha2)) {
      throw SandboxError.invalidField(
        `ipAddresses.${index}.alpha2`,
        `ipAddresses.${index}.alpha2 must be a country GET /v3/countries lists (${[...BY_ALPHA2.keys()].join(', ')}), not ${entry.alpha2}`,
      )
    }
  })
  return entries.map((entry) => ({ ...entry }))
}

/**
 * A tenant's overrides as rules of the IP map, most specific range first (so the first rule holding an address
 * decides, as in the seeded map): the country's answer unless the entry says otherwise; `isAllowed` is buy or sell.
 *
 * @example
 * overrideRules([{ range: '203.0.113.5', alpha2: 'GB' }])[0] // { range: '203.0.113.5/32', alpha3: 'GBR', state: null, isAllowed: true, … }
 */
export function overrideRules(entries: readonly IpAddressOverride[] | undefined): IpRangeRule[] {
  const rules: Array<IpRangeRule & { bits: number }> = []
  for (const entry of entries ?? []) {
    const range = cidrOf(entry.range)
    const country = BY_ALPHA2.get(entry.alpha2)
    if (range === undefined || country === undefined) continue
    const isBuyAllowed = entry.isBuyAllowed ?? country.isBuyAllowed
    const isSellAllowed = entry.isSellAllowed ?? country.isSellAllowed
    rules.push({
      range: range.cidr,
      bits: range.bits,
      alpha3: country.alpha3,
      state: entry.state ?? null,
      isAllowed: isBuyAllowed || isSellAllowed,
      isBuyAllowed,
      isSellAllowed,
      meaning: MEANING,
    })
  }
  return rules.sort((a, b) => b.bits - a.bits).map(({ bits: _bits, ...rule }) => rule)
}

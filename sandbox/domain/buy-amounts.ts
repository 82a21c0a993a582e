import { fromMinor, toMinor, type BuyQuoteFees, type FeeBehavior } from '#contract/index.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import type { BuyFeeSchedule } from './buy-fees.ts'
import { uncounted, type StepCount } from './step-count.ts'

/** The money of a buy quote, in the source fiat and the destination crypto. */
export interface BuyAmounts {
  source: number
  destination: number
  total: number
  fees: BuyQuoteFees
  feeBehavior: FeeBehavior
}

interface Units {
  price: number
  fiatPrecision: number
  cryptoPrecision: number
}

/**
 * The schedule in integers: the network fee and the service floor in minor units, the percentages in basis points
 * (hundredths of a percent, the fee tables' finest step). Fees are reckoned in `bigint` minor units: what a
 * destination costs can pass 2^53 minor units (10^12 btc in ngn is ~10^22), where a double drops the `+ 1`s a
 * search steps by.
 */
interface MinorSchedule {
  network: bigint
  serviceMinimum: bigint
  serviceBp: bigint
  ecosystemBp: bigint
}

const BP = 10_000n

const basisPoints = (percent: number) => BigInt(Math.round(percent * 100))

function minorSchedule(schedule: BuyFeeSchedule, p: number): MinorSchedule {
  return {
    network: BigInt(toMinor(schedule.network, p)),
    serviceMinimum: BigInt(toMinor(schedule.serviceMinimum, p)),
    serviceBp: basisPoints(schedule.servicePercent),
    ecosystemBp: basisPoints(schedule.ecosystemPercent),
  }
}

/** `bp` basis points of `minor` (≥ 0), rounded half up: `percentOfMinor`, exact at any size. */
const percentOf = (minor: bigint, bp: bigint) => (minor * bp + 5_000n) / BP

/** Integer division rounding up, for a positive divisor. */
const ceilDiv = (a: bigint, b: bigint) => (a >= 0n ? (a + b - 1n) / b : a / b)

// biome-ignore lint/complexity/useMathMinMax: bigints; Math.max throws on them
const maxOf = (...values: bigint[]) => values.reduce((a, b) => (a > b ? a : b))

function feesOnSource(sourceMinor: bigint, s: MinorSchedule) {
  const service = maxOf(s.serviceMinimum, percentOf(sourceMinor, s.serviceBp))
  const ecosystem = percentOf(sourceMinor, s.ecosystemBp)
  return { network: s.network, service, ecosystem, total: s.network + service + ecosystem }
}

/** Minor units as a `bigint`; one past every double (only an amount no request schema lets through) is refused, naming `field`. */
function wholeMinor(minor: number, field: string): bigint {
  if (!Number.isFinite(minor)) throw SandboxError.invalidField(field, `${field} is too large`)
  return BigInt(minor)
}

/** Minor units as an amount: exact below 2^53 minor units; above, only refusals show it (every fiat's maximum is far below). */
const amountOf = (minor: bigint, p: number) => fromMinor(Number(minor), p)

function asFees(fees: { network: bigint; service: bigint; ecosystem: bigint }, p: number): BuyQuoteFees {
  return {
    network: amountOf(fees.network, p),
    service: amountOf(fees.service, p),
    ecosystem: amountOf(fees.ecosystem, p),
  }
}

/**
 * Amounts when quoting by `source.amount` (spec rules 1–3): `inclusive` takes the
 * fees out of the amount (the customer pays exactly it); `exclusive` converts all
 * of it and adds the fees on top (more crypto, a larger total). A refusal names `field` (the request's amount).
 * No loop: nothing to count.
 */
export function amountsFromSource(
  amount: number,
  feeBehavior: FeeBehavior,
  schedule: BuyFeeSchedule,
  units: Units,
  field = 'source.amount',
): BuyAmounts {
  const p = units.fiatPrecision
  const sourceMinor = wholeMinor(toMinor(amount, p), field)
  const fees = feesOnSource(sourceMinor, minorSchedule(schedule, p))
  const convertedMinor = feeBehavior === 'inclusive' ? sourceMinor - fees.total : sourceMinor
  if (convertedMinor <= 0n) {
    throw SandboxError.invalidField(field, `${field} ${amount} does not cover the fees (${amountOf(fees.total, p)})`)
  }
  const scale = 10 ** units.cryptoPrecision
  const destination = Math.floor((amountOf(convertedMinor, p) / units.price) * scale + 1e-9) / scale
  if (destination <= 0)
    throw SandboxError.invalidField(field, `${field} ${amount} buys less than the smallest unit of the destination`)
  const totalMinor = feeBehavior === 'inclusive' ? sourceMinor : sourceMinor + fees.total
  return {
    source: amountOf(sourceMinor, p),
    destination,
    total: amountOf(totalMinor, p),
    fees: asFees(fees, p),
    feeBehavior,
  }
}

/**
 * Most sources {@link amountsFromDestination} looks at, for every fee the sandbox charges: `⌈19 998 / keep⌉ + 1`
 * where `keep` is the basis points of a source the percentage fees leave, at least 8 550 (the card's 4.5 % and the
 * largest extra fee, 10 %), so 4.
 */
export const MAX_DESTINATION_STEPS = 4

/**
 * Amounts when quoting by `destination.amount` (spec rule 2): always
 * fees-inclusive; the source amount is the smallest one whose fees leave enough
 * to buy the requested crypto.
 *
 * Exact, in `bigint` minor units. With `C` the fiat the crypto costs, `N` the network fee, `M` the service floor,
 * `a` and `b` the service and ecosystem basis points and `P_r(s) = ⌊(s·r + 5 000) / 10 000⌋` a rounded percentage,
 * a source `s` leaves `g(s) = s − N − max(M, P_a(s)) − P_b(s)`; the answer is the smallest `s ≥ 1` with `g(s) ≥ C`.
 * As `(s·r − 4 999) / 10 000 ≤ P_r(s) ≤ (s·r + 5 000) / 10 000`, every `s` below
 * `L = max(1, ⌈(10 000·(C + N) − 9 998) / (10 000 − a − b)⌉, ⌈(10 000·(C + N + M) − 4 999) / (10 000 − b)⌉)` leaves
 * less than `C`, and `U = max(⌈10 000·(C + N + 1) / (10 000 − a − b)⌉, ⌈(10 000·(C + N + M) + 5 000) / (10 000 − b)⌉)`
 * leaves enough (whichever of `M` and `P_a(U)` is larger). So the answer is the first `s` in `[L, U]` that leaves
 * enough, and the scan looks at most at `U − L + 1 ≤ ⌈19 998 / (10 000 − a − b)⌉ + 1` sources
 * ({@link MAX_DESTINATION_STEPS}), each counted into `count`. A refusal names `field` (the request's amount).
 */
export function amountsFromDestination(
  amount: number,
  schedule: BuyFeeSchedule,
  units: Units,
  count: StepCount = uncounted(),
  field = 'destination.amount',
): BuyAmounts {
  const p = units.fiatPrecision
  const s = minorSchedule(schedule, p)
  const keep = BP - s.serviceBp - s.ecosystemBp
  if (keep <= 0n) throw SandboxError.invalidField(field, `${field} cannot be bought: the fees take all of any amount`)
  const convertedMinor = wholeMinor(Math.ceil(amount * units.price * 10 ** p - 1e-9), field)
  const withNetwork = BP * (convertedMinor + s.network)
  const withFloor = BP * (convertedMinor + s.network + s.serviceMinimum)
  const keepWithFloor = BP - s.ecosystemBp
  const lowest = maxOf(1n, ceilDiv(withNetwork - 9_998n, keep), ceilDiv(withFloor - 4_999n, keepWithFloor))
  const enough = maxOf(ceilDiv(withNetwork + BP, keep), ceilDiv(withFloor + 5_000n, keepWithFloor))
  let sourceMinor = lowest
  let fees = feesOnSource(sourceMinor, s)
  count.steps++
  while (sourceMinor < enough && sourceMinor - fees.total < convertedMinor) {
    sourceMinor++
    fees = feesOnSource(sourceMinor, s)
    count.steps++
  }
  return {
    source: amountOf(sourceMinor, p),
    destination: amount,
    total: amountOf(sourceMinor, p),
    fees: asFees(fees, p),
    feeBehavior: 'inclusive',
  }
}

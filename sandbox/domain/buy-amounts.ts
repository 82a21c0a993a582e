import { fromMinor, percentOfMinor, toMinor, type BuyQuoteFees, type FeeBehavior } from '../contract/index.ts'
import { SandboxError } from '../kernel/sandbox-error.ts'
import type { BuyFeeSchedule } from './buy-fees.ts'

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

function feesOnSource(sourceMinor: number, schedule: BuyFeeSchedule, p: number) {
  const network = toMinor(schedule.network, p)
  const service = Math.max(toMinor(schedule.serviceMinimum, p), percentOfMinor(sourceMinor, schedule.servicePercent))
  const ecosystem = percentOfMinor(sourceMinor, schedule.ecosystemPercent)
  return { network, service, ecosystem, total: network + service + ecosystem }
}

function asFees(fees: { network: number; service: number; ecosystem: number }, p: number): BuyQuoteFees {
  return { network: fromMinor(fees.network, p), service: fromMinor(fees.service, p), ecosystem: fromMinor(fees.ecosystem, p) }
}

/**
 * Amounts when quoting by `source.amount` (spec rules 1–3): `inclusive` takes the
 * fees out of the amount (the customer pays exactly it); `exclusive` converts all
 * of it and adds the fees on top (more crypto, a larger total). A refusal names `field` (the request's amount).
 */
export function amountsFromSource(amount: number, feeBehavior: FeeBehavior, schedule: BuyFeeSchedule, units: Units, field = 'source.amount'): BuyAmounts {
  const p = units.fiatPrecision
  const sourceMinor = toMinor(amount, p)
  const fees = feesOnSource(sourceMinor, schedule, p)
  const convertedMinor = feeBehavior === 'inclusive' ? sourceMinor - fees.total : sourceMinor
  if (convertedMinor <= 0) {
    throw SandboxError.invalidField(field, `${field} ${amount} does not cover the fees (${fromMinor(fees.total, p)})`)
  }
  const scale = 10 ** units.cryptoPrecision
  const destination = Math.floor((fromMinor(convertedMinor, p) / units.price) * scale + 1e-9) / scale
  if (destination <= 0) throw SandboxError.invalidField(field, `${field} ${amount} buys less than the smallest unit of the destination`)
  const totalMinor = feeBehavior === 'inclusive' ? sourceMinor : sourceMinor + fees.total
  return { source: fromMinor(sourceMinor, p), destination, total: fromMinor(totalMinor, p), fees: asFees(fees, p), feeBehavior }
}

/**
 * Amounts when quoting by `destination.amount` (spec rule 2): always
 * fees-inclusive; the source amount is the smallest one whose fees leave enough
 * to buy the requested crypto.
 *
 * The search starts below every source that could cover the cost (each percentage fee rounds down by at most half
 * a minor unit, so what a source `s` leaves is at most `keep × s − network + 1`) and steps up by what is still
 * missing: a minor unit more leaves at most one more, since fees never fall as the source grows, so no step passes
 * over a source that covers it.
 */
export function amountsFromDestination(amount: number, schedule: BuyFeeSchedule, units: Units): BuyAmounts {
  const p = units.fiatPrecision
  const convertedMinor = Math.ceil(amount * units.price * 10 ** p - 1e-9)
  const keep = 1 - (schedule.servicePercent + schedule.ecosystemPercent) / 100
  let sourceMinor = Math.max(1, Math.floor((convertedMinor + toMinor(schedule.network, p) - 1) / keep))
  let fees = feesOnSource(sourceMinor, schedule, p)
  while (sourceMinor - fees.total < convertedMinor) {
    sourceMinor += convertedMinor - (sourceMinor - fees.total)
    fees = feesOnSource(sourceMinor, schedule, p)
  }
  return { source: fromMinor(sourceMinor, p), destination: amount, total: fromMinor(sourceMinor, p), fees: asFees(fees, p), feeBehavior: 'inclusive' }
}

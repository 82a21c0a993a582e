import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { toMinor } from '#contract/index.ts'
import { amountsFromDestination, amountsFromSource, MAX_DESTINATION_STEPS } from './buy-amounts.ts'
import type { BuyFeeSchedule } from './buy-fees.ts'
import type { StepCount } from './step-count.ts'

/** `percent` % of `minor`, rounded half up, in exact integers: the fee tables' rule, written out. */
const percentOf = (minor: bigint, percent: number) => (minor * BigInt(Math.round(percent * 100)) + 5_000n) / 10_000n

/** What a source of `minor` minor units leaves to convert after every fee of `schedule`, in exact integers. */
function leftAfterFees(minor: bigint, schedule: BuyFeeSchedule, p: number): bigint {
  const service = percentOf(minor, schedule.servicePercent)
  const floor = BigInt(toMinor(schedule.serviceMinimum, p))
  return (
    minor -
    BigInt(toMinor(schedule.network, p)) -
    (service > floor ? service : floor) -
    percentOf(minor, schedule.ecosystemPercent)
  )
}

/**
 * The smallest source leaving `cost`, found the slow and obvious way: from 1, step up by what is still missing (a
 * minor unit more leaves at most one more, so no step passes the answer).
 */
function byShortfall(cost: bigint, schedule: BuyFeeSchedule, p: number): bigint {
  let source = 1n
  for (let left = leftAfterFees(source, schedule, p); left < cost; left = leftAfterFees(source, schedule, p))
    source += cost - left
  return source
}

/** An answered amount in minor units (`toMinor` would nudge one this large up by a relative 10^-12). */
const minorOf = (amount: number, p: number) => BigInt(Math.round(amount * 10 ** p))

describe('amountsFromDestination', () => {
  it('asks 160.28 usd for 0.05 eth at 2947.0109 with the card and a 2 % extra fee, looking at no more than 4 sources', () => {
    const count: StepCount = { steps: 0 }
    const schedule = { network: 2.5, servicePercent: 4.5, serviceMinimum: 3.99, ecosystemPercent: 2 }
    const amounts = amountsFromDestination(
      0.05,
      schedule,
      { price: 2947.0109, fiatPrecision: 2, cryptoPrecision: 4 },
      count,
    )
    expect([amounts.source, amounts.fees]).toEqual([160.28, { network: 2.5, service: 7.21, ecosystem: 3.21 }])
    const cost = 14_736n // 0.05 × 2947.0109 = 147.350545 usd, rounded up to the cent
    expect([leftAfterFees(16_027n, schedule, 2) < cost, leftAfterFees(16_028n, schedule, 2) >= cost]).toEqual([
      true,
      true,
    ])
    expect(count.steps).toBeGreaterThanOrEqual(1)
    expect(count.steps).toBeLessThanOrEqual(MAX_DESTINATION_STEPS)
  })

  it('answers the smallest source the shortfall steps reach, for any fees the sandbox charges, looking at no more than 4 sources', () => {
    const input = fc.record({
      fiatPrecision: fc.constantFrom(0, 2, 3),
      cryptoPrecision: fc.integer({ min: 0, max: 5 }),
      amountMinor: fc.integer({ min: 1, max: 1e9 }),
      price: fc.double({ min: 1e-6, max: 2e8, noNaN: true }),
      network: fc.double({ min: 0, max: 5_000, noNaN: true }),
      serviceMinimum: fc.double({ min: 0, max: 10_000, noNaN: true }),
      servicePercent: fc.constantFrom(3.5, 4.5),
      ecosystemPercent: fc.integer({ min: 0, max: 10 }),
    })
    fc.assert(
      fc.property(input, ({ fiatPrecision: p, cryptoPrecision, amountMinor, price, ...schedule }) => {
        const amount = amountMinor / 10 ** cryptoPrecision
        const cost = Math.ceil(amount * price * 10 ** p - 1e-9)
        // Costs whose sources stay where doubles were exact: the old search answers there too, and it is the reference.
        fc.pre(cost < 1e11)
        const count: StepCount = { steps: 0 }
        const amounts = amountsFromDestination(amount, schedule, { price, fiatPrecision: p, cryptoPrecision }, count)
        expect(minorOf(amounts.source, p)).toBe(byShortfall(BigInt(cost), schedule, p))
        expect(count.steps).toBeGreaterThanOrEqual(1)
        expect(count.steps).toBeLessThanOrEqual(MAX_DESTINATION_STEPS)
      }),
      { numRuns: 2_000 },
    )
  })
})

describe('amountsFromSource', () => {
  it('rounds a 10 % extra fee half up to the fils on 98 765 432 109.006 kwd, where the product passes 2^53', () => {
    const schedule = { network: 0.77, servicePercent: 4.5, serviceMinimum: 1.22, ecosystemPercent: 10 }
    const amounts = amountsFromSource(98_765_432_109.006, 'inclusive', schedule, {
      price: 27_600,
      fiatPrecision: 3,
      cryptoPrecision: 5,
    })
    const source = minorOf(amounts.source, 3)
    expect(source * 1_000n).toBeGreaterThan(2n ** 53n)
    expect([minorOf(amounts.fees.service, 3), minorOf(amounts.fees.ecosystem, 3)]).toEqual([
      percentOf(source, 4.5),
      percentOf(source, 10),
    ])
  })
})

import { describe, expect, it } from 'vitest'
import { createSandboxCore } from '#http/sandbox-core.ts'
import type { FiatCurrency } from '#contract/index.ts'
import { buyBoundsProblem } from './buy-quote-checks.ts'

const catalog = createSandboxCore({ seed: 1 }).tenants.get('buybounds', 'test').catalog
const usd = catalog.currency('usd') as FiatCurrency
const eth = catalog.crypto('eth')!

describe('buyBoundsProblem', () => {
  it("finds an amount bought above the crypto's maxBuyAmount", () => {
    expect(buyBoundsProblem(usd, { ...eth, maxBuyAmount: 0.5 }, { total: 2000, destination: 0.6 })).toEqual({
      bound: 'crypto',
      message: 'the amount bought 0.6 eth is above the maximum buy of 0.5 eth',
    })
  })

  it('finds the fiat bound first when both are broken', () => {
    expect(buyBoundsProblem(usd, eth, { total: 1, destination: 0.0001 })).toMatchObject({ bound: 'fiat' })
  })

  it('takes both bounds as inclusive', () => {
    expect(buyBoundsProblem(usd, eth, { total: usd.minBuyAmount!, destination: eth.minBuyAmount! })).toBeUndefined()
    expect(buyBoundsProblem(usd, eth, { total: usd.maxBuyAmount!, destination: eth.maxBuyAmount! })).toBeUndefined()
  })

  it('has no bound where minBuyAmount and maxBuyAmount are null', () => {
    const unbounded = { minBuyAmount: null, maxBuyAmount: null }
    expect(
      buyBoundsProblem({ ...usd, ...unbounded }, { ...eth, ...unbounded }, { total: 0.01, destination: 1e9 }),
    ).toBeUndefined()
  })
})

import { describe, expect, it } from 'vitest'
import { swapPairCodes } from '#fixtures/swap-pairs.ts'
import { createSandboxCore } from '#http/sandbox-core.ts'
import { curatedSwapPair, swapPairNamed, swapPairs } from './swap-pairs.ts'

const core = createSandboxCore({ seed: 1 })
const tenant = core.tenants.get('pairs', 'test')

describe('swap pairs', () => {
  it('name only crypto currencies of the catalog', () => {
    for (const [base, quote] of swapPairCodes) {
      expect(tenant.catalog.crypto(base), base).toBeDefined()
      expect(tenant.catalog.crypto(quote), quote).toBeDefined()
    }
  })

  it('set limits worth about 20 and 50 000 US dollars', () => {
    const usdcEth = swapPairs(tenant).find(({ pair }) => pair.pairName === 'usdc-eth')!.pair
    expect(usdcEth.minSwapAmount).toBeCloseTo(20, 0)
    expect(usdcEth.maxSwapAmount).toBeCloseTo(50_000, -3)
  })

  it('are the same for the same seed', () => {
    expect(swapPairs(core.tenants.get('pairs2', 'test')).map(({ pair }) => pair)).toEqual(
      swapPairs(tenant).map(({ pair }) => pair),
    )
  })

  it('find a suspended pair for a swap already made, though a quote cannot name it', () => {
    expect(curatedSwapPair(tenant, 'xtz-eth')?.pair.isSuspended).toBe(true)
    expect(() => swapPairNamed(tenant, 'xtz-eth')).toThrow(/suspended/)
  })
})

import { describe, expect, it } from 'vitest'
import { swapPairCodes } from '#fixtures/swap-pairs.ts'
import { createSandboxCore } from '#http/sandbox-core.ts'
import { checkSwapWallet, depositWalletFor, madeUpHash } from './swap-wallets.ts'

const core = createSandboxCore({ seed: 1 })

describe('depositWalletFor', () => {
  for (const mode of ['test', 'live'] as const) {
    it(`makes an address every curated pair's base currency takes in ${mode} mode`, () => {
      const tenant = core.tenants.get('wallets', mode)
      for (const code of new Set(swapPairCodes.map(([base]) => base))) {
        const crypto = tenant.catalog.crypto(code)!
        const wallet = depositWalletFor(tenant, crypto, 'swp_1')
        expect(wallet.address, code).toMatch(
          new RegExp(mode === 'test' ? crypto.testnetAddressRegex : crypto.addressRegex),
        )
        if (crypto.addressTagRegex) expect(wallet.tag, code).toMatch(new RegExp(crypto.addressTagRegex))
        else expect(wallet.tag, code).toBeNull()
      }
    })
  }

  it('makes the same address for the same swap and another for another', () => {
    const tenant = core.tenants.get('wallets', 'test')
    const eth = tenant.catalog.crypto('eth')!
    expect(depositWalletFor(tenant, eth, 'swp_1')).toEqual(depositWalletFor(tenant, eth, 'swp_1'))
    expect(depositWalletFor(tenant, eth, 'swp_2').address).not.toBe(depositWalletFor(tenant, eth, 'swp_1').address)
  })
})

describe('madeUpHash', () => {
  it('is 0x-prefixed on EVM networks and bare elsewhere', () => {
    const tenant = core.tenants.get('wallets', 'test')
    expect(madeUpHash(tenant, tenant.catalog.crypto('eth')!, 'swp_1', 'deposit')).toMatch(/^0x[0-9a-f]{64}$/)
    expect(madeUpHash(tenant, tenant.catalog.crypto('btc')!, 'swp_1', 'deposit')).toMatch(/^[0-9a-f]{64}$/)
  })
})

describe('checkSwapWallet', () => {
  const tenant = core.tenants.get('wallets', 'test')
  const xrp = tenant.catalog.crypto('xrp')!

  it('keeps a tag the currency takes', () => {
    expect(checkSwapWallet(xrp, 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY', '12345', 'test', 'a', 'a.tag')).toEqual({
      address: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY',
      tag: '12345',
    })
  })

  it("names the tag field when the tag breaks the currency's rule", () => {
    expect(() => checkSwapWallet(xrp, 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY', 'abc', 'test', 'a', 'a.tag')).toThrow(
      /a.tag must match/,
    )
  })
})

import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { FailureCode, fromMinor, toMinor } from '#contract/index.ts'
import { PURCHASE_FRAMES } from '#portable/frames/purchase-gate.ts'
import { TEST_TRIGGERS, isPurchaseFrame, triggerFor, triggersMarkdown } from './triggers.ts'

/**
 * What partners buy without meaning a trigger, in minor units turned into amounts the way a quote does
 * (`fromMinor`): every whole amount to 10 000, every multiple of 0.05 to 1 000 (x.25, x.50, x.95 …), every x.49 and x.99.
 */
function* ordinaryAmounts(): Generator<number> {
  for (let whole = 1; whole <= 10_000; whole++) yield whole
  for (let cents = 5; cents <= 100_000; cents += 5) yield fromMinor(cents, 2)
  for (let whole = 0; whole < 1_000; whole++) for (const cents of [49, 99]) yield fromMinor(whole * 100 + cents, 2)
}

describe('test-mode triggers', () => {
  it('gives 48 a wallet-ownership challenge in card and wallet-pay frames', () => {
    for (const frame of PURCHASE_FRAMES)
      expect(triggerFor('test', 48, frame)?.outcome).toEqual({ kind: 'challenge', challenge: 'wallet_ownership' })
  })

  it('gives 49 a CVV challenge in card frames only', () => {
    expect(triggerFor('test', 49, 'buy')?.outcome).toEqual({ kind: 'challenge', challenge: 'cvv' })
    expect(triggerFor('test', 49, 'buy-button')?.outcome).toEqual({ kind: 'challenge', challenge: 'cvv' })
    expect(triggerFor('test', 49, 'apple-pay')).toBeUndefined()
    expect(triggerFor('test', 49, 'google-pay')).toBeUndefined()
  })

  it('marks 48 and 49 as the spec triggers and every other one as a sandbox extension', () => {
    expect(TEST_TRIGGERS.filter((t) => t.source === 'spec').map((t) => t.amount)).toEqual([48, 49])
  })

  it('ignores every trigger in live mode', () => {
    for (const trigger of TEST_TRIGGERS)
      for (const frame of trigger.frames) expect(triggerFor('live', trigger.amount, frame)).toBeUndefined()
  })

  it('matches the amount exactly', () => {
    expect(triggerFor('test', 48.01, 'buy')).toBeUndefined()
    expect(triggerFor('test', 480, 'buy')).toBeUndefined()
    expect(triggerFor('test', 100, 'apple-pay')).toBeUndefined()
  })

  it('has one wallet-pay amount per failureCode, walletPayMerchantUnavailable for iOS only', () => {
    for (const code of FailureCode.options) {
      const found = TEST_TRIGGERS.filter((t) => t.outcome.kind === 'failure' && t.outcome.failureCode === code)
      expect(found, code).toHaveLength(1)
      expect(found[0]!.frames).toEqual(
        code === 'walletPayMerchantUnavailable' ? ['apple-pay'] : ['apple-pay', 'google-pay'],
      )
      expect(found[0]!.outcome.kind === 'failure' && found[0]!.outcome.failureReason.length).toBeGreaterThan(0)
    }
  })

  it('has one amount per challenge frame error code, each a challenge that reports it', () => {
    for (const code of ['invalid_token', 'unsupported_flow', 'invalid_challenge']) {
      const found = TEST_TRIGGERS.filter((t) => t.outcome.kind === 'challenge' && t.outcome.error?.code === code)
      expect(found, code).toHaveLength(1)
      expect(found[0]!.frames).toEqual(PURCHASE_FRAMES)
    }
  })

  it('gives the iOS second factor its own amount, in apple-pay only', () => {
    expect(triggerFor('test', 47.13, 'apple-pay')?.outcome).toEqual({ kind: 'secondFactor' })
    expect(triggerFor('test', 47.13, 'google-pay')).toBeUndefined()
  })

  it('uses distinct amounts', () => {
    const amounts = TEST_TRIGGERS.map((t) => t.amount)
    expect(new Set(amounts).size).toBe(amounts.length)
  })

  it('gives every sandbox extension a whole amount plus 13 cents', () => {
    for (const trigger of TEST_TRIGGERS.filter((t) => t.source === 'sandbox')) {
      expect(toMinor(trigger.amount, 2) % 100, String(trigger.amount)).toBe(13)
      expect(fromMinor(toMinor(trigger.amount, 2), 2)).toBe(trigger.amount)
    }
  })

  it('fires nothing but the spec triggers 48 and 49 on an ordinary purchase amount', () => {
    const fired = new Set<number>()
    for (const amount of ordinaryAmounts())
      for (const frame of PURCHASE_FRAMES) if (triggerFor('test', amount, frame)) fired.add(amount)
    expect([...fired].sort((a, b) => a - b)).toEqual([48, 49])
  })

  it('keeps every amount exact through rounding to the precision of a fiat with two or three decimals', () => {
    for (const { amount } of TEST_TRIGGERS)
      for (const precision of [2, 3]) expect(fromMinor(toMinor(amount, precision), precision)).toBe(amount)
  })

  it('knows which frames buy', () => {
    expect(isPurchaseFrame('google-pay')).toBe(true)
    expect(isPurchaseFrame('challenge')).toBe(false)
  })

  it('is documented in docs/triggers.md exactly as the registry says', () => {
    const doc = readFileSync(new URL('../../docs/triggers.md', import.meta.url), 'utf8')
    expect(doc).toContain(triggersMarkdown())
  })
})

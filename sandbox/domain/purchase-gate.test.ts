import { describe, expect, it } from 'vitest'
import type { CustomerRecord } from '#contract/index.ts'
import { createSandboxCore } from '#http/sandbox-core.ts'
import { purchaseGate } from './purchase-gate.ts'

const core = createSandboxCore({ seed: 1 })
const test = core.tenants.get('gate', 'test')
const live = core.tenants.get('gate', 'live')
const approved = { kycStatus: 'approved', guest: false } as CustomerRecord
const unverified = { kycStatus: 'not_started', guest: false } as CustomerRecord

describe('purchaseGate', () => {
  it('answers the test-mode trigger of the amount in the frame', () => {
    expect(purchaseGate(test, approved, 48, 'apple-pay')).toEqual({ kind: 'challenge', challenge: 'wallet_ownership' })
    expect(purchaseGate(test, approved, 49, 'buy')).toEqual({ kind: 'challenge', challenge: 'cvv' })
    expect(purchaseGate(test, approved, 49, 'google-pay')).toBeNull()
    expect(purchaseGate(test, approved, 47.13, 'apple-pay')).toEqual({ kind: 'secondFactor' })
  })

  it('asks an unverified buyer for the identity challenge first, whatever the amount', () => {
    expect(purchaseGate(test, unverified, 48, 'buy')).toEqual({ kind: 'challenge', challenge: 'identity' })
    expect(purchaseGate(test, unverified, 50, 'buy')).toEqual({ kind: 'challenge', challenge: 'identity' })
  })

  it('pays an ordinary amount, and every amount in live mode', () => {
    expect(purchaseGate(test, approved, 50, 'buy')).toBeNull()
    expect(purchaseGate(live, approved, 48, 'buy')).toBeNull()
  })
})

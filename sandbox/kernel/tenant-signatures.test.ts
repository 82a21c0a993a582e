import { describe, expect, it } from 'vitest'
import { createSandboxCore } from '../http/sandbox-core.ts'
import { portableHmacSha256 } from './hmac.ts'

/** A core whose HMAC counts its calls with messages starting with `probe:` (the tenant's own signing key is made at creation). */
function countingCore() {
  const calls = { count: 0 }
  const core = createSandboxCore({
    hmac: (key, message) => {
      if (message.startsWith('probe:')) calls.count++
      return portableHmacSha256(key, message)
    },
  })
  return { core, calls }
}

describe('Tenant.sign', () => {
  it('answers the same signature for a message signed again, computing it once', () => {
    const { core, calls } = countingCore()
    const tenant = core.tenants.get('signer', 'test')
    const first = tenant.sign('probe:a quote')
    expect(tenant.sign('probe:a quote')).toBe(first)
    expect(calls.count).toBe(1)
    expect(tenant.verify('probe:a quote', first)).toBe(true)
    expect(calls.count).toBe(1)
  })

  it('signs each new message afresh', () => {
    const { core, calls } = countingCore()
    const tenant = core.tenants.get('signer', 'test')
    expect(tenant.sign('probe:one')).not.toBe(tenant.sign('probe:two'))
    expect(calls.count).toBe(2)
  })

  it('computes a long message every time, so the kept signatures stay small', () => {
    const { core, calls } = countingCore()
    const tenant = core.tenants.get('signer', 'test')
    const long = `probe:${'x'.repeat(2000)}`
    expect(tenant.sign(long)).toBe(tenant.sign(long))
    expect(calls.count).toBe(2)
  })

  it('keeps signatures per tenant: another account signs the same message with its own key', () => {
    const { core } = countingCore()
    expect(core.tenants.get('one', 'test').sign('probe:m')).not.toBe(core.tenants.get('two', 'test').sign('probe:m'))
  })
})

import { describe, expect, it } from 'vitest'
import { createSandboxCore } from '#http/sandbox-core.ts'

describe('Tenant.sign', () => {
  it('signs with a key of its own: another account signs the same message differently', () => {
    const core = createSandboxCore()
    expect(core.tenants.get('one', 'test').sign('m')).not.toBe(core.tenants.get('two', 'test').sign('m'))
  })

  it("verifies its own signature and refuses another account's", () => {
    const core = createSandboxCore()
    const one = core.tenants.get('one', 'test')
    expect(one.verify('m', one.sign('m'))).toBe(true)
    expect(one.verify('m', core.tenants.get('two', 'test').sign('m'))).toBe(false)
  })
})

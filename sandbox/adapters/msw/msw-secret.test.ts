import { describe, expect, it } from 'vitest'
import { PUBLIC_TEST_SECRET } from '#http/index.ts'
import { createSandbox } from './create-sandbox.ts'

describe('createSandbox (msw): the signing secret', () => {
  it('draws a random secret from crypto.getRandomValues when none is given', () => {
    const [a, b] = [createSandbox(), createSandbox()]
    expect(a.core.secret).toMatch(/^[0-9a-f]{64}$/)
    expect(a.core.secret).not.toBe(PUBLIC_TEST_SECRET)
    expect(a.core.secret).not.toBe(b.core.secret)
  })

  it('signs with the secret it is given', () => {
    expect(createSandbox({ secret: '5e'.repeat(32) }).core.secret).toBe('5e'.repeat(32))
  })
})

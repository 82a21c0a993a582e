import { describe, expect, it } from 'vitest'
import { portableHmacSha256 } from './hmac.ts'
import { Signer } from './signer.ts'

/** A signer whose HMAC counts its calls. */
function countingSigner() {
  const calls = { count: 0 }
  const signer = new Signer((key, message) => {
    calls.count++
    return portableHmacSha256(key, message)
  }, 'k'.repeat(43))
  return { signer, calls }
}

describe('Signer', () => {
  it('answers the same signature for a message signed again, computing it once', () => {
    const { signer, calls } = countingSigner()
    const first = signer.sign('a quote')
    expect(signer.sign('a quote')).toBe(first)
    expect(signer.verify('a quote', first)).toBe(true)
    expect(calls.count).toBe(1)
  })

  it('signs each new message afresh', () => {
    const { signer, calls } = countingSigner()
    expect(signer.sign('one')).not.toBe(signer.sign('two'))
    expect(calls.count).toBe(2)
  })

  it('computes a long message every time, so what it keeps stays small', () => {
    const { signer, calls } = countingSigner()
    const long = 'x'.repeat(2000)
    expect(signer.sign(long)).toBe(signer.sign(long))
    expect(calls.count).toBe(2)
  })

  it('refuses another signature, a missing one and a tampered message', () => {
    const { signer } = countingSigner()
    const signature = signer.sign('m')
    expect(signer.verify('m', signer.sign('n'))).toBe(false)
    expect(signer.verify('m', null)).toBe(false)
    expect(signer.verify('m2', signature)).toBe(false)
  })

  it('never serialises its key', () => {
    expect(JSON.stringify(new Signer(portableHmacSha256, 'the-secret-key'))).not.toContain('the-secret-key')
  })
})

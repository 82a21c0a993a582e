import { describe, expect, it } from 'vitest'
import { alpha2, isRestrictedCountry } from './geography.ts'

describe('geography', () => {
  it('gives the alpha-2 code of a known alpha-3 country', () => {
    expect(alpha2('USA')).toBe('US')
    expect(alpha2('BRA')).toBe('BR')
  })

  it('knows no code for an unknown country, an object property name among them', () => {
    for (const country of ['XXX', 'constructor', '__proto__', 'toString'])
      expect(alpha2(country), country).toBeUndefined()
  })

  it('restricts the restricted countries only', () => {
    expect(isRestrictedCountry('CUB')).toBe(true)
    expect(isRestrictedCountry('USA')).toBe(false)
    expect(isRestrictedCountry('constructor')).toBe(false)
  })
})

import { describe, expect, it } from 'vitest'
import { fromMinor, percentOfMinor, roundSignificant, roundTo, toMinor } from './rounding.ts'

describe('rounding', () => {
  it('rounds half up despite binary artefacts', () => {
    expect(toMinor(1.005, 2)).toBe(101)
    expect(roundTo(2.675, 2)).toBe(2.68)
    expect(roundTo(1.0049, 2)).toBe(1)
  })

  it('converts minor units back to the nearest decimal', () => {
    expect(fromMinor(144551, 2)).toBe(1445.51)
    expect(fromMinor(1225, 3)).toBe(1.225)
    expect(fromMinor(599, 0)).toBe(599)
  })

  it('rounds to significant digits for large and tiny values', () => {
    expect(roundSignificant(2947.010912345, 8)).toBe(2947.0109)
    expect(roundSignificant(0.0000123456789, 8)).toBe(0.000012345679)
    expect(roundSignificant(123456789012, 8)).toBe(123456790000)
  })

  it('takes a percentage of minor units half up, exactly where binary multiplication falls short', () => {
    expect(25_000 * 2.01).toBe(50_249.99999999999)
    expect(percentOfMinor(25_000, 2.01)).toBe(503)
    expect(percentOfMinor(25_000, 2)).toBe(500)
    expect(percentOfMinor(14_985, 0.01)).toBe(1)
    expect(percentOfMinor(14_949, 0.01)).toBe(1)
    expect(percentOfMinor(16_201, 4.5)).toBe(729)
    expect(percentOfMinor(6_000_000_000_000, 20)).toBe(1_200_000_000_000)
  })
})

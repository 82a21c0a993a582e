import { describe, expect, it } from 'vitest'
import { andThen, attempt } from './maybe-promise.ts'

describe('andThen', () => {
  it('runs the next step at once on a value, without a promise', () => {
    expect(andThen(2, (n) => n + 1)).toBe(3)
  })

  it('runs the next step once a promise settles', async () => {
    const later = andThen(Promise.resolve(2), (n) => n + 1)
    expect(later).toBeInstanceOf(Promise)
    await expect(later).resolves.toBe(3)
  })
})

describe('attempt', () => {
  it('gives the value of a run that succeeds', () => {
    expect(
      attempt(
        () => 1,
        () => 0,
      ),
    ).toBe(1)
  })

  it('recovers a throw now and a rejection later', async () => {
    expect(
      attempt(
        () => {
          throw new Error('now')
        },
        (error) => (error as Error).message,
      ),
    ).toBe('now')
    await expect(
      attempt(
        () => Promise.reject(new Error('later')),
        (error) => (error as Error).message,
      ),
    ).resolves.toBe('later')
  })
})

import { describe, expect, it } from 'vitest'
import { waitForSequence } from './wait-for-sequence.ts'
import './vitest-matchers.ts'

/** A source whose events arrive later, one per read after `afterReads` reads, as a journal fills while a frame talks. */
function arriving(events: Array<{ kind: string }>, afterReads: number) {
  let reads = 0
  const source = () => {
    reads++
    return events.slice(0, Math.max(0, reads - afterReads))
  }
  return Object.assign(source, { reads: () => reads })
}

describe('waitForSequence', () => {
  it('reads again until the events match', async () => {
    const source = arriving([{ kind: 'handshake' }, { kind: 'complete' }], 3)
    const result = await waitForSequence(source, [{ kind: 'handshake' }, { kind: 'complete' }], 'exact', {
      timeout: 10_000,
    })
    expect(result.pass).toBe(true)
    expect(source.reads()).toBe(5)
  })

  it('fails after the timeout with the diff of its last read', async () => {
    const result = await waitForSequence(
      () => [{ kind: 'handshake' }],
      [{ kind: 'handshake' }, { kind: 'complete' }],
      'exact',
      { timeout: 60 },
    )
    expect(result.pass).toBe(false)
    expect(result.message).toMatch(/^after waiting \d+ ms \(timeout 60 ms\): sequences diverge at #1/)
  })

  it('with isNot, reads again until the events no longer match', async () => {
    let reads = 0
    const source = () => (++reads < 3 ? [{ kind: 'handshake' }] : [{ kind: 'handshake' }, { kind: 'error' }])
    const result = await waitForSequence(source, [{ kind: 'handshake' }], 'exact', { timeout: 10_000, isNot: true })
    expect(result.pass).toBe(false)
    expect(reads).toBe(3)
  })

  it('reads a tenant through its frameEvents, for the channel asked', async () => {
    const asked: Array<string | undefined> = []
    const tenant = { frameEvents: async (channelId?: string) => (asked.push(channelId), [{ kind: 'complete' }]) }
    expect(
      (await waitForSequence(tenant, [{ kind: 'complete' }], 'subsequence', { timeout: 0, channelId: 'ch_1' })).pass,
    ).toBe(true)
    expect(asked).toEqual(['ch_1'])
  })

  it('names what it needs when given neither a tenant nor a function', async () => {
    const result = await waitForSequence({ events: [] } as never, [], 'exact', { timeout: 0 })
    expect(result).toEqual({
      pass: false,
      message: 'expected a tenant (with frameEvents) or a function returning events, got object',
      actual: [],
    })
  })
})

describe('the waiting vitest matchers', () => {
  it('toHaveEmittedSubsequence waits for an event that arrives after the assertion starts', async () => {
    await expect(arriving([{ kind: 'handshake' }, { kind: 'complete' }], 2)).toHaveEmittedSubsequence([
      { kind: 'complete' },
    ])
  })

  it('toHaveEmittedSequence fails with the diff when the events never match within the timeout', async () => {
    await expect(
      expect(() => [{ kind: 'handshake' }]).toHaveEmittedSequence([{ kind: 'handshake' }, { kind: 'complete' }], {
        timeout: 50,
      }),
    ).rejects.toThrow(/after waiting \d+ ms \(timeout 50 ms\): sequences diverge at #1/)
  })

  it('.not.toHaveEmittedSubsequence waits until the events stop matching', async () => {
    let reads = 0
    await expect(() => (++reads < 3 ? [{ kind: 'complete' }] : [])).not.toHaveEmittedSubsequence([{ kind: 'complete' }])
    expect(reads).toBe(3)
  })
})

import { describe, expect, it } from 'vitest'
import { matchSequence, partialMatch, present } from './match-sequence.ts'
import './vitest-matchers.ts'

const events = [
  { kind: 'handshake' },
  { kind: 'ready' },
  { kind: 'complete', payload: { status: 'active', mismatch: true } },
]

describe('matchSequence', () => {
  it('passes an exact sequence with partial payloads', () => {
    expect(
      matchSequence(events, [
        { kind: 'handshake' },
        { kind: 'ready' },
        { kind: 'complete', payload: { status: 'active' } },
      ]).pass,
    ).toBe(true)
  })

  it('marks the first divergence of an exact sequence', () => {
    const result = matchSequence(events, [{ kind: 'handshake' }, { kind: 'complete' }])
    expect(result.pass).toBe(false)
    expect(result.message).toContain('sequences diverge at #1')
    expect(result.message.split('\n').find((line) => line.startsWith('>'))).toContain('"kind":"ready"')
  })

  it('finds a subsequence with other events between', () => {
    expect(matchSequence(events, [{ kind: 'handshake' }, { kind: 'complete' }], 'subsequence').pass).toBe(true)
    expect(matchSequence(events, [{ kind: 'complete' }, { kind: 'handshake' }], 'subsequence').pass).toBe(false)
  })

  it('fails never when a forbidden event appears', () => {
    expect(matchSequence(events, [{ kind: 'error' }], 'never').pass).toBe(true)
    expect(matchSequence(events, [{ kind: 'complete', payload: { mismatch: true } }], 'never').message).toContain(
      'forbidden event was emitted at #2',
    )
  })

  it('treats an undefined expected field as "absent"', () => {
    expect(partialMatch({ status: 'active' }, { mismatch: undefined })).toBe(true)
    expect(partialMatch({ status: 'active', mismatch: false }, { mismatch: undefined })).toBe(false)
  })

  it('matches any set value to present, and neither null nor an absent field', () => {
    expect(partialMatch({ refundHash: '0x9c1' }, { refundHash: present })).toBe(true)
    expect(partialMatch({ refundHash: 0 }, { refundHash: present })).toBe(true)
    expect(partialMatch({ refundHash: null }, { refundHash: present })).toBe(false)
    expect(partialMatch({}, { refundHash: present })).toBe(false)
    expect(partialMatch({ refundHash: { $present: false } }, { refundHash: { $present: false } })).toBe(true)
  })

  it('extends vitest with toEmitSequence', () => {
    expect(events).toEmitSequence([{ kind: 'handshake' }, { kind: 'ready' }, { kind: 'complete' }])
    expect(events).toNeverEmit([{ kind: 'error', payload: { code: 'x' } }])
  })
})

describe('resolveInput', () => {
  it('interpolates {{refs}} inside strings', async () => {
    const { resolveInput } = await import('./recording.ts')
    expect(
      resolveInput(
        { authorization: 'Bearer {{conn.credentials.accessToken}}' },
        { conn: { credentials: { accessToken: 'at_1' } } },
      ),
    ).toEqual({ authorization: 'Bearer at_1' })
  })
})

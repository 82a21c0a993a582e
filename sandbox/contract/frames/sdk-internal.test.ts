import { describe, expect, it } from 'vitest'
import { frameHeight, MAX_FRAME_HEIGHT, ResizeMessage, SetThemeMessage } from './sdk-internal.ts'

describe('SDK-internal frame messages', () => {
  it('rounds a frame height up and clamps it to the maximum', () => {
    expect(frameHeight({ kind: 'resize', payload: { height: 412.2 } })).toBe(413)
    expect(frameHeight({ kind: 'resize', payload: { height: 50_000 } })).toBe(MAX_FRAME_HEIGHT)
  })

  it('refuses a resize without a finite, non-negative height', () => {
    for (const payload of [
      {},
      { height: -1 },
      { height: 'tall' },
      { height: Number.POSITIVE_INFINITY },
      { height: 10, extra: 1 },
    ]) {
      expect(ResizeMessage.safeParse({ kind: 'resize', payload }).success).toBe(false)
    }
  })

  it('takes setTheme light or dark only', () => {
    expect(SetThemeMessage.safeParse({ kind: 'setTheme', payload: { theme: 'dark' } }).success).toBe(true)
    expect(SetThemeMessage.safeParse({ kind: 'setTheme', payload: { theme: 'blue' } }).success).toBe(false)
  })
})

import { describe, expect, it } from 'vitest'
import { tenantMode } from './frame-chrome.ts'

describe('the mode of a frame page tenant', () => {
  it('reads test or live from account:mode', () => {
    expect([tenantMode('platform1:test'), tenantMode('platform1:live')]).toEqual(['test', 'live'])
  })

  it('has none without a tenant or with an unknown mode', () => {
    expect([tenantMode(null), tenantMode('platform1'), tenantMode('platform1:demo')]).toEqual([
      undefined,
      undefined,
      undefined,
    ])
  })
})

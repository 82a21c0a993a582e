import { describe, expect, it } from 'vitest'
import { tagLabels } from './scenario-tags.ts'

describe('tagLabels', () => {
  it('labels each tag with @, in order', () => {
    expect(tagLabels({ tags: ['payments', 'card'] })).toBe('@payments @card')
  })

  it('is empty for a scenario without tags, absent or empty', () => {
    expect(tagLabels({})).toBe('')
    expect(tagLabels({ tags: [] })).toBe('')
  })
})

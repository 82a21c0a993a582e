import { describe, expect, it } from 'vitest'
import type { FrameView } from '#portable/frames/machine.ts'
import { placeErrors } from './render-view.ts'

const form = (error?: string, fieldError?: string): FrameView => ({
  screen: 'form',
  title: 'Add a card',
  ...(error ? { error } : {}),
  actions: [
    {
      action: 'enterCard',
      label: 'Add card',
      fields: [
        { name: 'number', label: 'Card number' },
        { name: 'cvc', label: 'CVC', ...(fieldError ? { error: fieldError } : {}) },
      ],
    },
  ],
})

describe('where a frame view places its errors', () => {
  it("ties the view's error to the first field of the first form", () => {
    expect(placeErrors(form('Declined'))).toEqual({ byField: new Map([['enterCard.number', 'Declined']]) })
  })

  it("keeps a field's own error on that field, and the view's error then stands alone", () => {
    expect(placeErrors(form(undefined, 'Check the CVC.'))).toEqual({
      byField: new Map([['enterCard.cvc', 'Check the CVC.']]),
      unplaced: undefined,
    })
  })

  it('shows the error as an alert of its own on a screen without fields', () => {
    expect(
      placeErrors({
        screen: 'terms',
        title: 'Terms',
        error: 'Something failed',
        actions: [{ action: 'acceptTerms', label: 'Accept' }],
      }),
    ).toEqual({ byField: new Map(), unplaced: 'Something failed' })
  })

  it('places nothing without an error', () => {
    expect(placeErrors(form())).toEqual({ byField: new Map(), unplaced: undefined })
  })
})

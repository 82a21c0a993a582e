import { describe, expect, it } from 'vitest'
import { inputAttributes } from './render-field.ts'

describe('input attributes of a frame field', () => {
  it('makes a field required unless it is optional', () => {
    expect(inputAttributes('chooseAmount', { name: 'amount', label: 'Amount' })).toMatchObject({ required: '' })
    expect(
      inputAttributes('chooseAmount', { name: 'currencyCode', label: 'Crypto', optional: true }),
    ).not.toHaveProperty('required')
  })

  it('passes the keyboard and the autofill hint to the input', () => {
    expect(
      inputAttributes('enterCode', {
        name: 'code',
        label: 'Code',
        inputMode: 'numeric',
        autocomplete: 'one-time-code',
      }),
    ).toEqual({
      id: 'field-enterCode-code',
      name: 'code',
      type: 'text',
      inputmode: 'numeric',
      autocomplete: 'one-time-code',
      required: '',
    })
  })

  it('lets a number input take any decimal', () => {
    expect(inputAttributes('chooseAmount', { name: 'amount', label: 'Amount', type: 'number' })).toMatchObject({
      type: 'number',
      step: 'any',
    })
  })

  it('ties the hint and the error to the input and marks it invalid', () => {
    expect(
      inputAttributes(
        'enterCard',
        { name: 'number', label: 'Card number', hint: 'Test card' },
        'Check the card number.',
      ),
    ).toMatchObject({
      'aria-describedby': 'field-enterCard-number-hint field-enterCard-number-error',
      'aria-invalid': 'true',
    })
  })

  it('describes nothing and is valid without a hint or an error', () => {
    const attributes = inputAttributes('enterEmail', { name: 'email', label: 'Email', type: 'email' })
    expect(attributes).not.toHaveProperty('aria-describedby')
    expect(attributes).not.toHaveProperty('aria-invalid')
  })
})

import { describe, expect, it } from 'vitest'
import { cardBrand, luhnValid, readCardEntry, type CardForm } from './card-entry.ts'

const good: CardForm = { number: '4242 4242 4242 4242', expiryMonth: '12', expiryYear: '30', cvc: '123' }

describe('card entry rules', () => {
  it('accepts 13- and 19-digit numbers and a four-digit cvc', () => {
    expect(readCardEntry({ ...good, number: '4222222222222' })).toHaveProperty('entry')
    expect(readCardEntry({ ...good, number: '4242424242424242428', cvc: '1234' })).toHaveProperty('entry')
  })

  it.each([
    ['4242424242424242', 'visa'],
    ['5105105105105100', 'mastercard'],
    ['5555555555554444', 'mastercard'],
    ['2221000000000009', 'mastercard'],
    ['2720990000000007', 'mastercard'],
    ['2220000000000000', undefined],
    ['2721000000000004', undefined],
    ['5600000000000003', undefined],
    ['378282246310005', 'amex'],
    ['3400000000000000', 'amex'],
    ['6011111111111117', undefined],
  ])('tells the brand of %s: %s', (number, brand) => {
    expect(cardBrand(number)).toBe(brand)
  })

  it('checks the Luhn sum', () => {
    expect([luhnValid('4242424242424242'), luhnValid('4242424242424241'), luhnValid('378282246310005')]).toEqual([
      true,
      false,
      true,
    ])
  })
})

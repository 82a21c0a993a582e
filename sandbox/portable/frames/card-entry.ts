import type { StoredCard } from '#contract/index.ts'

/** What the customer types into the add-card form (form fields arrive as strings; numbers are accepted too). */
export interface CardForm {
  number: string
  expiryMonth: string | number
  expiryYear: string | number
  cvc: string
}

/** A card entry after normalisation: digits only, numeric month and four-digit year. */
interface CardEntry {
  number: string
  expiryMonth: number
  expiryYear: number
}

/** Whether the digits pass the Luhn checksum. */
export function luhnValid(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2
    sum += digit
  }
  return sum % 10 === 0
}

/**
 * The brand a card number belongs to: 4 → visa, 51–55 and 2221–2720 → mastercard,
 * 34 and 37 → amex; other numbers are not accepted.
 *
 * @example
 * cardBrand('4242424242424242') // 'visa'
 */
export function cardBrand(digits: string): StoredCard['brand'] | undefined {
  const two = Number(digits.slice(0, 2))
  const four = Number(digits.slice(0, 4))
  if (digits.startsWith('4')) return 'visa'
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'mastercard'
  if (two === 34 || two === 37) return 'amex'
  return undefined
}

/**
 * Checks a form entry (the expiry against the clock is the `card.add` effect's):
 * a 13–19 digit Luhn-valid number of a known brand, month 1–12, a year, a 3–4 digit cvc.
 *
 * @example
 * readCardEntry({ number: '4242 4242 4242 4242', expiryMonth: '12', expiryYear: '30', cvc: '123' })
 * // { entry: { number: '4242424242424242', expiryMonth: 12, expiryYear: 2030 } }
 */
export function readCardEntry(action: CardForm): { entry: CardEntry } | { problem: string } {
  const number = String(action.number ?? '').replace(/[\s-]/g, '')
  if (!/^[0-9]{13,19}$/.test(number) || !luhnValid(number)) return { problem: 'Check the card number.' }
  if (!cardBrand(number)) return { problem: 'Only Visa, Mastercard and American Express cards are accepted.' }
  const month = String(action.expiryMonth ?? '').trim()
  const year = String(action.expiryYear ?? '').trim()
  if (!/^[0-9]{1,2}$/.test(month) || Number(month) < 1 || Number(month) > 12)
    return { problem: 'Check the expiry month.' }
  if (!/^([0-9]{2}|20[0-9]{2})$/.test(year)) return { problem: 'Check the expiry year.' }
  if (!/^[0-9]{3,4}$/.test(String(action.cvc ?? '').trim())) return { problem: 'Check the security code.' }
  return {
    entry: { number, expiryMonth: Number(month), expiryYear: year.length === 2 ? 2000 + Number(year) : Number(year) },
  }
}

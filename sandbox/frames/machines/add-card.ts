import type { StoredCard } from '../../contract/index.ts'
import type { FrameMachine } from '../machine.ts'
import { errorEvent, next } from '../machine.ts'

/** What the customer types into the add-card form (form fields arrive as strings; numbers are accepted too). */
export type AddCardAction = { type: 'enterCard'; number: string; expiryMonth: string | number; expiryYear: string | number; cvc: string }

/** A card entry after normalisation: digits only, numeric month and four-digit year. */
export interface CardEntry {
  number: string
  expiryMonth: number
  expiryYear: number
}

/** States of the add-card frame; `message` is what the form tells the customer. */
export type AddCardState = { phase: 'form'; message?: string } | { phase: 'saving' } | { phase: 'added'; card: StoredCard } | { phase: 'failed' }

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
 * readCardEntry({ type: 'enterCard', number: '4242 4242 4242 4242', expiryMonth: '12', expiryYear: '30', cvc: '123' })
 * // { entry: { number: '4242424242424242', expiryMonth: 12, expiryYear: 2030 } }
 */
export function readCardEntry(action: AddCardAction): { entry: CardEntry } | { problem: string } {
  const number = String(action.number ?? '').replace(/[\s-]/g, '')
  if (!/^[0-9]{13,19}$/.test(number) || !luhnValid(number)) return { problem: 'Check the card number.' }
  if (!cardBrand(number)) return { problem: 'Only Visa, Mastercard and American Express cards are accepted.' }
  const month = String(action.expiryMonth ?? '').trim()
  const year = String(action.expiryYear ?? '').trim()
  if (!/^[0-9]{1,2}$/.test(month) || Number(month) < 1 || Number(month) > 12) return { problem: 'Check the expiry month.' }
  if (!/^([0-9]{2}|20[0-9]{2})$/.test(year)) return { problem: 'Check the expiry year.' }
  if (!/^[0-9]{3,4}$/.test(String(action.cvc ?? '').trim())) return { problem: 'Check the security code.' }
  return { entry: { number, expiryMonth: Number(month), expiryYear: year.length === 2 ? 2000 + Number(year) : Number(year) } }
}

/** What the form says when `card.add` refuses the card for an expiry in the past (no event: the customer fixes it). */
const EXPIRED_MESSAGE = 'This card has expired.'
/** What the form says after a decline (the host also gets `error` `card_declined`). */
const DECLINED_MESSAGE = 'Your card was declined. Try another card.'

/**
 * The add-card frame: posts `ready` when rendered; the customer enters a card
 * (`enterCard`); an invalid entry only shows a message; a valid one runs
 * `card.add` and posts `complete` `{paymentMethod}`. A decline (sandbox number
 * 4000000000000002) posts `error` `card_declined` and keeps the form open.
 *
 * @example
 * addCardMachine.start({ channelId: 'ch_123456' }).events // [{ kind: 'ready' }]
 */
export const addCardMachine: FrameMachine<'add-card', AddCardState, AddCardAction> = {
  frame: 'add-card',
  start: () => next({ phase: 'form' }, [{ kind: 'ready' }]),
  step(state, input) {
    if (state.phase === 'form' && input.type === 'customer' && input.action.type === 'enterCard') {
      const read = readCardEntry(input.action)
      if ('problem' in read) return next({ phase: 'form', message: read.problem })
      return next({ phase: 'saving' }, [], [{ type: 'card.add', ...read.entry }])
    }
    if (state.phase !== 'saving' || input.type !== 'result' || input.result.effect !== 'card.add') return next(state)
    const { result } = input
    if (result.ok) return next({ phase: 'added', card: result.value }, [{ kind: 'complete', payload: { paymentMethod: result.value } }])
    if (result.error.code === 'card_expired') return next({ phase: 'form', message: EXPIRED_MESSAGE })
    if (result.error.code === 'card_declined') return next({ phase: 'form', message: DECLINED_MESSAGE }, [errorEvent(result)])
    return next({ phase: 'failed' }, [errorEvent(result)])
  },
  view(state) {
    if (state.phase === 'saving') return { screen: 'saving', title: 'Adding your card…', actions: [] }
    if (state.phase === 'added') return { screen: 'added', title: 'Card added', body: `${state.card.brand} ending ${state.card.last4}`, actions: [] }
    if (state.phase === 'failed') return { screen: 'failed', title: 'Something went wrong', body: 'Close this window and try again.', actions: [] }
    const fields = [
      { name: 'number', label: 'Card number', type: 'text' as const },
      { name: 'expiryMonth', label: 'Expiry month (MM)', type: 'text' as const },
      { name: 'expiryYear', label: 'Expiry year (YY or YYYY)', type: 'text' as const },
      { name: 'cvc', label: 'Security code', type: 'text' as const },
    ]
    return { screen: 'form', title: 'Add a card', ...(state.message ? { body: state.message } : {}), actions: [{ action: 'enterCard', label: 'Add card', fields }] }
  },
}

import { describe, expect, it } from 'vitest'
import type { StoredCard } from '#contract/index.ts'
import type { EffectResult } from '../machine.ts'
import { MAGIC_CARDS } from '#frames/effects/account-effects.ts'
import { ADD_CARD_TEST_CARDS, addCardMachine, type AddCardAction, type AddCardState } from './add-card.ts'

const params = { channelId: 'channel-1' }
const good: AddCardAction = {
  type: 'enterCard',
  number: '4242 4242 4242 4242',
  expiryMonth: '12',
  expiryYear: '30',
  cvc: '123',
}
const card: StoredCard = {
  id: 'pm_1',
  type: 'card',
  brand: 'visa',
  last4: '4242',
  expiryMonth: 12,
  expiryYear: 2030,
  availability: { available: true },
}

function enter(action: Partial<AddCardAction>, state: AddCardState = addCardMachine.start(params).state) {
  return addCardMachine.step(state, { type: 'customer', action: { ...good, ...action } })
}

function saving(): AddCardState {
  return enter({}).state
}

function answer(result: EffectResult, state = saving()) {
  return addCardMachine.step(state, { type: 'result', result })
}

const failure = (code: string, message = `${code} happened`): EffectResult => ({
  effect: 'card.add',
  ok: false,
  error: { code, message },
})

describe('add-card machine', () => {
  it('posts ready when it starts and shows the card form', () => {
    const step = addCardMachine.start(params)
    expect(step.events).toEqual([{ kind: 'ready' }])
    expect(addCardMachine.view(step.state).actions.map((a) => [a.action, a.fields?.map((f) => f.name)])).toEqual([
      ['enterCard', ['number', 'expiryMonth', 'expiryYear', 'cvc']],
    ])
  })

  it('asks card.add with the digits, the month and a four-digit year, and never the cvc', () => {
    const step = enter({})
    expect(step.effects).toEqual([{ type: 'card.add', number: '4242424242424242', expiryMonth: 12, expiryYear: 2030 }])
    expect(step.events).toEqual([])
    expect(step.state.phase).toBe('saving')
  })

  it('accepts numbers as well as strings and a four-digit year', () => {
    expect(enter({ expiryMonth: 3, expiryYear: 2031 }).effects[0]).toMatchObject({ expiryMonth: 3, expiryYear: 2031 })
  })

  it.each([
    ['a number failing the Luhn check', { number: '4242424242424241' }, 'Check the card number.'],
    ['a 12-digit number', { number: '424242424242' }, 'Check the card number.'],
    ['a 20-digit number', { number: '42424242424242424242' }, 'Check the card number.'],
    ['letters in the number', { number: '4242abcd42424242' }, 'Check the card number.'],
    [
      'a brand other than visa, mastercard and amex',
      { number: '6011111111111117' },
      'Only Visa, Mastercard and American Express cards are accepted.',
    ],
    ['month 13', { expiryMonth: '13' }, 'Check the expiry month.'],
    ['month 0', { expiryMonth: '0' }, 'Check the expiry month.'],
    ['a three-digit year', { expiryYear: '203' }, 'Check the expiry year.'],
    ['a two-digit cvc', { cvc: '12' }, 'Check the security code.'],
    ['a five-digit cvc', { cvc: '12345' }, 'Check the security code.'],
  ])('shows a message and posts nothing for %s', (_name, change, message) => {
    const step = enter(change)
    expect(step).toEqual({ state: { phase: 'form', message }, events: [], effects: [] })
    expect(addCardMachine.view(step.state).error).toBe(message)
  })

  it('posts complete with the stored card once it is added', () => {
    const step = answer({ effect: 'card.add', ok: true, value: card })
    expect(step.events).toEqual([{ kind: 'complete', payload: { paymentMethod: card } }])
    expect(addCardMachine.view(step.state)).toMatchObject({ screen: 'added', body: 'visa ending 4242', actions: [] })
  })

  it('returns to the form with a message and no event when the card has expired', () => {
    expect(answer(failure('card_expired'))).toEqual({
      state: { phase: 'form', message: 'This card has expired.' },
      events: [],
      effects: [],
    })
  })

  it('posts error card_declined on a decline and keeps the form open for another card', () => {
    const step = answer(failure('card_declined', 'the issuer declined the card'))
    expect(step.events).toEqual([
      { kind: 'error', payload: { code: 'card_declined', message: 'the issuer declined the card' } },
    ])
    expect(step.state).toEqual({ phase: 'form', message: 'Your card was declined. Try another card.' })
    expect(enter({}, step.state).effects).toHaveLength(1)
  })

  it('posts the error and stops when card.add fails otherwise', () => {
    const step = answer(
      failure('invalid_token', 'the add-card frame needs the clientToken of a connected customer (full scope)'),
    )
    expect(step.events).toEqual([
      {
        kind: 'error',
        payload: {
          code: 'invalid_token',
          message: 'the add-card frame needs the clientToken of a connected customer (full scope)',
        },
      },
    ])
    expect(addCardMachine.view(step.state).actions).toEqual([])
  })

  it('ignores a second entry while saving, other effects, host messages and entries after the card is added', () => {
    const state = saving()
    expect(enter({}, state)).toEqual({ state, events: [], effects: [] })
    expect(answer({ effect: 'auth.reset', ok: true, value: null }, state)).toEqual({ state, events: [], effects: [] })
    expect(addCardMachine.step(state, { type: 'host', message: { kind: 'ack' } })).toEqual({
      state,
      events: [],
      effects: [],
    })
    const added = answer({ effect: 'card.add', ok: true, value: card }).state
    expect(enter({}, added)).toEqual({ state: added, events: [], effects: [] })
    expect(answer({ effect: 'card.add', ok: true, value: card }, addCardMachine.start(params).state).events).toEqual([])
  })

  it('shows the test cards of the card.add effect as hints', () => {
    const { hints } = addCardMachine.view(addCardMachine.start(params).state)
    expect(hints?.join(' ').replace(/ /g, '')).toContain(MAGIC_CARDS.added)
    expect(hints?.join(' ').replace(/ /g, '')).toContain(MAGIC_CARDS.declined)
    expect(ADD_CARD_TEST_CARDS).toEqual(MAGIC_CARDS)
  })

  it('asks the browser for card autofill and a numeric keyboard', () => {
    const fields = addCardMachine.view(addCardMachine.start(params).state).actions[0]?.fields ?? []
    expect(fields.map((f) => [f.name, f.autocomplete, f.inputMode])).toEqual([
      ['number', 'cc-number', 'numeric'],
      ['expiryMonth', 'cc-exp-month', 'numeric'],
      ['expiryYear', 'cc-exp-year', 'numeric'],
      ['cvc', 'cc-csc', 'numeric'],
    ])
  })

  it('shows a refused entry as the form error, not as its text', () => {
    const view = addCardMachine.view(enter({ number: '4242' }).state)
    expect(view).toMatchObject({ error: 'Check the card number.' })
    expect(view.body).toBeUndefined()
  })
})

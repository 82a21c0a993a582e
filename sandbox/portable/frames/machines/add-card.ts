import type { StoredCard } from '#contract/index.ts'
import type { FrameField, FrameMachine } from '../machine.ts'
import { errorEvent, next } from '../machine.ts'
import { readCardEntry, type CardForm } from '../card-entry.ts'

/** The customer's `enterCard` action: what they typed into the add-card form (`CardForm`). */
export type AddCardAction = { type: 'enterCard' } & CardForm

/** States of the add-card frame; `message` is what the form tells the customer. */
export type AddCardState =
  | { phase: 'form'; message?: string }
  | { phase: 'saving' }
  | { phase: 'added'; card: StoredCard }
  | { phase: 'failed' }

/** The sandbox's test cards (the same numbers as the `card.add` effect's `MAGIC_CARDS`, checked by a test). */
export const ADD_CARD_TEST_CARDS = { added: '4242424242424242', declined: '4000000000000002' } as const

/** The test values the form shows. */
const ADD_CARD_HINTS = [
  `Test card ${ADD_CARD_TEST_CARDS.added.replace(/(\d{4})(?=\d)/g, '$1 ')}: added (any future expiry, any 3-digit code)`,
  `Test card ${ADD_CARD_TEST_CARDS.declined.replace(/(\d{4})(?=\d)/g, '$1 ')}: declined`,
]

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
    if (result.ok)
      return next({ phase: 'added', card: result.value }, [
        { kind: 'complete', payload: { paymentMethod: result.value } },
      ])
    if (result.error.code === 'card_expired') return next({ phase: 'form', message: EXPIRED_MESSAGE })
    if (result.error.code === 'card_declined')
      return next({ phase: 'form', message: DECLINED_MESSAGE }, [errorEvent(result)])
    return next({ phase: 'failed' }, [errorEvent(result)])
  },
  view(state) {
    if (state.phase === 'saving') return { screen: 'saving', title: 'Adding your card…', actions: [] }
    if (state.phase === 'added')
      return {
        screen: 'added',
        title: 'Card added',
        body: `${state.card.brand} ending ${state.card.last4}`,
        actions: [],
      }
    if (state.phase === 'failed')
      return { screen: 'failed', title: 'Something went wrong', body: 'Close this window and try again.', actions: [] }
    const fields: FrameField[] = [
      { name: 'number', label: 'Card number', type: 'text', inputMode: 'numeric', autocomplete: 'cc-number' },
      {
        name: 'expiryMonth',
        label: 'Expiry month (MM)',
        type: 'text',
        inputMode: 'numeric',
        autocomplete: 'cc-exp-month',
      },
      {
        name: 'expiryYear',
        label: 'Expiry year (YY or YYYY)',
        type: 'text',
        inputMode: 'numeric',
        autocomplete: 'cc-exp-year',
      },
      { name: 'cvc', label: 'Security code', type: 'text', inputMode: 'numeric', autocomplete: 'cc-csc' },
    ]
    return {
      screen: 'form',
      title: 'Add a card',
      ...(state.message ? { error: state.message } : {}),
      actions: [{ action: 'enterCard', label: 'Add card', fields }],
      hints: ADD_CARD_HINTS,
    }
  },
}

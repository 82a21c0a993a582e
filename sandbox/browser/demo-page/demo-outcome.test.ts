import { describe, expect, it } from 'vitest'
import type { ClientFrameEvent } from '../client/index.ts'
import {
  connectionOutcome,
  errorText,
  followedOutcome,
  isFinal,
  purchaseOutcome,
  type FinalEvent,
} from './demo-outcome.ts'

const on = (event: object) => ({ frame: 'buy-button', channelId: 'ch_1', ...event }) as ClientFrameEvent
const final = (event: object) => on(event) as FinalEvent

describe('the demo outcome of a flow', () => {
  it('writes an error as code: message on one line', () => {
    expect(errorText({ code: 'invalid_request', message: 'amount is too small' })).toBe(
      'invalid_request: amount is too small',
    )
    expect(errorText(new Error('boom'))).toBe('boom')
  })

  it('treats an error the customer can fix in the frame as a step, not the end', () => {
    expect(isFinal(on({ kind: 'error', payload: { code: 'validationError', message: 'x' } }))).toBe(false)
    expect(isFinal(on({ kind: 'error', payload: { code: 'card_declined', message: 'x' } }))).toBe(false)
    expect(isFinal(on({ kind: 'error', payload: { code: 'invalid_token', message: 'x' } }))).toBe(true)
    expect(isFinal(on({ kind: 'ready' }))).toBe(false)
  })

  it('calls an active connection a success and a mismatch a failure that says so', () => {
    expect(connectionOutcome({ status: 'active' }).outcome).toBe('success')
    expect(connectionOutcome({ status: 'connectionRequired', mismatch: true })).toMatchObject({
      outcome: 'failure',
      text: expect.stringContaining('mismatch'),
    })
    expect(connectionOutcome({ status: 'pending' }).outcome).toBe('pending')
  })

  it('shows a failed payment with its failure code and reason', () => {
    const end = final({
      kind: 'complete',
      payload: {
        transaction: { id: 'tx_1', status: 'failed' },
        failureCode: 'transactionNotAllowed',
        failureReason: 'Not allowed.',
      },
    })
    expect(purchaseOutcome(end)).toEqual({
      outcome: 'failure',
      text: 'Payment failed: transaction tx_1 is failed — transactionNotAllowed: Not allowed.',
    })
  })

  it('calls a pending payment pending, after the verification when a challenge completed', () => {
    const end = final({ kind: 'complete', payload: { transaction: { id: 'tx_1', status: 'pending' } } })
    expect(purchaseOutcome(end).outcome).toBe('pending')
    expect(
      purchaseOutcome(
        end,
        final({
          frame: 'challenge',
          kind: 'complete',
          payload: { flow: 'buy', transaction: { id: 'tx_1', status: 'pending' } },
        }),
      ).text,
    ).toContain('after the verification')
  })

  it('calls a purchase whose challenge was cancelled cancelled', () => {
    const end = final({
      kind: 'complete',
      payload: { transaction: { id: 'tx_1', status: 'failed' }, failureCode: 'authorizationDeclined' },
    })
    expect(
      purchaseOutcome(end, final({ frame: 'challenge', kind: 'cancelled', payload: { flow: 'buy' } })).outcome,
    ).toBe('cancelled')
  })

  it('calls a frame error a failure with its code', () => {
    expect(
      purchaseOutcome(final({ kind: 'error', payload: { code: 'invalid_token', message: 'clientToken has expired' } })),
    ).toEqual({ outcome: 'failure', text: 'Purchase failed — invalid_token: clientToken has expired' })
  })
})

describe('a transaction the demo follows to its end', () => {
  it('calls a completed transaction a success and a failed one a failure with its code, each with its receipt', () => {
    expect(followedOutcome('Card buy', 'txn_1', { id: 'txn_1', status: 'completed' })).toEqual({
      outcome: 'success',
      text: 'Card buy: transaction txn_1 is completed.',
      receipt: [
        { label: 'Transaction', value: 'txn_1' },
        { label: 'Status', value: 'completed' },
      ],
    })
    expect(
      followedOutcome('Google Pay', 'txn_2', { status: 'failed', failureCode: 'transactionNotAllowed' }),
    ).toMatchObject({
      outcome: 'failure',
      text: 'Google Pay: transaction txn_2 is failed — transactionNotAllowed.',
      receipt: expect.arrayContaining([{ label: 'Failure', value: 'transactionNotAllowed' }]),
    })
  })

  it('keeps any other status pending, naming the stage in progress and the transaction still to follow', () => {
    const stages = [
      { stage: 'stage_one_ordering', status: 'success' },
      { stage: 'stage_three_processing', status: 'in_progress' },
    ]
    expect(followedOutcome('Card buy', 'txn_1', { status: 'pending', stages })).toMatchObject({
      outcome: 'pending',
      text: expect.stringMatching(/^Card buy: transaction txn_1 is pending \(processing\): .*Settle now/),
      transaction: { id: 'txn_1', status: 'pending' },
      receipt: expect.arrayContaining([{ label: 'Stage', value: 'processing' }]),
    })
  })

  it('gives a pending purchase its transaction to follow, and names the transaction a cancelled challenge failed', () => {
    const pending = final({ kind: 'complete', payload: { transaction: { id: 'txn_1', status: 'pending' } } })
    expect(purchaseOutcome(pending).transaction).toEqual({ id: 'txn_1', status: 'pending' })
    const failed = final({ kind: 'complete', payload: { transaction: { id: 'txn_3', status: 'failed' } } })
    const cancelled = final({ kind: 'cancelled', frame: 'challenge', payload: { flow: 'buy' } })
    expect(purchaseOutcome(failed, cancelled)).toEqual({
      outcome: 'cancelled',
      text: 'Purchase cancelled: the customer cancelled the verification; transaction txn_3 is failed.',
    })
  })
})

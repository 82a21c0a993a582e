import { describe, expect, it } from 'vitest'
import { PlatformError, Transaction, dataOf } from '#contract/index.ts'
import type { PlainReply } from '../plain-http.ts'
import { conforms, send } from '../test-request.ts'
import { stagedPurchases, statusesOf } from './transaction-test-kit.ts'

/** A fresh account with a pending transaction, and its control URLs. */
async function pendingTransaction() {
  const flow = await stagedPurchases()
  const { id } = await flow.buy()
  const drive = (action: 'complete' | 'fail', body?: unknown) =>
    send(flow.core, `POST /__sandbox/transactions/${id}/${action}`, {
      headers: flow.sk,
      ...(body === undefined ? {} : { body }),
    })
  return { ...flow, id, drive }
}

const answered = (response: PlainReply) => {
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return conforms(dataOf(Transaction), response.body).data
}

describe('POST /__sandbox/transactions/{id}/complete', () => {
  it('passes every remaining stage in order, each with its webhook, completes the transaction and answers it', async () => {
    const flow = await pendingTransaction()
    const completed = answered(await flow.drive('complete'))
    await flow.tenant.background.settled()
    expect(completed).toMatchObject({ id: flow.id, status: 'completed' })
    expect(statusesOf(completed)).toEqual(['success', 'success', 'success', 'success'])
    const events = await flow.events()
    expect(events.map((event) => event.type)).toEqual([
      'transaction_created',
      'transaction_updated',
      'transaction_updated',
      'transaction_updated',
    ])
    expect(events.map((event) => statusesOf(event.data).join(' '))).toEqual([
      'success in_progress not_started not_started',
      'success success in_progress not_started',
      'success success success in_progress',
      'success success success success',
    ])
    expect(await flow.read(flow.id)).toEqual(completed)
  })

  it('leaves the transaction as driven when its pending jobs come due', async () => {
    const flow = await pendingTransaction()
    const completed = answered(await flow.drive('complete'))
    await flow.advance(60_000)
    expect(await flow.read(flow.id)).toEqual(completed)
    expect(await flow.events()).toHaveLength(4)
  })
})

describe('POST /__sandbox/transactions/{id}/fail', () => {
  it("fails the stage in progress with the code, the code's stage reason, and one transaction_failed", async () => {
    const flow = await pendingTransaction()
    const failed = answered(await flow.drive('fail', { failureCode: 'validationError' }))
    await flow.tenant.background.settled()
    expect(failed).toMatchObject({
      status: 'failed',
      failureCode: 'validationError',
      failureReason: 'The payment details did not pass validation.',
    })
    expect(failed.stages[1]).toEqual({
      stage: 'stage_two_verification',
      status: 'failed',
      failureReason: 'rejected_card',
    })
    expect(statusesOf(failed)).toEqual(['success', 'failed', 'not_started', 'not_started'])
    expect((await flow.events()).map((event) => event.type)).toEqual(['transaction_created', 'transaction_failed'])
  })

  it('fails a later stage with the reason given, passing the stages before it with their webhooks', async () => {
    const flow = await pendingTransaction()
    const failed = answered(
      await flow.drive('fail', {
        failureCode: 'unknown',
        stage: 'stage_four_delivery',
        failureReason: 'failed_testnet_withdrawal',
      }),
    )
    await flow.tenant.background.settled()
    expect(failed.stages[3]).toEqual({
      stage: 'stage_four_delivery',
      status: 'failed',
      failureReason: 'failed_testnet_withdrawal',
    })
    expect(statusesOf(failed)).toEqual(['success', 'success', 'success', 'failed'])
    expect((await flow.events()).map((event) => event.type)).toEqual([
      'transaction_created',
      'transaction_updated',
      'transaction_updated',
      'transaction_failed',
    ])
  })

  it('fails the stage in progress after the clock moved it on', async () => {
    const flow = await pendingTransaction()
    await flow.advance(5_000)
    const failed = answered(await flow.drive('fail', { failureCode: 'serviceUnavailable' }))
    expect(failed.stages[2]).toEqual({ stage: 'stage_three_processing', status: 'failed', failureReason: 'error' })
  })

  it('leaves the transaction as driven when its pending jobs come due', async () => {
    const flow = await pendingTransaction()
    const failed = answered(await flow.drive('fail', { failureCode: 'authorizationDeclined' }))
    await flow.advance(60_000)
    expect(await flow.read(flow.id)).toEqual(failed)
    expect(await flow.events()).toHaveLength(2)
  })

  it('refuses with 409 a stage that already succeeded', async () => {
    const flow = await pendingTransaction()
    const response = await flow.drive('fail', { failureCode: 'unknown', stage: 'stage_one_ordering' })
    expect(response.status).toBe(409)
    expect(conforms(PlatformError, response.body).message).toContain('stage stage_one_ordering')
  })

  it.each([
    ['no failureCode', {}, 'failureCode'],
    ['a failureCode it does not know', { failureCode: 'declined' }, 'failureCode'],
    ['a stage it does not know', { failureCode: 'unknown', stage: 'stage_five' }, 'stage'],
    [
      'a failureReason not in the documented list',
      { failureCode: 'unknown', failureReason: 'because' },
      'failureReason',
    ],
    ['a field it does not know', { failureCode: 'unknown', note: 'x' }, 'note'],
  ])('refuses %s with 400 naming the field', async (_, body, field) => {
    const response = await (await pendingTransaction()).drive('fail', body)
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({ code: 'invalid_request', errors: [expect.objectContaining({ field })] })
  })
})

describe('driving a transaction', () => {
  it.each([['complete'], ['fail']] as const)(
    'answers %s of a settled transaction with 409 saying it is already completed',
    async (action) => {
      const flow = await pendingTransaction()
      await flow.advance(20_000)
      const response = await flow.drive(action, action === 'fail' ? { failureCode: 'unknown' } : undefined)
      expect(response.status).toBe(409)
      expect(conforms(PlatformError, response.body).message).toContain('already completed')
    },
  )

  it('answers complete of a failed transaction with 409 saying it is already failed', async () => {
    const flow = await pendingTransaction()
    await flow.drive('fail', { failureCode: 'unknown' })
    const response = await flow.drive('complete')
    expect(response.status).toBe(409)
    expect(conforms(PlatformError, response.body).message).toContain('already failed')
  })

  it.each([
    ['complete', undefined],
    ['fail', { failureCode: 'unknown' }],
  ] as const)('answers %s of an unknown transaction with 404', async (action, body) => {
    const flow = await pendingTransaction()
    const response = await send(flow.core, `POST /__sandbox/transactions/txn_nope/${action}`, {
      headers: flow.sk,
      ...(body ? { body } : {}),
    })
    expect(response.status).toBe(404)
    expect(conforms(PlatformError, response.body).code).toBe('not_found')
  })

  it('refuses a request without the secret key with 401', async () => {
    const flow = await pendingTransaction()
    const response = await send(flow.core, `POST /__sandbox/transactions/${flow.id}/complete`)
    expect(response.status).toBe(401)
  })
})

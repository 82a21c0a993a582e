import { describe, expect, it } from 'vitest'
import { SandboxSnapshot, StoreSnapshot, type StateJournalEntry } from '#contract/index.ts'
import { createSandboxCore } from '#http/sandbox-core.ts'
import { stagedPurchases, statusesOf } from '#http/routes/transaction-test-kit.ts'
import { passStage } from './transaction-stages.ts'
import { settleTransaction } from './transactions.ts'

const DECLINED = {
  status: 'failed',
  failureCode: 'authorizationDeclined',
  failureReason: 'The payment authorization was declined.',
} as const

describe('transaction stages', () => {
  it('start with ordering done and verification in progress', async () => {
    const flow = await stagedPurchases()
    const transaction = await flow.buy()
    expect(transaction.stages).toEqual([
      { stage: 'stage_one_ordering', status: 'success', failureReason: null },
      { stage: 'stage_two_verification', status: 'in_progress', failureReason: null },
      { stage: 'stage_three_processing', status: 'not_started', failureReason: null },
      { stage: 'stage_four_delivery', status: 'not_started', failureReason: null },
    ])
  })

  it('pass verification at 5 s, processing at 10 s, and delivery when the transaction completes at 20 s', async () => {
    const flow = await stagedPurchases()
    const { id } = await flow.buy()
    const seen = []
    for (const step of [4_999, 1, 5_000, 9_999, 1]) {
      await flow.advance(step)
      const read = await flow.read(id)
      seen.push([read.status, ...statusesOf(read)].join(' '))
    }
    expect(seen).toEqual([
      'pending success in_progress not_started not_started',
      'pending success success in_progress not_started',
      'pending success success success in_progress',
      'pending success success success in_progress',
      'completed success success success success',
    ])
  })

  it('move updatedAt to the tenant clock at each change', async () => {
    const flow = await stagedPurchases()
    const { id, createdAt } = await flow.buy()
    await flow.advance(5_000)
    expect(Date.parse((await flow.read(id)).updatedAt) - Date.parse(createdAt)).toBe(5_000)
  })

  it('send transaction_updated at each change, its data the buy as GET /v1/transactions/{id} shows it then, and transaction.updated with the transaction as GET /platform/v1/transactions/{id} shows it then', async () => {
    const flow = await stagedPurchases()
    const { id } = await flow.buy()
    for (const step of [5_000, 5_000, 10_000]) {
      await flow.advance(step)
      const last = (await flow.events()).at(-1)!
      expect(last).toMatchObject({ type: 'transaction_updated' })
      expect(last.data).toEqual(await flow.readWidget(id))
      const platform = (await flow.platformEvents()).at(-1)!
      expect(platform).toMatchObject({ type: 'transaction.updated' })
      expect(platform.data).toEqual(await flow.read(id))
    }
    expect((await flow.events()).map((event) => event.type)).toEqual([
      'transaction_created',
      'transaction_updated',
      'transaction_updated',
      'transaction_updated',
    ])
    expect((await flow.platformEvents()).map((event) => event.type)).toEqual([
      'transaction.updated',
      'transaction.updated',
      'transaction.updated',
      'transaction.updated',
    ])
  })

  it('send each change with its own stages when one clock advance passes them all (jobs run one at a time)', async () => {
    const flow = await stagedPurchases()
    await flow.buy()
    await flow.advance(20_000)
    expect(
      (await flow.platformEvents()).map((event) => [event.data.status, ...statusesOf(event.data)].join(' ')),
    ).toEqual([
      'pending success in_progress not_started not_started',
      'pending success success in_progress not_started',
      'pending success success success in_progress',
      'completed success success success success',
    ])
  })

  it('journal each stage passed as transaction:stage', async () => {
    const flow = await stagedPurchases()
    const { id } = await flow.buy()
    await flow.advance(10_000)
    const stages = flow.tenant.journal
      .list({ kind: 'state' })
      .filter((entry): entry is StateJournalEntry => entry.kind === 'state' && entry.event === 'transaction:stage')
    expect(stages.map((entry) => entry.detail)).toEqual([
      { transactionId: id, stage: 'stage_two_verification', status: 'success', next: 'stage_three_processing' },
      { transactionId: id, stage: 'stage_three_processing', status: 'success', next: 'stage_four_delivery' },
    ])
  })

  it('fail a failure known at once at verification with its stage reason, the later stages not started, and send transaction_failed once', async () => {
    const flow = await stagedPurchases()
    const { id } = await flow.buy({ outcome: DECLINED, settleAfterMs: 0 })
    const read = await flow.read(id)
    expect(read).toMatchObject({ status: 'failed', failureCode: 'authorizationDeclined' })
    expect(read.stages[1]).toEqual({
      stage: 'stage_two_verification',
      status: 'failed',
      failureReason: 'payment_authorization_declined',
    })
    expect(statusesOf(read)).toEqual(['success', 'failed', 'not_started', 'not_started'])
    expect((await flow.events()).map((event) => event.type)).toEqual(['transaction_created', 'transaction_failed'])
  })

  it('keep verification in progress until a failure settles at 20 s', async () => {
    const flow = await stagedPurchases()
    const { id } = await flow.buy({ outcome: DECLINED })
    await flow.advance(19_999)
    expect(statusesOf(await flow.read(id))).toEqual(['success', 'in_progress', 'not_started', 'not_started'])
    await flow.advance(1)
    expect(statusesOf(await flow.read(id))).toEqual(['success', 'failed', 'not_started', 'not_started'])
    expect((await flow.events()).map((event) => event.type)).toEqual(['transaction_created', 'transaction_failed'])
  })

  it('leave a transaction that moved on as it is when an old stage job runs', async () => {
    const flow = await stagedPurchases()
    const { id } = await flow.buy()
    await flow.advance(10_000)
    const before = await flow.read(id)
    const events = (await flow.events()).length
    await passStage(flow.tenant, await flow.tenant.store(), id, 'stage_two_verification')
    await flow.tenant.background.settled()
    expect(await flow.read(id)).toEqual(before)
    expect(await flow.events()).toHaveLength(events)
  })

  it('leave a settled transaction as it is when a settle or stage job restored from a state file runs again', async () => {
    const flow = await stagedPurchases()
    const { id } = await flow.buy()
    await flow.advance(20_000)
    const settled = await flow.read(id)
    const store = await flow.tenant.store()
    await passStage(flow.tenant, store, id, 'stage_three_processing')
    await settleTransaction(flow.tenant, store, id, DECLINED)
    await flow.tenant.background.settled()
    expect(await flow.read(id)).toEqual(settled)
    expect(await flow.events()).toHaveLength(4)
  })

  it('go on after a restart: a state file keeps the stage jobs, and the clock passes them', async () => {
    const flow = await stagedPurchases()
    const { id } = await flow.buy()
    await flow.advance(5_000)
    const snapshot = SandboxSnapshot.parse(JSON.parse(JSON.stringify(await flow.core.snapshot())))
    const restored = createSandboxCore({ seed: snapshot.seed, secret: snapshot.secret, bootId: snapshot.bootId })
    await restored.restore(snapshot)
    const tenant = restored.tenants.get(flow.tenant.account.account, 'test')
    expect([...tenant.jobs].map((job) => job.kind)).toEqual(['transaction:stage', 'transaction:settle'])
    tenant.clock.advance(5_000)
    await tenant.clock.settled()
    expect(statusesOf((await tenant.store()).transactions.get(id)!)).toEqual([
      'success',
      'success',
      'success',
      'in_progress',
    ])
  })
})

describe('a state file written before stages', () => {
  const store = async () => (await stagedPurchases()).tenant.store()

  it.each([
    ['pending', {}, ['success', 'in_progress', 'not_started', 'not_started'], null],
    ['completed', {}, ['success', 'success', 'success', 'success'], null],
    [
      'failed',
      { failureCode: 'validationError', failureReason: 'The payment details did not pass validation.' },
      ['success', 'failed', 'not_started', 'not_started'],
      'rejected_card',
    ],
  ] as const)(
    'loads a %s transaction with the stages of its status',
    async (status, failure, statuses, failureReason) => {
      const held = await store()
      const snapshot = held.snapshot()
      // A transaction as a state file of then held it: a seeded one (a snapshot now holds only the account's own).
      const { stages: _, ...old } = { ...held.transactions.all()[0]!, status, ...failure }
      const parsed = StoreSnapshot.parse(JSON.parse(JSON.stringify({ ...snapshot, transactions: [old] })))
      expect(parsed.transactions[0]!.stages.map((stage) => stage.status)).toEqual(statuses)
      expect(parsed.transactions[0]!.stages[1]!.failureReason).toBe(failureReason)
    },
  )
})

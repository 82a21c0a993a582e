import { describe, expect, it } from 'vitest'
import { SavedTenantSettings, TenantSettings, dataOf } from '#contract/index.ts'
import { sellFlow } from '#http/routes/sell-test-kit.ts'
import { stagedPurchases } from '#http/routes/transaction-test-kit.ts'
import { conforms, send } from '#http/test-request.ts'
import type { SandboxCore } from '#http/sandbox-core.ts'
import { lifecycleEventsOf } from './updated-webhooks.ts'

const DECLINED = {
  status: 'failed',
  failureCode: 'authorizationDeclined',
  failureReason: 'The payment authorization was declined.',
} as const

/** Sets the two settings of decision 0090 through `PUT /__sandbox/settings`. */
async function choose(
  core: SandboxCore,
  sk: Record<string, string>,
  body: { webhookUpdatedEvents?: string; webhookUpdatedOnFailure?: boolean },
) {
  const response = await send(core, 'PUT /__sandbox/settings', { headers: sk, body })
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return conforms(dataOf(TenantSettings), response.body).data
}

/** Each widget event as `type status`. */
const lines = (events: Array<{ type: string; data: { status: string } }>) =>
  events.map((event) => `${event.type} ${event.data.status}`)

describe('lifecycleEventsOf', () => {
  const every = { webhookUpdatedEvents: 'everyChange', webhookUpdatedOnFailure: false } as const
  const status = { webhookUpdatedEvents: 'statusChange', webhookUpdatedOnFailure: false } as const

  it('sends updated at every change with everyChange, and only at a new status with statusChange', () => {
    expect(lifecycleEventsOf(every, 'updated', 'pending', 'pending')).toEqual(['updated'])
    expect(lifecycleEventsOf(status, 'updated', 'pending', 'pending')).toEqual([])
    expect(lifecycleEventsOf(status, 'updated', 'pending', 'completed')).toEqual(['updated'])
  })

  it('sends failed alone, or updated right before it with webhookUpdatedOnFailure', () => {
    expect(lifecycleEventsOf(status, 'failed', 'pending', 'failed')).toEqual(['failed'])
    expect(lifecycleEventsOf({ ...status, webhookUpdatedOnFailure: true }, 'failed', 'pending', 'failed')).toEqual([
      'updated',
      'failed',
    ])
    expect(lifecycleEventsOf({ ...every, webhookUpdatedOnFailure: true }, 'failed', 'pending', 'failed')).toEqual([
      'updated',
      'failed',
    ])
  })
})

describe('the settings of decision 0090', () => {
  it('read as everyChange without an update for a failure in a state file written before them', () => {
    const saved = {
      defaultExtraFeePercentage: 0,
      allowedOrigins: [],
      capabilities: { identity: true, guestCheckout: true },
      googlePayAvailable: true,
    }
    expect(SavedTenantSettings.parse(saved)).toMatchObject({
      webhookUpdatedEvents: 'everyChange',
      webhookUpdatedOnFailure: false,
    })
  })
})

describe('when transaction_updated fires (a buy)', () => {
  it('sends it at every stage with everyChange (the default)', async () => {
    const flow = await stagedPurchases()
    await flow.buy()
    await flow.advance(20_000)
    expect(lines(await flow.events())).toEqual([
      'transaction_created waitingAuthorization',
      'transaction_updated pending',
      'transaction_updated pending',
      'transaction_updated completed',
    ])
  })

  it('sends it only when the widget status moves with statusChange, while transaction.updated still fires at every change', async () => {
    const flow = await stagedPurchases()
    await choose(flow.core, flow.sk, { webhookUpdatedEvents: 'statusChange' })
    const { id } = await flow.buy()
    await flow.advance(20_000)
    expect(lines(await flow.events())).toEqual([
      'transaction_created waitingAuthorization',
      'transaction_updated pending',
      'transaction_updated completed',
    ])
    expect((await flow.events()).at(-1)!.data).toEqual(await flow.readWidget(id))
    expect((await flow.platformEvents()).map((event) => event.data.status)).toEqual([
      'pending',
      'pending',
      'pending',
      'completed',
    ])
  })

  it('sends transaction_failed alone for a failure, or transaction_updated failed right before it with webhookUpdatedOnFailure', async () => {
    const alone = await stagedPurchases()
    await alone.buy({ outcome: DECLINED })
    await alone.advance(20_000)
    expect(lines(await alone.events())).toEqual([
      'transaction_created waitingAuthorization',
      'transaction_failed failed',
    ])

    const both = await stagedPurchases()
    await choose(both.core, both.sk, { webhookUpdatedEvents: 'statusChange', webhookUpdatedOnFailure: true })
    const { id } = await both.buy({ outcome: DECLINED })
    await both.advance(20_000)
    const events = await both.events()
    expect(lines(events)).toEqual([
      'transaction_created waitingAuthorization',
      'transaction_updated failed',
      'transaction_failed failed',
    ])
    expect(events[1]!.data).toEqual(events[2]!.data)
    expect(events[1]!.data).toEqual(await both.readWidget(id))
    expect((await both.platformEvents()).map((event) => event.data.status)).toEqual(['pending', 'failed'])
  })
})

describe('when sell_transaction_updated fires (a sell)', () => {
  it('sends it at the deposit and every stage with everyChange (the default)', async () => {
    const flow = await sellFlow()
    const { id } = await flow.create()
    await flow.deposit(id, 0.5)
    await flow.advance(20_000)
    expect(lines(await flow.events())).toEqual([
      'sell_transaction_created waitingForDeposit',
      'sell_transaction_updated pending',
      'sell_transaction_updated pending',
      'sell_transaction_updated pending',
      'sell_transaction_updated completed',
    ])
  })

  it('sends it only when the status moves with statusChange, a requote accepted included', async () => {
    const flow = await sellFlow()
    await choose(flow.core, flow.sk, { webhookUpdatedEvents: 'statusChange' })
    const plain = await flow.create()
    await flow.deposit(plain.id, 0.5)
    await flow.advance(20_000)
    expect(lines((await flow.events()).filter((event) => event.data.id === plain.id))).toEqual([
      'sell_transaction_created waitingForDeposit',
      'sell_transaction_updated pending',
      'sell_transaction_updated completed',
    ])
    const requoted = await flow.create()
    await flow.deposit(requoted.id, 0.5)
    expect(
      (
        await send(flow.core, `POST /__sandbox/sell_transactions/${requoted.id}/requote`, {
          headers: flow.sk,
          body: {},
        })
      ).status,
    ).toBe(200)
    expect(
      (await send(flow.core, `POST /__sandbox/sell_transactions/${requoted.id}/complete`, { headers: flow.sk })).status,
    ).toBe(200)
    await flow.tenant.background.settled()
    expect(lines((await flow.events()).filter((event) => event.data.id === requoted.id))).toEqual([
      'sell_transaction_created waitingForDeposit',
      'sell_transaction_updated pending',
      'sell_transaction_requote_required requoteRequired',
      'sell_transaction_updated completed',
    ])
  })

  it('sends sell_transaction_failed alone for a failure, or sell_transaction_updated failed right before it with webhookUpdatedOnFailure', async () => {
    const flow = await sellFlow()
    const alone = await flow.create()
    await flow.deposit(alone.id, 0.1)
    await choose(flow.core, flow.sk, { webhookUpdatedOnFailure: true })
    const refused = await flow.create()
    await flow.deposit(refused.id, 0.1)
    const cancelled = await flow.create()
    await send(flow.core, `DELETE /v3/sell_transactions/${cancelled.id}`, { headers: flow.sk })
    await flow.tenant.background.settled()
    const of = async (id: string) => lines((await flow.events()).filter((event) => event.data.id === id))
    expect(await of(alone.id)).toEqual(['sell_transaction_created waitingForDeposit', 'sell_transaction_failed failed'])
    expect(await of(refused.id)).toEqual([
      'sell_transaction_created waitingForDeposit',
      'sell_transaction_updated failed',
      'sell_transaction_failed failed',
    ])
    expect(await of(cancelled.id)).toEqual([
      'sell_transaction_created waitingForDeposit',
      'sell_transaction_updated failed',
      'sell_transaction_failed failed',
    ])
    const [updated, failed] = (await flow.events()).filter((event) => event.data.id === refused.id).slice(1)
    expect(updated!.data).toEqual(failed!.data)
    expect(failed!.data).toEqual(await flow.read(refused.id))
  })

  it('leaves a triggered sell_transaction_updated alone: the partner asked for it', async () => {
    const flow = await sellFlow()
    await choose(flow.core, flow.sk, { webhookUpdatedEvents: 'statusChange' })
    await flow.create()
    expect(
      (
        await send(flow.core, 'POST /__sandbox/webhooks/trigger', {
          headers: flow.sk,
          body: { type: 'sell_transaction_updated' },
        })
      ).status,
    ).toBe(201)
    await flow.tenant.background.settled()
    expect((await flow.events()).map((event) => event.type)).toEqual([
      'sell_transaction_created',
      'sell_transaction_updated',
    ])
  })
})

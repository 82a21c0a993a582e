import { describe, expect, it } from 'vitest'
import { WEBHOOK_CATALOGUE } from '#contract/index.ts'
import { readCustomer, readIdentityCheck, watchedCustomer } from '#http/routes/customer-test-kit.ts'
import { sellFlow } from '#http/routes/sell-test-kit.ts'
import { driveSwap, type SwapDriveStep } from '#http/routes/swap-test-kit.ts'
import { stagedPurchases } from '#http/routes/transaction-test-kit.ts'
import { send } from '#http/test-request.ts'

/** What the partner's handler makes of one webhook: its family, event, object id, and the fields it reads. */
interface Handled {
  family: 'widget' | 'platform'
  type: string
  /** The platform envelope's event id; widget webhooks have none (reference §1, §3). */
  eventId: string | undefined
  objectId: string
  status: string
  /** The reference's fields by their reference names; a missing one reads `undefined`, which the tests refuse. */
  fields: Record<string, unknown>
  data: Record<string, unknown>
}

// `any`, as a partner reads parsed JSON: the handler must not lean on the sandbox's types.
type Json = Record<string, any>

/**
 * A partner's webhook handler written from `../shared/reference/webhooks.md` alone, not from the sandbox's types: a
 * platform webhook is `{id, type, timestamp, data}` with dotted names (§4), a widget one `{type, data}` (§3). It reads
 * the buy (§3.2), the sell (§3.3), the sell's requote (§3.4), the swap (§3.5), the identity check (§3.6), the platform
 * transaction and the platform customer (§4) by the reference's names.
 */
function partnerHandler(raw: string): Handled {
  const body = JSON.parse(raw) as Json
  const data = body.data as Json
  if (typeof body.id === 'string' && typeof body.timestamp === 'string') {
    const platform = { family: 'platform', type: body.type, eventId: body.id, objectId: data.id, data } as const
    switch (body.type) {
      case 'transaction.updated':
        // Not read: §4's `customer.id` and stage `kind` (the sandbox's platform transaction, from the spec, has `customerId` and `stage`).
        return {
          ...platform,
          status: data.status,
          fields: {
            createdAt: data.createdAt,
            updatedAt: data.updatedAt,
            sourceAsset: data.source?.asset,
            destinationAsset: data.destination?.asset,
            stageStatuses: data.stages?.map((stage: Json) => stage.status),
          },
        }
      case 'customer.identity_status_updated':
        return {
          ...platform,
          status: data.kyc?.status,
          fields: { id: data.id, externalCustomerId: data.externalCustomerId, kycStatus: data.kyc?.status },
        }
      default:
        throw new Error(`the reference names no platform event ${String(body.type)}`)
    }
  }
  const widget = {
    family: 'widget',
    type: body.type,
    eventId: undefined,
    objectId: data.id,
    status: data.status,
    data,
  } as const
  switch (body.type) {
    case 'transaction_created':
    case 'transaction_updated':
    case 'transaction_failed':
      return {
        ...widget,
        fields: {
          walletAddress: data.walletAddress,
          baseCurrencyAmount: data.baseCurrencyAmount,
          quoteCurrencyAmount: data.quoteCurrencyAmount,
          feeAmount: data.feeAmount,
          extraFeeAmount: data.extraFeeAmount,
          networkFeeAmount: data.networkFeeAmount,
          areFeesIncluded: data.areFeesIncluded,
          currencyId: data.currencyId,
          baseCurrencyId: data.baseCurrencyId,
          currencyCode: data.currency?.code,
          baseCurrencyCode: data.baseCurrency?.code,
          customerId: data.customerId,
          eurRate: data.eurRate,
          usdRate: data.usdRate,
          gbpRate: data.gbpRate,
          createdAt: data.createdAt,
          updatedAt: data.updatedAt,
          stageNames: data.stages?.map((stage: Json) => stage.stage),
          isRecurring: data.isRecurring,
          flow: data.flow,
        },
      }
    case 'sell_transaction_created':
    case 'sell_transaction_updated':
    case 'sell_transaction_failed':
      return {
        ...widget,
        fields: {
          baseCurrencyAmount: data.baseCurrencyAmount,
          quoteCurrencyAmount: data.quoteCurrencyAmount,
          feeAmount: data.feeAmount,
          extraFeeAmount: data.extraFeeAmount,
          payoutMethod: data.payoutMethod,
          baseCurrencyId: data.baseCurrencyId,
          baseCurrencyCode: data.baseCurrency?.code,
          quoteCurrencyId: data.quoteCurrencyId,
          quoteCurrencyCode: data.quoteCurrency?.code,
          customerId: data.customerId,
          bankAccountId: data.bankAccountId,
          depositHash: data.depositHash,
          refundWalletAddress: data.refundWalletAddress,
          externalTransactionId: data.externalTransactionId,
          externalCustomerId: data.externalCustomerId,
          failureReason: data.failureReason,
          eurRate: data.eurRate,
          usdRate: data.usdRate,
          gbpRate: data.gbpRate,
          createdAt: data.createdAt,
          updatedAt: data.updatedAt,
          accountId: data.accountId,
          refundHash: data.refundHash,
          quoteExpiresAt: data.quoteExpiresAt,
          refundWalletAddressRequestedAt: data.refundWalletAddressRequestedAt,
          quoteExpiredEmailSentAt: data.quoteExpiredEmailSentAt,
          widgetRedirectUrl: data.widgetRedirectUrl,
          confirmations: data.confirmations,
          depositWalletId: data.depositWalletId,
          refundApprovalStatus: data.refundApprovalStatus,
          integratedSellDepositInfo: data.integratedSellDepositInfo,
          flow: data.flow,
        },
      }
    case 'sell_transaction_requote_required':
      return {
        ...widget,
        fields: {
          createdAt: data.createdAt,
          updatedAt: data.updatedAt,
          baseCurrencyAmount: data.baseCurrencyAmount,
          quoteCurrencyAmount: data.quoteCurrencyAmount,
          // Codes here, not the objects the other sell events carry (§3.4).
          baseCurrency: typeof data.baseCurrency === 'string' ? data.baseCurrency : undefined,
          quoteCurrency: typeof data.quoteCurrency === 'string' ? data.quoteCurrency : undefined,
          externalCustomerId: data.externalCustomerId,
          walletAddress: data.walletAddress,
          externalTransactionId: data.externalTransactionId,
        },
      }
    case 'swap_transaction_created':
    case 'swap_deposit_wallet_created':
    case 'swap_deposit_received':
    case 'swap_asset_delivery_initiated':
    case 'swap_transaction_completed':
    case 'swap_transaction_failed':
    case 'swap_quote_expired':
    case 'swap_quote_invalid':
    case 'swap_refund_asset_delivery_initiated':
    case 'swap_refund_completed':
      return {
        ...widget,
        // Not read: the wallets (§3.5 gives `{address, tag}` but not the fields' names).
        fields: {
          // Decimal strings here, unlike the buy's and the sell's numbers (§3.5).
          baseCurrencyAmount: decimal(data.baseCurrencyAmount),
          quoteCurrencyAmount: decimal(data.quoteCurrencyAmount),
          feeAmount: decimal(data.feeAmount),
          extraFeeAmount: decimal(data.extraFeeAmount),
          networkFeeAmount: decimal(data.networkFeeAmount),
          baseCurrencyCode: data.baseCurrency?.code,
          quoteCurrencyCode: data.quoteCurrency?.code,
          customerId: data.customerId,
          depositHash: data.depositHash,
          transactionHash: data.transactionHash,
          failureReason: data.failureReason,
          externalTransactionId: data.externalTransactionId,
          createdAt: data.createdAt,
          updatedAt: data.updatedAt,
        },
      }
    case 'identity_check_updated':
      return {
        ...widget,
        fields: {
          // The body repeats the customer's external id at its top (§3, §3.6): null when there is none, never absent.
          topLevelExternalCustomerId: body.externalCustomerId,
          customerId: data.customerId,
          externalCustomerId: data.externalCustomerId,
          createdAt: data.createdAt,
          updatedAt: data.updatedAt,
          level: data.level,
          result: data.result,
          rejectType: data.rejectType,
          rejectLabels: data.rejectLabels,
          rejections: data.rejections,
          resultDescription: data.resultDescription,
          escalationReasons: data.escalationReasons,
        },
      }
    default:
      throw new Error(`the reference names no event ${String(body.type)}`)
  }
}

/** A decimal string as §3.5 gives the swap's amounts (`"1.123"`); anything else reads `undefined`. */
const decimal = (value: unknown) => (typeof value === 'string' && /^[0-9]+(\.[0-9]+)?$/.test(value) ? value : undefined)

/** Every event type the handler handled in this file, checked against the catalogue by the file's last test. */
const handledTypes = new Set<string>()

/** The handler, noting each type it handled. */
function handle(raw: string): Handled {
  const handled = partnerHandler(raw)
  handledTypes.add(handled.type)
  return handled
}

/** The fields the handler could not find by their reference names. */
const missing = (handled: Handled) =>
  Object.entries(handled.fields)
    .filter(([, value]) => value === undefined)
    .map(([name]) => `${handled.type}.${name}`)

describe('a partner handler written from the reference alone', () => {
  it('reads every buy event of both families by the reference names, each payload equal to a GET of its object at that moment', async () => {
    const flow = await stagedPurchases()
    const handledSoFar = async () =>
      [...(await flow.events()), ...(await flow.platformEvents())].map((event) => handle(JSON.stringify(event)))
    const { id } = await flow.buy()
    const checkLatest = async () => {
      const handled = await handledSoFar()
      const widget = handled.filter((event) => event.family === 'widget').at(-1)!
      const platform = handled.filter((event) => event.family === 'platform').at(-1)!
      expect(widget.data).toEqual(await flow.readWidget(id))
      expect(platform.data).toEqual(await flow.read(id))
      expect(platform.eventId).toMatch(/^evt_/)
      expect(widget.eventId).toBeUndefined()
    }
    await checkLatest()
    for (const step of [5_000, 5_000, 10_000]) {
      await flow.advance(step)
      await checkLatest()
    }
    const handled = await handledSoFar()
    expect(handled.map((event) => `${event.family} ${event.type} ${event.status}`)).toEqual([
      'widget transaction_created waitingAuthorization',
      'widget transaction_updated pending',
      'widget transaction_updated pending',
      'widget transaction_updated completed',
      'platform transaction.updated pending',
      'platform transaction.updated pending',
      'platform transaction.updated pending',
      'platform transaction.updated completed',
    ])
    expect(handled.flatMap(missing)).toEqual([])
    expect(new Set(handled.map((event) => event.objectId))).toEqual(new Set([id]))
  })

  it('reads a failed buy in both families', async () => {
    const flow = await stagedPurchases()
    const { id } = await flow.buy({
      outcome: {
        status: 'failed',
        failureCode: 'authorizationDeclined',
        failureReason: 'The payment authorization was declined.',
      },
      settleAfterMs: 0,
    })
    const handled = [...(await flow.events()), ...(await flow.platformEvents())].map((event) =>
      handle(JSON.stringify(event)),
    )
    expect(handled.map((event) => `${event.type} ${event.status}`)).toEqual([
      'transaction_created waitingAuthorization',
      'transaction_failed failed',
      'transaction.updated pending',
      'transaction.updated failed',
    ])
    expect(handled[1]!.data).toEqual(await flow.readWidget(id))
    expect(handled[3]!.data).toEqual(await flow.read(id))
    expect(handled.flatMap(missing)).toEqual([])
  })

  it('reads every sell event by the reference names, each payload equal to GET /v3/sell_transactions/{id} at that moment', async () => {
    const flow = await sellFlow()
    const { id } = await flow.create()
    const latest = async () => handle(JSON.stringify((await flow.events()).at(-1)))
    expect((await latest()).data).toEqual(await flow.read(id))
    await flow.deposit(id, 0.5)
    expect((await latest()).data).toEqual(await flow.read(id))
    for (const step of [5_000, 5_000, 10_000]) {
      await flow.advance(step)
      expect((await latest()).data).toEqual(await flow.read(id))
    }
    const handled = (await flow.events()).map((event) => handle(JSON.stringify(event)))
    expect(handled.map((event) => `${event.family} ${event.type}`)).toEqual([
      'widget sell_transaction_created',
      ...Array(4).fill('widget sell_transaction_updated'),
    ])
    expect(handled.at(-1)!.status).toBe('completed')
    expect(handled.flatMap(missing)).toEqual([])
  })

  it("reads a sell requote by the reference names, its reduced object the GET as §3.4 maps it, and the refused requote's failure equal to the GET", async () => {
    const flow = await sellFlow()
    const latest = async () => handle(JSON.stringify((await flow.events()).at(-1)))
    const { id } = await flow.create({
      externalCustomerId: 'partner-seller-1',
      externalTransactionId: 'partner-sell-1',
    })
    expect((await latest()).data).toEqual(await flow.read(id))
    expect((await flow.deposit(id, 0.5)).status).toBe(200)
    expect((await latest()).data).toEqual(await flow.read(id))
    await flow.advance(3_000)
    expect(
      (
        await send(flow.core, `POST /__sandbox/sell_transactions/${id}/requote`, {
          headers: flow.sk,
          body: { quoteCurrencyAmount: 900 },
        })
      ).status,
    ).toBe(200)
    await flow.tenant.background.settled()
    const requote = await latest()
    const sell = await flow.read(id)
    expect(requote.type).toBe('sell_transaction_requote_required')
    expect(requote.data).toEqual({
      id: sell.id,
      status: sell.status,
      createdAt: sell.createdAt,
      updatedAt: sell.updatedAt,
      baseCurrencyAmount: sell.baseCurrencyAmount,
      quoteCurrencyAmount: sell.quoteCurrencyAmount,
      baseCurrency: sell.baseCurrency.code,
      quoteCurrency: sell.quoteCurrency.code,
      externalCustomerId: sell.externalCustomerId,
      walletAddress: sell.depositWalletAddress,
      externalTransactionId: sell.externalTransactionId,
    })
    expect([requote.status, requote.fields.quoteCurrencyAmount, requote.fields.externalCustomerId]).toEqual([
      'requoteRequired',
      900,
      'partner-seller-1',
    ])
    expect(
      (
        await send(flow.core, `POST /__sandbox/sell_transactions/${id}/fail`, {
          headers: flow.sk,
          body: { failureReason: 'refund' },
        })
      ).status,
    ).toBe(200)
    await flow.tenant.background.settled()
    const failed = await latest()
    expect(failed.type).toBe('sell_transaction_failed')
    expect(failed.data).toEqual(await flow.read(id))
    expect([failed.status, failed.fields.failureReason]).toEqual(['failed', 'refund'])
    expect(failed.fields.refundHash).toMatch(/^0x[0-9a-f]{64}$/)
    const handled = (await flow.events()).map((event) => handle(JSON.stringify(event)))
    expect(handled.map((event) => event.type)).toEqual([
      'sell_transaction_created',
      'sell_transaction_updated',
      'sell_transaction_requote_required',
      'sell_transaction_failed',
    ])
    expect(handled.flatMap(missing)).toEqual([])
  })

  /** Drives a swap through `steps` and checks every event it sent equals the swap's GET right after its step; answers the handled events by step. */
  async function swapPath(steps: SwapDriveStep[]): Promise<string[][]> {
    const moments = await driveSwap(steps)
    const handled = moments.map((moment) => moment.events.map((event) => handle(JSON.stringify(event))))
    moments.forEach((moment, at) => {
      for (const event of handled[at]!) {
        expect(event.data).toEqual(moment.swap)
        expect(event.status).toBe(moment.swap.status)
      }
    })
    expect(handled.flat().flatMap(missing)).toEqual([])
    expect(new Set(handled.flat().map((event) => event.objectId)).size).toBe(1)
    return handled.map((events) => events.map((event) => event.type))
  }

  const ADDRESS = { advance: 5_000 }
  const SCREENING = { advance: 10_000 }
  const SWAPPING = { advance: 30_000 }

  it('reads a completed swap by the reference names, each event equal to GET /v4/swap/transaction/{id} at its step', async () => {
    expect(await swapPath([{ execute: 100 }, ADDRESS, { deposit: 100 }, SCREENING, SWAPPING])).toEqual([
      ['swap_transaction_created'],
      ['swap_deposit_wallet_created'],
      ['swap_deposit_received'],
      ['swap_asset_delivery_initiated'],
      ['swap_transaction_completed'],
    ])
  })

  it('reads a swap whose deposit made its quote invalid and whose requote was accepted', async () => {
    expect(
      (await swapPath([{ execute: 100 }, ADDRESS, { deposit: 80 }, SCREENING, { requote: 'accept' }, SWAPPING])).slice(
        3,
      ),
    ).toEqual([['swap_quote_invalid'], ['swap_asset_delivery_initiated'], ['swap_transaction_completed']])
  })

  it('reads a swap whose requote was rejected: failed, its refund started, and 30 s later completed', async () => {
    expect(
      (
        await swapPath([
          { execute: 100 },
          ADDRESS,
          { deposit: 80 },
          SCREENING,
          { requote: 'reject' },
          { advance: 30_000 },
        ])
      ).slice(3),
    ).toEqual([
      ['swap_quote_invalid'],
      ['swap_transaction_failed', 'swap_refund_asset_delivery_initiated'],
      ['swap_refund_completed'],
    ])
  })

  it('reads a swap whose quote expired (trigger 65.13) and whose requote was accepted', async () => {
    expect(
      (
        await swapPath([{ execute: 65.13 }, ADDRESS, { deposit: 65.13 }, SCREENING, { requote: 'accept' }, SWAPPING])
      ).slice(3),
    ).toEqual([['swap_quote_expired'], ['swap_asset_delivery_initiated'], ['swap_transaction_completed']])
  })

  /** Submits a watched customer and lets the decision land, checking each KYC event against its GET at that moment. */
  async function kycPath(label: string, lastName: string | undefined, external: string) {
    const flow = await watchedCustomer(label, lastName)
    ;(await flow.tenant.store()).externalCustomers.link(flow.id, external)
    const moment = async () => {
      const handled = (await flow.since()).map(handle)
      const check = await readIdentityCheck(flow.core, flow.id, flow.headers)
      const customer = await readCustomer(flow.core, flow.id, flow.headers)
      for (const event of handled) expect(event.data).toEqual(event.family === 'widget' ? check : customer)
      return handled
    }
    expect(
      (await send(flow.core, `POST /platform/v1/customers/${flow.id}/verify`, { headers: flow.headers })).status,
    ).toBe(200)
    const submitted = await moment()
    expect(
      (await send(flow.core, 'POST /__sandbox/clock/advance', { headers: flow.headers, body: { by: '60s' } })).status,
    ).toBe(200)
    const decided = await moment()
    const handled = [...submitted, ...decided]
    expect(handled.flatMap(missing)).toEqual([])
    expect(
      handled.filter((event) => event.family === 'widget').map((event) => event.fields.topLevelExternalCustomerId),
    ).toEqual([external, external])
    expect(
      handled
        .filter((event) => event.family === 'platform')
        .map((event) => [event.fields.id, event.fields.externalCustomerId]),
    ).toEqual([
      [flow.id, external],
      [flow.id, external],
    ])
    return [submitted, decided].map((events) =>
      events.map(
        (event) =>
          `${event.family} ${event.type} ${event.status}${event.family === 'widget' ? ` ${String(event.fields.result)}` : ''}`,
      ),
    )
  }

  it('reads an approved KYC in both families: the identity check equal to its control GET, the platform customer to the Customer API GET', async () => {
    expect(await kycPath('refkyc', undefined, 'partner-kyc-1')).toEqual([
      ['platform customer.identity_status_updated pending', 'widget identity_check_updated pending null'],
      ['platform customer.identity_status_updated approved', 'widget identity_check_updated completed clear'],
    ])
  })

  it('reads a rejected KYC in both families', async () => {
    expect(await kycPath('refkycrej', 'Rejected', 'partner-kyc-2')).toEqual([
      ['platform customer.identity_status_updated pending', 'widget identity_check_updated pending null'],
      ['platform customer.identity_status_updated rejected', 'widget identity_check_updated completed rejected'],
    ])
  })

  // Runs last (a file's tests run in order): a catalogue entry without a case above, or without a test reaching it, fails here.
  it('has handled every event of the catalogue in the tests above', () => {
    expect(Object.keys(WEBHOOK_CATALOGUE).filter((type) => !handledTypes.has(type))).toEqual([])
  })
})

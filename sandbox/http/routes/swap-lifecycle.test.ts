import { beforeAll, describe, expect, it } from 'vitest'
import { SwapQuote, TenantFixtures, dataOf } from '#contract/index.ts'
import { SWAP_TRIGGERS } from '#domain/swap-triggers.ts'
import { createSandboxCore, type SandboxCore } from '../sandbox-core.ts'
import { conforms, send } from '../test-request.ts'
import { EVM_WALLET, expectWidgetError, swapAccount } from './swap-test-kit.ts'

let core: SandboxCore

beforeAll(() => {
  core = createSandboxCore({ seed: 1 })
})

describe('a swap on the tenant clock', () => {
  it('is given its deposit address 5 s after execution, not before', async () => {
    const account = await swapAccount(core)
    const quote = await account.quote('usdc-eth', 100)
    const { transactionId } = await account.executed(quote.signature)
    await account.advance(4_999)
    expect((await account.swap(transactionId)).status).toBe('waitingForDepositAddressGeneration')
    await account.advance(1)
    expect((await account.swap(transactionId)).status).toBe('waitingForDeposit')
  })

  it('deposited as quoted is screened, swapped and completed with a destination hash', async () => {
    const account = await swapAccount(core)
    const { id } = await account.waitingForDeposit('usdc-eth', 100)
    expect((await account.deposit(id, 100, '0xabc')).status).toBe('screeningWalletAddress')
    await account.advance(10_000)
    expect((await account.swap(id)).status).toBe('executingSwap')
    await account.advance(30_000)
    const swap = await account.swap(id)
    expect(swap).toMatchObject({
      status: 'completed',
      depositAmount: '100',
      depositHash: '0xabc',
      failureReason: null,
      refundHash: null,
    })
    expect(swap.transactionHash).toMatch(/^0x[0-9a-f]{64}$/)
  })

  it('takes a deposit within 1 % of the quote as quoted', async () => {
    const account = await swapAccount(core)
    const { id } = await account.waitingForDeposit('usdc-eth', 100)
    await account.deposit(id, 99.01)
    await account.advance(10_000)
    expect((await account.swap(id)).status).toBe('executingSwap')
  })

  it('needs a requote after a deposit more than 1 % off the quote', async () => {
    const account = await swapAccount(core)
    const { id } = await account.waitingForDeposit('usdc-eth', 100)
    await account.deposit(id, 98.99)
    await account.advance(10_000)
    expect((await account.swap(id)).status).toBe('reQuoteRequired')
  })

  it("fails a deposit outside the pair's limits with depositAmountOutsideLimits, refunded", async () => {
    const account = await swapAccount(core)
    const { id } = await account.waitingForDeposit('usdc-eth', 100)
    await account.deposit(id, 1)
    await account.advance(10_000)
    const swap = await account.swap(id)
    expect(swap).toMatchObject({ status: 'failed', failureReason: 'depositAmountOutsideLimits' })
    expect(swap.refundHash).toMatch(/^0x/)
  })

  it('fails with noDepositWithinTimeframe 30 min after its address was made without a deposit', async () => {
    const account = await swapAccount(core)
    const { id } = await account.waitingForDeposit('usdc-eth', 100)
    await account.advance(30 * 60_000 - 1)
    expect((await account.swap(id)).status).toBe('waitingForDeposit')
    await account.advance(1)
    expect(await account.swap(id)).toMatchObject({
      status: 'failed',
      failureReason: 'noDepositWithinTimeframe',
      refundHash: null,
    })
  })

  it('refuses a deposit before the address is made with 409, saying when it will be', async () => {
    const account = await swapAccount(core)
    const { transactionId } = await account.executed((await account.quote('usdc-eth', 100)).signature)
    const response = await send(core, `POST /__sandbox/swaps/${transactionId}/deposit`, {
      headers: account.headers,
      body: { amount: 100 },
    })
    expect(response.status).toBe(409)
    expect(JSON.stringify(response.body)).toMatch(/deposit address is made 5 s after execution/)
  })

  it('answers 404 to a deposit to an unknown swap and 400 naming amount when it is missing', async () => {
    const account = await swapAccount(core)
    expect(
      (await send(core, 'POST /__sandbox/swaps/swp_nope/deposit', { headers: account.headers, body: { amount: 1 } }))
        .status,
    ).toBe(404)
    const { id } = await account.waitingForDeposit('usdc-eth', 100)
    const missing = await send(core, `POST /__sandbox/swaps/${id}/deposit`, { headers: account.headers, body: {} })
    expect(missing.status).toBe(400)
    expect(JSON.stringify(missing.body)).toMatch(/amount/)
  })
})

describe('requotes', () => {
  async function requoted() {
    const account = await swapAccount(core)
    const { id } = await account.waitingForDeposit('usdc-eth', 100)
    await account.deposit(id, 80)
    await account.advance(10_000)
    const response = await send(core, `GET /v4/swap/transaction/${id}/requote?apiKey=${account.pk}`, {
      headers: account.as(account.first),
    })
    expect(response.status, JSON.stringify(response.body)).toBe(200)
    return { account, id, requote: conforms(SwapQuote, response.body) }
  }

  it('prices the deposited amount', async () => {
    const { requote } = await requoted()
    expect(requote).toMatchObject({ baseCurrencyAmount: '80', pairName: 'usdc-eth' })
  })

  it("is accepted by executing it with the swap's external id: the same swap completes at its amounts", async () => {
    const { account, id, requote } = await requoted()
    const execution = await account.executed(requote.signature)
    expect(execution).toMatchObject({
      transactionId: id,
      status: 'executingSwap',
      baseCurrencyAmount: '80',
      quoteCurrencyAmount: requote.quoteCurrencyAmount,
    })
    await account.advance(30_000)
    expect(await account.swap(id)).toMatchObject({ status: 'completed', baseCurrencyAmount: '80' })
  })

  it('is refused with another external id, naming externalTransactionId', async () => {
    const { account, requote } = await requoted()
    expectWidgetError(
      await account.execute(requote.signature, { externalTransactionId: 'other' }),
      400,
      /externalTransactionId must be the requoted swap's \(ext-1\)/,
    )
  })

  it('rejected, fails the swap with depositAmountIncorrect, refunded to the wallet given', async () => {
    const { account, id, requote } = await requoted()
    const refund = '0x000000000000000000000000000000000000dEaD'
    const body = {
      signature: requote.signature,
      externalTransactionId: 'ext-1',
      walletAddresses: { refundWalletAddress: refund },
    }
    const response = await send(core, `POST /v4/swap/reject_requote?apiKey=${account.pk}`, {
      headers: account.as(account.first),
      body,
    })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ success: true })
    const swap = await account.swap(id)
    expect(swap).toMatchObject({
      status: 'failed',
      failureReason: 'depositAmountIncorrect',
      refundWallet: { address: refund, tag: null },
    })
    expect(swap.refundHash).toMatch(/^0x/)
  })

  it("cannot be rejected with a swap quote's signature", async () => {
    const { account } = await requoted()
    const quote = await account.quote('usdc-eth', 100)
    const body = {
      signature: quote.signature,
      externalTransactionId: 'ext-1',
      walletAddresses: { refundWalletAddress: EVM_WALLET },
    }
    expectWidgetError(
      await send(core, `POST /v4/swap/reject_requote?apiKey=${account.pk}`, {
        headers: account.as(account.first),
        body,
      }),
      400,
      /signature is a swap quote, not a requote/,
    )
  })

  it('is not given for a swap that does not need one (409)', async () => {
    const account = await swapAccount(core)
    const { id } = await account.waitingForDeposit('usdc-eth', 100)
    expectWidgetError(
      await send(core, `GET /v4/swap/transaction/${id}/requote?apiKey=${account.pk}`, {
        headers: account.as(account.first),
      }),
      409,
      /only a swap in reQuoteRequired has a requote/,
    )
  })

  it('is not given to another customer (404)', async () => {
    const { account, id } = await requoted()
    expectWidgetError(
      await send(core, `GET /v4/swap/transaction/${id}/requote?apiKey=${account.pk}`, {
        headers: account.as(account.second),
      }),
      404,
      /not a swap of this customer/,
    )
  })
})

describe('magic amounts', () => {
  /** A usdc-eth swap of `amount`, deposited as quoted, with the clock run `ms` past the deposit. */
  async function swapOf(amount: number, ms: number) {
    const account = await swapAccount(core)
    const { id } = await account.waitingForDeposit('usdc-eth', amount)
    if ((await account.swap(id)).status === 'waitingForDeposit') {
      await account.deposit(id, amount)
      await account.advance(ms)
    }
    return account.swap(id)
  }

  it('61.13 fails the swap with walletGenerationFailed instead of making its deposit address', async () => {
    expect(await swapOf(61.13, 0)).toMatchObject({
      status: 'failed',
      failureReason: 'walletGenerationFailed',
      depositWallet: null,
    })
  })

  it('62.13 fails it at screening with customerLimitsExceeded', async () => {
    expect(await swapOf(62.13, 10_000)).toMatchObject({ status: 'failed', failureReason: 'customerLimitsExceeded' })
  })

  it('63.13 freezes it at screening', async () => {
    expect(await swapOf(63.13, 60_000)).toMatchObject({ status: 'frozen', failureReason: null })
  })

  it('64.13 fails the swap itself with assetSwapFailed', async () => {
    expect(await swapOf(64.13, 40_000)).toMatchObject({ status: 'failed', failureReason: 'assetSwapFailed' })
  })

  it('does nothing in live mode', async () => {
    const account = await swapAccount(core, 'live')
    const { id } = await account.waitingForDeposit('usdc-eth', 61.13)
    expect((await account.swap(id)).status).toBe('waitingForDeposit')
  })

  it('are listed by GET /__sandbox/fixtures as swapTriggers', async () => {
    const account = await swapAccount(core)
    const fixtures = conforms(
      dataOf(TenantFixtures),
      (await send(core, 'GET /__sandbox/fixtures', { headers: account.headers })).body,
    ).data
    expect(fixtures.swapTriggers?.map((trigger) => trigger.amount)).toEqual(
      SWAP_TRIGGERS.map((trigger) => trigger.amount),
    )
  })
})

import { expect } from 'vitest'
import { SwapExecution, SwapQuote, SwapTransaction, WidgetError, dataOf } from '#contract/index.ts'
import { handlerTransport } from '#kernel/webhook-transport.ts'
import { createSandboxCore, type SandboxCore } from '../sandbox-core.ts'
import { conforms, send } from '../test-request.ts'
import { magic, platformAccount } from './platform-test-kit.ts'

/** A testnet (and mainnet) EVM address, and a testnet bitcoin one. */
export const EVM_WALLET = '0x52908400098527886E0F7030069857D2E4169EE7'
export const BTC_TESTNET_WALLET = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx'

/** Wallets for a swap between two EVM currencies (eth-usdc, usdc-eth …). */
export const evmWallets = { destinationWalletAddress: EVM_WALLET, refundWalletAddress: EVM_WALLET }

/** Who the swap helpers call as: the account's publishable key, its secret-key header, and two customers' access tokens. */
interface SwapCaller {
  pk: string
  headers: Record<string, string>
  first: string
  second: string
}

/**
 * A fresh test account with two connected customers (`first`, `second`), and helpers that call the Swaps routes as
 * `first` unless told otherwise (see {@link swapCalls}).
 */
export async function swapAccount(core: SandboxCore, mode: 'test' | 'live' = 'test') {
  const platform = platformAccount(core, mode)
  const first = (await platform.connect({ ...magic.usNy, externalCustomerId: 'swapper-1' })).connection.credentials
    .accessToken
  const second = (await platform.connect({ ...magic.usWa, externalCustomerId: 'swapper-2' })).connection.credentials
    .accessToken
  return {
    ...platform,
    ...swapCalls(core, { pk: `pk_${mode}_${platform.account}`, headers: platform.headers, first, second }),
  }
}

/** Helpers that call the Swaps routes of `core` as `caller`; each expects success and parses the answer with the contract. */
export function swapCalls(core: SandboxCore, caller: SwapCaller) {
  const { pk, headers, first } = caller
  const as = (token: string) => ({ authorization: `Bearer ${token}` })
  return {
    ...caller,
    as,
    async quote(pair: string, amount: string | number, token: string | null = first) {
      const response = await send(
        core,
        `GET /v4/swap/${pair}/quote?apiKey=${pk}&baseCurrencyAmount=${amount}`,
        token === null ? {} : { headers: as(token) },
      )
      expect(response.status, JSON.stringify(response.body)).toBe(200)
      return conforms(SwapQuote, response.body)
    },
    execute(
      signature: string,
      options: { token?: string; externalTransactionId?: string; wallets?: Record<string, unknown> } = {},
    ) {
      const body = {
        signature,
        externalTransactionId: options.externalTransactionId ?? 'ext-1',
        walletAddresses: options.wallets ?? evmWallets,
      }
      return send(core, `POST /v4/swap/execute_quote?apiKey=${pk}`, { headers: as(options.token ?? first), body })
    },
    async executed(
      signature: string,
      options: { token?: string; externalTransactionId?: string; wallets?: Record<string, unknown> } = {},
    ) {
      const response = await this.execute(signature, options)
      expect(response.status, JSON.stringify(response.body)).toBe(200)
      return conforms(SwapExecution, response.body)
    },
    async swap(id: string, token = first) {
      const response = await send(core, `GET /v4/swap/transaction/${id}?apiKey=${pk}`, { headers: as(token) })
      expect(response.status, JSON.stringify(response.body)).toBe(200)
      return conforms(SwapTransaction, response.body)
    },
    async advance(ms: number) {
      const response = await send(core, 'POST /__sandbox/clock/advance', { headers, body: { by: `${ms}ms` } })
      expect(response.status).toBe(200)
    },
    async deposit(id: string, amount: number, hash?: string) {
      const response = await send(core, `POST /__sandbox/swaps/${id}/deposit`, {
        headers,
        body: hash === undefined ? { amount } : { amount, hash },
      })
      expect(response.status, JSON.stringify(response.body)).toBe(200)
      return conforms(dataOf(SwapTransaction), response.body).data
    },
    /** A swap of `amount` of `pair` executed and given its deposit address (5 s on the clock). */
    async waitingForDeposit(pair = 'usdc-eth', amount: string | number = 100) {
      const quote = await this.quote(pair, amount)
      const execution = await this.executed(quote.signature)
      await this.advance(5_000)
      return { quote, id: execution.transactionId }
    },
  }
}

/** Expects a widget error of `status` whose message matches `fragment`. */
export function expectWidgetError(
  response: { status: number; body?: unknown },
  status: number,
  fragment: RegExp,
): void {
  expect(response.status, JSON.stringify(response.body)).toBe(status)
  expect(conforms(WidgetError, response.body).message).toMatch(fragment)
}

/** One step of a swap's life a partner's test drives: execute a quote, advance the clock, deposit, answer a requote. */
export type SwapDriveStep =
  | { execute: number }
  | { advance: number }
  | { deposit: number }
  | { requote: 'accept' | 'reject' }

/** What a step made: the swap webhooks it sent (as parsed), and the swap as `GET /v4/swap/transaction/{id}` shows it right after. */
export interface SwapMoment {
  step: SwapDriveStep
  events: Array<{ type: string; data: unknown }>
  swap: SwapTransaction
}

/**
 * Drives a `usdc-eth` swap through `steps` in a fresh account (seed 1) whose endpoint wants every widget event, and
 * answers each step's moment. Bodies are taken in the order their attempts start (the order they were emitted).
 *
 * @example
 * const moments = await driveSwap([{ execute: 100 }, { advance: 5_000 }, { deposit: 100 }])
 * moments[2]!.events[0]!.type // 'swap_deposit_received'
 */
export async function driveSwap(steps: SwapDriveStep[]): Promise<SwapMoment[]> {
  const bodies: Array<Promise<string>> = []
  const core = createSandboxCore({
    seed: 1,
    webhookTransport: handlerTransport((request) => void bodies.push(request.text())),
  })
  const account = await swapAccount(core)
  expect(
    (
      await send(core, 'POST /__sandbox/webhooks/endpoints', {
        headers: account.headers,
        body: { url: 'http://127.0.0.1:9/hooks' },
      })
    ).status,
  ).toBe(201)
  const settled = () => account.tenant()!.background.settled()
  let id = ''
  let seen = 0
  const moments: SwapMoment[] = []
  for (const step of steps) {
    if ('execute' in step)
      id = (await account.executed((await account.quote('usdc-eth', step.execute)).signature)).transactionId
    else if ('advance' in step) await account.advance(step.advance)
    else if ('deposit' in step) await account.deposit(id, step.deposit)
    else {
      const requote = (
        await send(core, `GET /v4/swap/transaction/${id}/requote?apiKey=${account.pk}`, {
          headers: account.as(account.first),
        })
      ).body as { signature: string }
      const response =
        step.requote === 'accept'
          ? await account.execute(requote.signature)
          : await send(core, `POST /v4/swap/reject_requote?apiKey=${account.pk}`, {
              headers: account.as(account.first),
              body: {
                signature: requote.signature,
                externalTransactionId: 'ext-1',
                walletAddresses: { refundWalletAddress: EVM_WALLET },
              },
            })
      expect(response.status, JSON.stringify(response.body)).toBe(200)
    }
    await settled()
    const events = (await Promise.all(bodies.slice(seen))).map(
      (text) => JSON.parse(text) as { type: string; data: unknown },
    )
    seen = bodies.length
    moments.push({ step, events, swap: await account.swap(id) })
  }
  return moments
}

import {
  BuyQuote,
  dataOf,
  Transaction,
  type Credentials,
  type FrameOutbound,
  type PaymentMethodType,
} from '#contract/index.ts'
import type { SandboxCore } from '#http/sandbox-core.ts'
import { conforms, send } from '#http/test-request.ts'
import { magic, platformAccount } from '#http/routes/platform-test-kit.ts'
import { cardAvailability } from '#domain/payment-methods.ts'
import { decryptCredentials, generateHostKeyPair } from '../credentials.ts'
import { openInProcessFrame, type InProcessFrame } from '#frames/server/in-process-frame.ts'
import type { FrameMachine } from '../machine.ts'
import { authMachine } from './auth.ts'
import { challengeMachine } from './challenge.ts'
import { encodeQuote } from './purchase-flow.ts'

/** A testnet (and mainnet) ETH address. */
export const WALLET = { address: '0x52908400098527886E0F7030069857D2E4169EE7' }

/** A buy quote for the pure machine tests (not signed by any tenant). */
export function sampleQuote(overrides: Partial<BuyQuote> = {}): BuyQuote {
  return {
    source: { asset: { code: 'usd' }, amount: 100 },
    destination: { asset: { code: 'eth' }, amount: 0.03 },
    totalAmount: 100,
    exchangeRate: 3000,
    fees: { network: 1, service: 2, ecosystem: 0 },
    feeBehavior: 'inclusive',
    wallet: WALLET,
    paymentMethod: { type: 'card', id: 'card_1' },
    executable: true,
    signature: 'sig',
    expiresAt: '2026-01-01T00:00:30.000Z',
    expiresIn: 30,
    paymentDisclosures: [],
    limits: { minAmount: 26, maxAmount: 11000 },
    ...overrides,
  }
}

/** A buyer: its account, tenant, customer and credentials, and a way to quote buys with its access token. */
function buyerOf(
  core: SandboxCore,
  account: ReturnType<typeof platformAccount>,
  customerId: string,
  credentials: Credentials,
) {
  const tenant = account.tenant()
  const headers = { authorization: `Bearer ${credentials.accessToken}` }
  return {
    account,
    tenant,
    customerId,
    clientToken: credentials.clientToken,
    accessToken: credentials.accessToken,
    /** The transaction as `GET /platform/v1/transactions/{id}` answers it, or undefined when it is not there. */
    async transaction(id: string) {
      const response = await send(core, `GET /platform/v1/transactions/${id}`, { headers })
      return response.status === 200 ? conforms(dataOf(Transaction), response.body).data : undefined
    },
    /** A buy quote of `amount` usd for eth; a card quote pays with `cardId`. */
    async quote(amount: number, type: PaymentMethodType = 'card', cardId?: string): Promise<BuyQuote> {
      const paymentMethod = type === 'card' ? { type, id: cardId } : { type }
      const body = {
        source: { asset: { code: 'usd' }, amount },
        destination: { asset: { code: 'eth' } },
        wallet: WALLET,
        paymentMethod,
      }
      const response = await send(core, 'POST /platform/v1/quotes/buy', { headers, body })
      if (response.status !== 200) throw new Error(`no quote: ${JSON.stringify(response.body)}`)
      return conforms(dataOf(BuyQuote), response.body).data
    },
  }
}

/**
 * A connected active customer (NY by default) in a fresh account, with a way to
 * quote buys with its access token (`POST /platform/v1/quotes/buy`).
 *
 * @example
 * const customer = await connectedBuyer(core)
 * const quote = await customer.quote(48, 'apple_pay')
 */
export async function connectedBuyer(
  core: SandboxCore,
  mode: 'test' | 'live' = 'test',
  identity: { email: string; phoneNumber: string } = magic.usNy,
) {
  const account = platformAccount(core, mode)
  const { connection } = await account.connect(identity)
  const tenant = account.tenant()
  const customerId = connection.customer!.id
  const now = tenant.clock.now()
  const card = (await tenant.store()).cards
    .where('byCustomer', customerId)
    .filter((c) => cardAvailability(c, now).available)[0]!
  const buyer = buyerOf(core, account, customerId, connection.credentials)
  return {
    ...buyer,
    card,
    quote: (amount: number, type: PaymentMethodType = 'card') => buyer.quote(amount, type, card?.id),
  }
}

/**
 * A new customer onboarded the Customer API way: `getConnection` with
 * `skipKyc` (`authenticationRequired`), then the auth frame with the code
 * 000000. Full credentials, KYC not started, no stored cards (quote wallet pay).
 *
 * @example
 * const buyer = await unverifiedBuyer(core)
 * const quote = await buyer.quote(100, 'apple_pay')
 */
export async function unverifiedBuyer(core: SandboxCore, mode: 'test' | 'live' = 'test') {
  const account = platformAccount(core, mode)
  const { connection } = await account.connect(
    { ...magic.stranger, termsAcceptedAt: account.tenant().clock.iso() },
    { skipKyc: true },
  )
  if (connection.status !== 'authenticationRequired')
    throw new Error(`not authenticationRequired: ${JSON.stringify(connection)}`)
  const keys = await generateHostKeyPair()
  const auth = await openInProcessFrame(core, authMachine, {
    channelId: `auth-${++channel}`,
    clientToken: connection.credentials.clientToken,
    publicKey: keys.publicKeyHex,
  })
  auth.runtime.receive({ kind: 'ack' })
  await auth.runtime.idle()
  auth.runtime.act({ type: 'enterCode', code: '000000' })
  await auth.runtime.idle()
  const complete = auth.events.at(-1)
  if (complete?.kind !== 'complete' || !('credentials' in complete.payload))
    throw new Error(`the auth frame posted ${JSON.stringify(auth.events)}`)
  return buyerOf(
    core,
    account,
    connection.customer!.id,
    await decryptCredentials(complete.payload.credentials, keys.privateKey),
  )
}

let channel = 0

/** Opens a buy frame in process with a quote and acks it (await `runtime.idle()`, or `until` an event when it will wait on a challenge). */
export async function openPurchase<
  F extends 'buy' | 'buy-button' | 'apple-pay' | 'google-pay',
  S,
  A extends { type: string },
>(
  core: SandboxCore,
  machine: FrameMachine<F, S, A>,
  clientToken: string,
  quote: BuyQuote,
  extra: Record<string, string> = {},
): Promise<InProcessFrame<A>> {
  const frame = await openInProcessFrame(core, machine, {
    channelId: `purchase-${++channel}`,
    clientToken,
    quote: encodeQuote(quote),
    ...extra,
  })
  frame.runtime.receive({ kind: 'ack' })
  return frame
}

/** Waits until a frame has posted an event of `kind` (its effect queue may stay busy, e.g. awaiting a challenge). */
export async function until<A>(
  frame: InProcessFrame<A>,
  kind: FrameOutbound['kind'],
  count = 1,
): Promise<FrameOutbound> {
  for (let turn = 0; turn < 2000; turn++) {
    const found = frame.events.filter((e) => e.kind === kind)
    if (found.length >= count) return found[count - 1]!
    await new Promise((resolve) => setImmediate(resolve))
  }
  throw new Error(`the ${frame.context.frame} frame never posted ${kind}: ${JSON.stringify(frame.events)}`)
}

/** Event kinds a frame posted, in order. */
export const kinds = <A>(frame: InProcessFrame<A>) => frame.events.map((e) => e.kind)

/** The parameters of a challenge URL, as the frame page would parse them. */
export function challengeParams(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url).searchParams)
}

/** The URL of a frame's `challenge` event (the first, or the one at `index`). */
export function challengeUrl<A>(frame: InProcessFrame<A>, index = 0): string {
  const event = frame.events.filter((e) => e.kind === 'challenge')[index]
  if (event?.kind !== 'challenge') throw new Error('no challenge event')
  return event.payload.url
}

/** Opens the challenge frame of a `challenge` URL as a host would (adding its own clientToken or apiKey), acked. */
export async function openChallengeFrame(
  core: SandboxCore,
  url: string,
  auth: { clientToken: string } | { apiKey: string },
) {
  const frame = await openInProcessFrame(core, challengeMachine, { ...challengeParams(url), ...auth })
  frame.runtime.receive({ kind: 'ack' })
  await frame.runtime.idle()
  return frame
}

/** The transaction id of a buy frame's last `complete` event. */
export function completedId<A>(frame: InProcessFrame<A>): string {
  const last = frame.events.at(-1)
  if (last?.kind !== 'complete' || !('transaction' in last.payload) || !last.payload.transaction.id)
    throw new Error(`no transaction in ${JSON.stringify(last)}`)
  return last.payload.transaction.id
}

import { magicContacts } from '#fixtures/magic-customers.ts'
import type { FailureCode, FrameName } from '#contract/index.ts'
import type { ChallengeErrorCode } from '#portable/frames/purchase-gate.ts'
import { ref, type EventMatcher, type Expectations, type Input, type Scenario, type Step } from './scenario.ts'

/**
 * Step builders for the scenario catalog: the setup that many flows share (a connected magic customer, a buy quote, a
 * purchase frame, a challenge), as small functions that return plain `Step`s, so a scenario stays data after expansion.
 * They name their results as the catalog does: the session `session`, the connection `conn`, the payment methods
 * `methods`, the quote `q`, the purchase frame's channel `pay`, the challenge frame's channel `challenge`; steps that
 * need the connection read it from `conn`.
 */

/** The device IP the catalog's sessions report (a documentation address, RFC 5737). */
export const DEVICE_IP = '203.0.113.7'

/** The eth wallet the catalog's buy quotes pay into. */
export const WALLET_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7'

/** The host public key (hex X25519) of check and connect frames whose credentials the scenario does not decrypt. */
export const HOST_PUBLIC_KEY = 'a'.repeat(64)

/** What identifies a customer in a session: an email and a phone number. */
export interface Contact {
  email: string
  phoneNumber: string
}

/**
 * The magic customers of DESIGN §5 (every tenant has them; ids differ per tenant): their emails and phones, read from
 * the fixtures. A session with an email of one and the phone of another is a mismatch; any other contact is a new customer.
 *
 * @example
 * magic.usNy // { email: 'active.us-ny@sandbox.test', phoneNumber: '+12125550101' }
 */
export const magic = magicContacts

/** A session body: the partner's id for the customer, and what else the session carries (email, phone, customerId, termsAcceptedAt). */
export type SessionBody = { externalCustomerId: string } & { [key: string]: Input }

/**
 * The partner server creates a session (from {@link DEVICE_IP}); the result is named `as`.
 *
 * @example
 * createSession({ externalCustomerId: 'user-kyc-failed', ...magic.kycFailed })
 * createSession({ externalCustomerId: 'user-ny', customerId: ref('first.customer.id') }, 'returning')
 */
export function createSession({ externalCustomerId, ...rest }: SessionBody, as = 'session'): Step {
  return { server: 'createSession', as, body: { externalCustomerId, deviceIp: DEVICE_IP, ...rest } }
}

/**
 * Opens a check (or connect) frame that resolves a session's customer, on a channel named after the frame.
 *
 * @example
 * openSessionFrame('check') // the `check` channel, for the session named `session`
 * openSessionFrame('connect', 'accepted', 'relaunch')
 */
export function openSessionFrame(
  frame: Extract<FrameName, 'check' | 'connect'>,
  session = 'session',
  channel: string = frame,
): Step {
  return { open: frame, channel, params: { sessionToken: ref(`${session}.sessionToken`), publicKey: HOST_PUBLIC_KEY } }
}

/**
 * A session for a customer, then the partner client's connection for it (decrypted credentials), named `as`. The session
 * is named `session` for the default `conn`, otherwise `<as>Session`. The partner's customer id defaults to `buyer-1`.
 *
 * @example
 * steps: [...connectCustomer(magic.usNy), ...quoteFor({ amount: 100, method: 'card' })]
 * connectCustomer({ ...magic.usNy, externalCustomerId: 'user-ny' }, 'first') // sessions `firstSession`, connection `first`
 */
export function connectCustomer(
  customer: Contact & { externalCustomerId?: string },
  as = 'conn',
  session = as === 'conn' ? 'session' : `${as}Session`,
): Step[] {
  const { externalCustomerId = 'buyer-1', ...contact } = customer
  return [
    createSession({ externalCustomerId, ...contact }, session),
    { client: 'getConnection', sessionToken: ref(`${session}.sessionToken`), as },
  ]
}

/** A customer the sandbox does not know, for the Customer API onboarding path. */
const NEW_CUSTOMER: Contact = { email: 'kyc.later@example.com', phoneNumber: '+12125550142' }

/**
 * The Customer API onboarding path (spec: "getConnection with skipKyc then setupAuth"): a session for a new customer
 * whose terms the partner's UI captured (`termsAcceptedAt`), `getConnection` with `skipKyc` on channel `check` (named
 * `lookup`: `authenticationRequired`, anonymous credentials naming the customer record it made), then `setupAuth` on
 * channel `auth` with the code 000000 (named `conn`: full credentials while KYC is still outstanding).
 *
 * @example
 * steps: [...onboardWithCustomerApi(), ...quoteFor({ amount: 100, method: 'apple_pay' }), openPayFrame('apple-pay')]
 */
export function onboardWithCustomerApi(
  customer: Contact = NEW_CUSTOMER,
  externalCustomerId = 'customer-api-1',
): Step[] {
  return [
    createSession({ externalCustomerId, ...customer, termsAcceptedAt: '2026-01-01T00:00:00.000Z' }),
    {
      client: 'getConnection',
      sessionToken: ref('session.sessionToken'),
      as: 'lookup',
      channel: 'check',
      skipKyc: true,
    },
    { client: 'setupAuth', clientToken: ref('lookup.credentials.clientToken'), as: 'conn', channel: 'auth' },
  ]
}

/** A small PDF the Customer API takes as a document or selfie (its magic number is ASCII, so an `api` step sends it as text). */
const PDF = '%PDF-1.7\nsandbox test file'

/**
 * After {@link onboardWithCustomerApi}: the customer named `lookup` is given details with `lastName` (the sandbox's KYC
 * magic value: `Rejected` rejects, `Pending` never decides, any other approves), a passport and a selfie, confirmed
 * (`confirm`), and submitted for verification (`verify`): KYC `pending`, decided 60 s later on the clock.
 *
 * @example
 * steps: [...onboardWithCustomerApi(), ...verifyWithCustomerApi('Rejected'), { control: 'advanceClock', by: '60s' }]
 */
export function verifyWithCustomerApi(lastName = 'Lovelace'): Step[] {
  const customer = 'customers/{{lookup.customer.id}}'
  const upload = (documentType: 'passport' | 'selfie'): Step[] => [
    {
      api: `POST /platform/v1/${customer}/files/upload-url`,
      as: documentType,
      body: { documentType, contentType: 'application/pdf', size: PDF.length },
    },
    {
      api: `PUT {{${documentType}.body.data.uploadUrl}}`,
      as: `${documentType}Bytes`,
      body: PDF,
      headers: { 'content-type': 'application/pdf' },
    },
  ]
  return [
    {
      api: `POST /platform/v1/${customer}/details`,
      as: 'details',
      body: {
        firstName: 'Ada',
        lastName,
        dateOfBirth: '1990-12-10',
        address: { line1: '1 Main St', city: 'Albany', postalCode: '12207', country: 'USA', administrativeArea: 'NY' },
      },
    },
    ...upload('passport'),
    ...upload('selfie'),
    {
      api: `POST /platform/v1/${customer}/files/confirm`,
      as: 'confirm',
      body: { uploadIds: [{ $ref: 'passport.body.data.uploadId' }, { $ref: 'selfie.body.data.uploadId' }] },
    },
    { api: `POST /platform/v1/${customer}/verify`, as: 'verify' },
  ]
}

/**
 * The partner client lists the `conn` customer's payment methods; result `{status, body}` named `as`.
 *
 * @example
 * getPaymentMethods('before') // then revoke, then getPaymentMethods('after')
 */
export function getPaymentMethods(as = 'methods'): Step {
  return { client: 'getPaymentMethods', accessToken: ref('conn.credentials.accessToken'), as }
}

/**
 * The partner client asks for a buy quote for `conn` with any body (also invalid ones); result named `as`.
 *
 * @example
 * getQuote({ source: { asset: { code: 'usd' } }, destination: { asset: { code: 'eth' }, amount: 0.01 } })
 */
export function getQuote(body: { [key: string]: Input }, as = 'quote'): Step {
  return { client: 'getQuote', accessToken: ref('conn.credentials.accessToken'), body, as }
}

/**
 * The partner client lists the `conn` customer's transactions, newest first; the default is the latest one, as `latest`.
 *
 * @example
 * listTransactions() // ?limit=1, as 'latest'
 * listTransactions('?limit=20', 'page1')
 */
export function listTransactions(query = '?limit=1', as = 'latest'): Step {
  return { client: 'listTransactions', accessToken: ref('conn.credentials.accessToken'), query, as }
}

/** How a purchase pays: the stored card, or a wallet. */
export type BuyMethod = 'card' | 'apple_pay' | 'google_pay'

/** A buy quote in usd for eth into {@link WALLET_ADDRESS}. */
export interface BuyQuote {
  /** `source.amount` in usd; test-mode triggers are amounts (48, 49; sandbox ones 41.13–52.13, docs/triggers.md). */
  amount: number
  /** A card quote pays with the first stored card (`methods.body.data.paymentMethods.0.id`). */
  method: BuyMethod
  /** The result's name; `q` by default (the purchase frame's `quote` is `q.encoded`). */
  as?: string
}

/**
 * The body of a buy quote: `amount` usd for eth into {@link WALLET_ADDRESS}, paid by `method` (a card: the first stored one).
 *
 * @example
 * getQuote(buyQuoteBody({ amount: 100, method: 'card' }), 'fresh') // a second card quote, methods already fetched
 */
export function buyQuoteBody({ amount, method }: Omit<BuyQuote, 'as'>): { [key: string]: Input } {
  return {
    source: { asset: { code: 'usd' }, amount },
    destination: { asset: { code: 'eth' } },
    wallet: { address: WALLET_ADDRESS },
    paymentMethod:
      method === 'card' ? { type: 'card', id: ref('methods.body.data.paymentMethods.0.id') } : { type: method },
  }
}

/**
 * A buy quote for `conn`, named `as` (`q`); for a card, first the payment methods (`methods`) whose first card it pays with.
 *
 * @example
 * quoteFor({ amount: 48, method: 'card' }) // getPaymentMethods as `methods`, then getQuote as `q`
 * quoteFor({ amount: 44.13, method: 'apple_pay' }) // getQuote as `q`
 */
export function quoteFor({ amount, method, as = 'q' }: BuyQuote): Step[] {
  const quote = getQuote(buyQuoteBody({ amount, method }), as)
  return method === 'card' ? [getPaymentMethods(), quote] : [quote]
}

/** The frames that buy: `buy` (headless) and `buy-button` pay by card, `apple-pay` and `google-pay` by wallet. */
export type PayFrame = Extract<FrameName, 'buy' | 'buy-button' | 'apple-pay' | 'google-pay'>

/**
 * Opens a purchase frame for `conn` with the quote named `quoteAs`; `params` adds frame parameters.
 *
 * @example
 * openPayFrame('apple-pay') // channel `pay`, quote `q.encoded`
 * openPayFrame('buy-button', 'pay', 'q', { externalTransactionId: 'button-1' })
 */
export function openPayFrame(
  frame: PayFrame,
  channel = 'pay',
  quoteAs = 'q',
  params: { [key: string]: Input } = {},
): Step {
  return {
    open: frame,
    channel,
    params: { clientToken: ref('conn.credentials.clientToken'), quote: ref(`${quoteAs}.encoded`), ...params },
  }
}

/**
 * A card buy start to end: a connected magic customer (US, NY) quotes `amount` by card, opens the buy frame, and the
 * frame completes (pending).
 *
 * @example
 * steps: [{ webhooks: 'listen', as: 'hooks' }, ...cardBuy(), { control: 'advanceClock', by: '20s' }]
 */
export function cardBuy(amount = 100): Step[] {
  return [
    ...connectCustomer(magic.usNy),
    ...quoteFor({ amount, method: 'card' }),
    openPayFrame('buy'),
    { until: 'pay', kind: 'complete' },
  ]
}

/**
 * The customer taps the pay button and confirms the payment sheet.
 *
 * @example
 * steps: [openPayFrame('google-pay'), ...tapAndConfirm(), { until: 'pay', kind: 'complete' }]
 */
export function tapAndConfirm(channel = 'pay'): Step[] {
  return [
    { customer: 'tapPay', channel },
    { customer: 'confirmSheet', channel },
  ]
}

/**
 * What happens in the challenge frame: the customer completes it, cancels it, or enters the CVV; or, with `'error'`,
 * nobody acts and the frame reports an error by itself (sandbox triggers 50.13–52.13).
 */
export type ChallengeAction = 'completeChallenge' | 'cancelChallenge' | { enterCvv: string } | 'error'

/**
 * A challenge, to its end: wait for `from` to ask for it, open the challenge frame on `channel`, let `action` happen,
 * wait for the challenge frame's last event (complete, cancelled or error), then for `from` to complete.
 *
 * @example
 * steps: [openPayFrame('buy'), ...challengeThen('cancelChallenge')]
 * challengeThen({ enterCvv: '123' }) // a CVV re-entry challenge (trigger 49)
 */
export function challengeThen(action: ChallengeAction, from = 'pay', channel = 'challenge'): Step[] {
  const act: Step[] =
    action === 'error'
      ? []
      : typeof action === 'string'
        ? [{ customer: action, channel }]
        : [{ customer: 'enterCvv', channel, fields: { cvv: action.enterCvv } }]
  const end = action === 'error' ? 'error' : action === 'cancelChallenge' ? 'cancelled' : 'complete'
  return [
    { until: from, kind: 'challenge' },
    { openChallenge: channel, from, params: { clientToken: ref('conn.credentials.clientToken') } },
    ...act,
    { until: channel, kind: end },
    { until: from, kind: 'complete' },
  ]
}

/** Expected `getPaymentMethods` answer for an active magic customer: its active card, then its expired one. */
export const activeAndExpiredCards: NonNullable<Expectations['responses']>[string] = {
  status: 200,
  body: {
    data: {
      paymentMethods: [
        { type: 'card', availability: { available: true } },
        { type: 'card', availability: { available: false, reason: 'card_expired' } },
      ],
    },
  },
}

/** Expected last event of a purchase frame that paid: complete, a pending transaction, no failureCode. */
export const completesPending: EventMatcher = {
  kind: 'complete',
  payload: { transaction: { status: 'pending' }, failureCode: undefined },
}

/** Expected event of a purchase frame that asks for the challenge frame. */
export const asksForChallenge: EventMatcher = { kind: 'challenge', payload: { kind: 'frame' } }

/**
 * Expected last event of a purchase frame whose challenge did not pass: failed with authorizationDeclined, for
 * `failureReason` (a buy challenge's failed transaction has an id, decision 0063; an identity challenge's has none).
 *
 * @example
 * events: [{ kind: 'handshake' }, asksForChallenge, completesDeclined('The customer cancelled the verification challenge.')]
 */
export function completesDeclined(failureReason: string): EventMatcher {
  return {
    kind: 'complete',
    payload: { transaction: { status: 'failed' }, failureCode: 'authorizationDeclined', failureReason },
  }
}

const walletMethod = { 'apple-pay': 'apple_pay', 'google-pay': 'google_pay' } as const

/** A wallet-pay failure trigger (41.13–46.13): the frame, the amount and the failure the scenario expects. */
export interface WalletFailure {
  frame: 'apple-pay' | 'google-pay'
  amount: number
  failureCode: FailureCode
  failureReason: string
}

/**
 * The scenario of a wallet-pay failure trigger: the tapped and confirmed purchase creates a transaction that fails at once
 * with `failureCode` and `failureReason`, on the frame's `complete` event and in the transaction list.
 *
 * @example
 * export default defineScenario(walletFailureScenario({ frame: 'google-pay', amount: 45.13, failureCode: 'unknown', failureReason: 'The payment failed for an unknown reason.' }))
 */
export function walletFailureScenario({ frame, amount, failureCode, failureReason }: WalletFailure): Scenario {
  const type = walletMethod[frame]
  return {
    title: `${frame === 'apple-pay' ? 'an' : 'a'} ${frame} purchase of ${amount} completes failed with failureCode ${failureCode}`,
    tags: ['payments', frame, 'wallet-pay', `trigger-${amount}`, 'failureCode', failureCode],
    steps: [
      ...connectCustomer(magic.usNy),
      ...quoteFor({ amount, method: type }),
      openPayFrame(frame),
      ...tapAndConfirm(),
      { until: 'pay', kind: 'complete' },
      listTransactions(),
    ],
    expect: {
      responses: {
        q: { status: 200, body: { data: { source: { amount }, paymentMethod: { type } } } },
        latest: {
          status: 200,
          body: {
            data: [{ status: 'failed', source: { amount }, paymentMethod: { type }, failureCode, failureReason }],
          },
        },
      },
      channels: {
        pay: {
          mode: 'exact',
          events: [
            { kind: 'handshake' },
            { kind: 'ready' },
            { kind: 'buttonPressed' },
            { kind: 'complete', payload: { transaction: { status: 'failed' }, failureCode, failureReason } },
          ],
        },
      },
    },
  }
}

/** A challenge error trigger (50.13–52.13): the amount, and the error the challenge frame is expected to report. */
export interface ChallengeError {
  amount: number
  code: ChallengeErrorCode
  message: string
}

/**
 * The scenario of a challenge error trigger: a headless card buy is challenged, the challenge frame reports `code` with
 * `message` instead of resolving, and the buy completes failed with authorizationDeclined and no transaction.
 *
 * @example
 * export default defineScenario(challengeErrorScenario({ amount: 50.13, code: 'invalid_token', message: 'the challenge token is not valid (sandbox trigger 50.13)' }))
 */
export function challengeErrorScenario({ amount, code, message }: ChallengeError): Scenario {
  return {
    title: `the challenge of a buy of ${amount} reports ${code}, and the purchase fails with authorizationDeclined`,
    tags: ['challenges', 'buy', 'card', `trigger-${amount}`, 'challenge-error', code],
    steps: [
      ...connectCustomer(magic.usNy),
      ...quoteFor({ amount, method: 'card' }),
      openPayFrame('buy'),
      ...challengeThen('error'),
    ],
    expect: {
      responses: { methods: activeAndExpiredCards, q: { status: 200, body: { data: { source: { amount } } } } },
      channels: {
        pay: {
          mode: 'exact',
          events: [
            { kind: 'handshake' },
            asksForChallenge,
            completesDeclined(`The verification challenge failed (${code}).`),
          ],
        },
        challenge: { mode: 'exact', events: [{ kind: 'handshake' }, { kind: 'error', payload: { code, message } }] },
      },
    },
  }
}

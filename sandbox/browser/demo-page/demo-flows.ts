import { z } from 'zod'
import { encodeQuote, type ClientFrameEvent, type MountedFrame } from '../client/index.ts'
import { BuyQuote, PaymentMethodList, StoredCard } from '#contract/platform/index.ts'
import type { DEMO_FLOWS } from '#portable/demo/demo-flow-labels.ts'
import { byId, type DemoHost, type Who } from './demo-host.ts'
import { connectionOutcome, errorText, purchaseOutcome, type FinalEvent, type Outcome } from './demo-outcome.ts'
import type { Flow, FlowContext } from './demo-flow-kit.ts'
import { SELL_FLOWS } from './demo-sell-flows.ts'
import { SWAP_FLOWS } from './demo-swap-flows.ts'
import { freshCustomer } from './fresh-customer.ts'

const WALLET = { address: '0x52908400098527886E0F7030069857D2E4169EE7' }
const magic = {
  ny: { email: 'active.us-ny@sandbox.test', phoneNumber: '+12125550101' },
  gb: { email: 'active.gb@sandbox.test', phoneNumber: '+447700900104' },
} satisfies Record<string, Who>
const QuoteReply = z.object({ data: BuyQuote })
const ListReply = z.object({ data: PaymentMethodList })

type PaymentMethod = { type: 'card'; id: string } | { type: 'apple_pay' | 'google_pay' }

/** A buy quote for the amount on the page (or `amount`) and the payment method, checked as the contract says. */
async function quote(host: DemoHost, accessToken: string, paymentMethod: PaymentMethod, amount: number) {
  const reply = await host.client().getQuote(accessToken, {
    source: { asset: { code: 'usd' }, amount },
    destination: { asset: { code: 'eth' } },
    wallet: WALLET,
    paymentMethod,
  })
  if (!reply.ok)
    throw Object.assign(
      new Error(`the buy quote answered ${reply.status}${reply.body?.message ? `: ${reply.body.message}` : ''}`),
      { code: reply.body?.code ?? 'invalid_quote' },
    )
  const parsed = QuoteReply.safeParse(reply.body)
  if (reply.status !== 200 || !parsed.success)
    throw Object.assign(new Error(`the buy quote answered ${reply.status}`), { code: 'invalid_quote' })
  return parsed.data.data
}

/**
 * The card to pay with: the customer's first available stored card (an active magic customer also has an expired
 * one); without one (a guest), the add-card frame first, and the card its `complete` gives.
 */
async function cardFor(
  context: FlowContext,
  credentials: { accessToken: string; clientToken: string },
): Promise<PaymentMethod> {
  const { host } = context
  const listed = ListReply.safeParse((await host.client().getPaymentMethods(credentials.accessToken)).body)
  const card = listed.success
    ? listed.data.data.paymentMethods.find((method) => method.availability.available)
    : undefined
  if (card) return { type: 'card', id: card.id }
  host.status('The customer has no card they can use: add one first.')
  const addCard = host.frame()
  host.client().setupAddCard(credentials.clientToken, addCard.options)
  const end = await addCard.done
  const added = end.kind === 'complete' ? z.object({ paymentMethod: StoredCard }).safeParse(end.payload) : undefined
  if (!added?.success)
    throw Object.assign(
      new Error(`adding a card ended with ${end.kind}${end.kind === 'error' ? ` (${errorText(end.payload)})` : ''}`),
      { code: 'no_card' },
    )
  host.status('Card added: now the purchase.')
  return { type: 'card', id: added.data.paymentMethod.id }
}

/**
 * A purchase frame for a fresh quote. A `challenge` event opens the challenge frame beside it; a `quoteExpired` event
 * (the clock moved past the quote) is answered with a new quote through `setQuote`.
 */
async function purchase(
  context: FlowContext,
  frame: 'buy-button' | 'apple-pay' | 'google-pay',
  amount?: number,
): Promise<Outcome> {
  const { host } = context
  const credentials = await host.connected()
  const paymentMethod =
    frame === 'buy-button'
      ? await cardFor(context, credentials)
      : { type: frame === 'apple-pay' ? ('apple_pay' as const) : ('google_pay' as const) }
  const price = amount ?? Number(byId('amount').value)
  const first = await quote(host, credentials.accessToken, paymentMethod, price)
  const c = host.client()
  const buying = host.frame()
  let mounted: MountedFrame | undefined
  let challenge: Promise<FinalEvent> | undefined
  buying.on((event: ClientFrameEvent) => {
    if (event.kind === 'challenge') {
      const challengeFrame = host.frame({ clientToken: credentials.clientToken })
      challenge = challengeFrame.done
      c.setupChallenge(event.payload.url, challengeFrame.options)
    }
    if (event.kind === 'quoteExpired') {
      host.status('The price expired: the partner gets a new quote.')
      quote(host, credentials.accessToken, paymentMethod, price)
        .then((fresh) => mounted?.send({ kind: 'setQuote', payload: { quote: fresh } }))
        .catch((error: unknown) => host.status(`a new quote failed: ${errorText(error)}`))
    }
  })
  // A wallet's sheet cancelled posts no event (the spec): the journal tells the page, and the run ends cancelled.
  const sheet =
    frame === 'buy-button'
      ? []
      : [context.watchCancel(buying, ['cancelSheet']).then((cancel) => ({ kind: 'sheetCancelled', cancel }) as const)]
  const setups = { 'buy-button': c.setupBuyButton, 'apple-pay': c.setupApplePay, 'google-pay': c.setupGooglePay }
  mounted = await setups[frame](credentials.clientToken, encodeQuote(first), buying.options)
  const end = await Promise.race([buying.done, ...sheet])
  if (end.kind === 'sheetCancelled')
    return { outcome: 'cancelled', text: `Purchase cancelled: the customer closed the ${end.cancel.frame} sheet.` }
  return purchaseOutcome(end, challenge ? await challenge : undefined)
}

/** A button of the partner's own UI (not a frame), for steps such as accepting terms; resolves when pressed. */
function partnerButton(label: string): Promise<void> {
  const button = document.createElement('button')
  button.type = 'button'
  button.textContent = label
  button.className = 'primary'
  byId('partner-ui').append(button)
  return new Promise((resolve) =>
    button.addEventListener('click', () => ((button.disabled = true), resolve()), { once: true }),
  )
}

/** A frame's last event as a flow's outcome, with the sentence for its `complete`. */
function ended(end: FinalEvent, completed: (payload: unknown) => string): Outcome {
  if (end.kind === 'complete') return { outcome: 'success', text: completed(end.payload) }
  if (end.kind === 'error' && end.payload.code === 'consent_declined')
    return { outcome: 'cancelled', text: 'Export declined: the customer said no.' }
  return {
    outcome: end.kind === 'cancelled' ? 'cancelled' : 'failure',
    text: end.kind === 'error' ? errorText(end.payload) : `${end.kind}`,
  }
}

type FlowId = keyof typeof DEMO_FLOWS

/**
 * The flows, by the ids of the page's menu (a Map: the id comes from the page).
 *
 * @example
 * const outcome = await FLOWS.get('card-buy')!({ host, tenantNow: () => now, interim: show })
 */
export const FLOWS = new Map<string, Flow>(
  Object.entries({
    // A new customer every run (else a known one connects at once), unless the viewer typed one: the frame asks an
    // email, the code and the terms.
    connect: async ({ host, watchCancel }) => {
      const connecting = host.frame()
      const custom = byId('custom-email').value.trim() !== '' && byId('custom-phone').value.trim() !== ''
      const session = await host.session(custom ? host.customer() : freshCustomer('connect'))
      host.status('A new customer: enter any email, the code 000000, and accept the terms.')
      const closed = watchCancel(connecting, ['cancel']).then(
        (): Outcome => ({ outcome: 'cancelled', text: 'Connect cancelled: the customer closed the connect frame.' }),
      )
      return Promise.race([host.client().connect(session, connecting.options).then(connectionOutcome), closed])
    },
    'card-buy': (context) => purchase(context, 'buy-button'),
    'apple-pay': (context) => purchase(context, 'apple-pay'),
    'google-pay': (context) => purchase(context, 'google-pay'),
    'challenge-48': (context) => purchase(context, 'buy-button', 48),
    'challenge-49': (context) => purchase(context, 'buy-button', 49),
    'wallet-failure': (context) => purchase(context, 'google-pay', 41.13),
    // A new customer every run, through the Customer API path (skipKyc), so the terms are outstanding every time:
    // the partner shows its terms, opens a new session with termsAcceptedAt, and the customer signs in (auth frame).
    terms: async ({ host, tenantNow, interim, watchCancel }) => {
      const who = freshCustomer('terms')
      const check = () => ({ ...host.frame({}, true).options, skipKyc: true })
      const first = await host.client().getConnection(await host.session(who), check())
      if (first.status !== 'termsAcceptanceRequired') return connectionOutcome(first)
      interim({
        outcome: 'pending',
        text: 'Terms acceptance required: press “Accept the terms” (the partner’s own UI).',
      })
      await partnerButton('Accept the terms')
      const accepted = await host.client().getConnection(await host.session(who, tenantNow()), check())
      if (accepted.status !== 'authenticationRequired') return connectionOutcome(accepted)
      host.status('Terms accepted: the customer signs in with the code 000000.')
      const signIn = host.frame()
      const closed = watchCancel(signIn, ['cancel']).then(
        (): Outcome => ({ outcome: 'cancelled', text: 'Sign-in cancelled: the customer closed the auth frame.' }),
      )
      return Promise.race([
        host.client().setupAuth(accepted.credentials.clientToken, signIn.options).then(connectionOutcome),
        closed,
      ])
    },
    mismatch: async ({ host }) =>
      connectionOutcome(
        await host
          .client()
          .getConnection(
            await host.session({ email: magic.ny.email, phoneNumber: magic.gb.phoneNumber }),
            host.frame({}, true).options,
          ),
      ),
    reset: async ({ host }) => {
      const reset = host.frame({}, true)
      host.client().resetConnection((await host.connected()).clientToken, reset.options)
      return ended(await reset.done, () => 'Logged out: the reset frame cleared the customer’s session.')
    },
    'add-card': async ({ host }) => {
      const addCard = host.frame()
      host.client().setupAddCard((await host.connected()).clientToken, addCard.options)
      return ended(await addCard.done, (payload) => {
        const card = z.object({ paymentMethod: StoredCard }).safeParse(payload)
        return card.success
          ? `Card added: ${card.data.paymentMethod.brand} ending ${card.data.paymentMethod.last4}.`
          : 'Card added.'
      })
    },
    widget: async ({ host }) => {
      const widget = host.frame({ clientToken: (await host.connected()).clientToken })
      host.client().setupWidget({ ...widget.options, params: { ...widget.options.params, apiKey: undefined } })
      return purchaseOutcome(await widget.done)
    },
    'customer-export': async ({ host }) => {
      const exporting = host.frame()
      host.client().setupCustomerExport((await host.connected()).clientToken, exporting.options)
      return ended(await exporting.done, () => 'Export consent given: the partner server can export the customer once.')
    },
    ...SELL_FLOWS,
    ...SWAP_FLOWS,
  } satisfies Record<FlowId, Flow>),
)

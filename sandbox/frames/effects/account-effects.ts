import { quoteBuy } from '#domain/buy-quote.ts'
import { issueExportConsent } from '#domain/customers/index.ts'
import { newId } from '#domain/new-id.ts'
import { cardAvailability } from '#domain/payment-methods.ts'
import type { TokenClaims } from '#portable/peek-token.ts'
import { executeBuyQuote } from '#domain/transactions.ts'
import type { FrameContext } from './frame-context.ts'
import { cardBrand, readCardEntry } from '#portable/frames/card-entry.ts'
import { FrameError } from './frame-error.ts'
import type { EffectHandlers } from './effect-handler.ts'

/** Sandbox magic card numbers of the add-card frame (test values, documented): declined, and one that is always added. */
export const MAGIC_CARDS = { declined: '4000000000000002', added: '4242424242424242' } as const

/** How the widget pays: one Apple Pay purchase, so its estimate is priced with Apple Pay's fees too. */
const WIDGET_PAYMENT = 'apple_pay' as const

/**
 * The connected customer behind the frame's full-scope clientToken, or a `FrameError` with `code`.
 *
 * @example
 * connectedCustomer(context, 'connection_required') // 'cus_…'
 */
export function connectedCustomer(context: FrameContext, code: string): string {
  const customer = context.claims?.scope === 'full' ? context.claims.customer : null
  if (customer === null)
    throw new FrameError(code, `the ${context.frame} frame needs the clientToken of a connected customer (full scope)`)
  return customer
}

/** Claims for an indicative quote: the frame's, or anonymous ones for an apiKey-only frame. */
function quoteClaims(context: FrameContext): TokenClaims {
  return (
    context.claims ?? {
      kind: 'client',
      tenant: context.tenant.id,
      session: '',
      customer: null,
      scope: 'anonymous',
      iat: 0,
      exp: 0,
      inc: context.tenant.incarnation,
    }
  )
}

/** Effects of the customer-account frames: add-card, customer-export, widget and widget-fallback. */
export const accountEffects: EffectHandlers<
  'card.add' | 'export.consent' | 'widget.price' | 'widget.quote' | 'widget.execute'
> = {
  /**
   * Stores a card for the connected customer; an expiry before the tenant clock's
   * month is `card_expired`, the magic number 4000000000000002 is `card_declined`.
   */
  'card.add': async (context, entered) => {
    const customerId = connectedCustomer(context, 'invalid_token')
    const read = readCardEntry({ ...entered, cvc: '000' })
    if ('problem' in read) throw new FrameError('invalid_card', read.problem)
    const { number, expiryMonth, expiryYear } = read.entry
    const { tenant } = context
    const availability = cardAvailability({ expiryMonth, expiryYear }, tenant.clock.now())
    if (!availability.available)
      throw new FrameError(
        'card_expired',
        `the card expired in ${expiryYear}-${String(expiryMonth).padStart(2, '0')}, before ${tenant.clock.iso().slice(0, 7)}`,
      )
    if (number === MAGIC_CARDS.declined)
      throw new FrameError(
        'card_declined',
        `the issuer declined the card (sandbox magic number ${MAGIC_CARDS.declined})`,
      )
    const store = await tenant.store()
    const card = {
      id: newId(tenant, store, 'pm'),
      type: 'card' as const,
      brand: cardBrand(number)!,
      last4: number.slice(-4),
      expiryMonth,
      expiryYear,
      availability,
    }
    await store.cards.create({ ...card, customerId })
    tenant.record('card:added', { customerId, cardId: card.id })
    return card
  },

  /** Issues the connected customer's consent to one export (15 minutes, usable once). */
  'export.consent': async (context) => issueExportConsent(context.tenant, connectedCustomer(context, 'invalid_token')),

  /**
   * Checks an amount and crypto (known, available, within limits) and prices it as the widget will buy it (Apple Pay,
   * see `widget.quote`): the crypto estimate and its wallet pattern.
   */
  'widget.price': async (context, { fiatCode, amount, currencyCode }) => {
    const { tenant } = context
    const request = {
      source: { asset: { code: fiatCode }, amount },
      destination: { asset: { code: currencyCode } },
      paymentMethod: { type: WIDGET_PAYMENT },
    }
    const quote = quoteBuy(tenant, await tenant.store(), quoteClaims(context), request)
    const crypto = tenant.catalog.crypto(quote.destination.asset.code)!
    return {
      currencyCode: crypto.code,
      estimate: quote.destination.amount,
      addressRegex: tenant.mode === 'test' ? crypto.testnetAddressRegex : crypto.addressRegex,
    }
  },

  /** An executable Apple Pay quote for the connected customer (`connection_required` without one). */
  'widget.quote': async (context, { fiatCode, amount, currencyCode, address }) => {
    connectedCustomer(context, 'connection_required')
    const request = {
      source: { asset: { code: fiatCode }, amount },
      destination: { asset: { code: currencyCode } },
      wallet: { address },
      paymentMethod: { type: WIDGET_PAYMENT },
    }
    return quoteBuy(context.tenant, await context.tenant.store(), context.claims!, request)
  },

  /** Executes the widget's quote for the connected customer (idempotent on `externalTransactionId`). */
  'widget.execute': async (context, { quote, externalTransactionId }) => {
    const customerId = connectedCustomer(context, 'connection_required')
    const options = externalTransactionId === undefined ? {} : { externalTransactionId }
    const transaction = await executeBuyQuote(context.tenant, await context.tenant.store(), customerId, quote, options)
    return { id: transaction.id, status: transaction.status }
  },
}

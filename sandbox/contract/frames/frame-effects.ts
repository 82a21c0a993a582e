import { z } from 'zod'
import { BuyQuote, Credentials } from '../platform/index.ts'
import { RequestPayoutMethod } from '../payout-method.ts'

/** An effect's schema: its `type` (the effect's name, `noun.verb`) and its fields. Fields a page adds beyond these are dropped. */
const effect = <N extends string, Fields extends z.ZodRawShape>(name: N, fields: Fields) =>
  z.object({ type: z.literal(name), ...fields })

/** An effect about a quote: the quote as the frame holds it (the handler checks it, answering `invalid_quote`). */
const quoteField = { quote: z.unknown() }

/** The widget's order as `widget.price` and `widget.quote` take it (the handler checks the codes and limits). */
const widgetAmount = { fiatCode: z.string().max(16), amount: z.number(), currencyCode: z.string().max(16) }

/**
 * Every effect a frame machine may ask of the sandbox, one schema per effect name. The server parses an effect
 * with its name's schema before its handler runs, so a malformed field is `invalid_request` naming the field.
 */
export const FrameEffectSchemas = {
  /** Logs the customer out; `browserState` says what the page cleared from the frames origin's storage (no browser: absent). */
  'auth.reset': effect('auth.reset', {
    browserState: z
      .strictObject({
        cleared: z.boolean(),
        customerId: z
          .string()
          .regex(/^[A-Za-z0-9_-]{1,64}$/, 'browserState.customerId must be a customer id')
          .optional(),
      })
      .optional(),
  }),
  /** Encrypts credentials for the host's X25519 public key (DESIGN §5). */
  'credentials.encrypt': effect('credentials.encrypt', {
    credentials: Credentials,
    publicKey: z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'publicKey must be a raw X25519 public key in hex (64 characters)'),
  }),
  /** The session's connection with credentials (check and connect frames). */
  'connection.decide': effect('connection.decide', { skipKyc: z.boolean().optional() }),
  /** Registers the session's customer by email (connect frame). */
  'connection.register': effect('connection.register', { email: z.string().max(320) }),
  /** Checks that the auth frame's clientToken names a customer. */
  'connection.identify': effect('connection.identify', {}),
  /** Full credentials for the auth frame's customer after the one-time code. */
  'connection.authenticate': effect('connection.authenticate', {}),
  /** Stores the card the add-card form read. */
  'card.add': effect('card.add', {
    number: z.string().max(32),
    expiryMonth: z.number().int(),
    expiryYear: z.number().int(),
  }),
  /** Issues the connected customer's consent to one export. */
  'export.consent': effect('export.consent', {}),
  /** Prices the widget's order (Apple Pay fees). */
  'widget.price': effect('widget.price', widgetAmount),
  /** An executable quote of the widget's order for a wallet address. */
  'widget.quote': effect('widget.quote', { ...widgetAmount, address: z.string().max(256) }),
  /** Executes the widget's quote. */
  'widget.execute': effect('widget.execute', {
    quote: BuyQuote,
    externalTransactionId: z.string().max(256).optional(),
  }),
  /** Prices the widget's sale: crypto amount sold, for the payout fiat (the sell quote). */
  'widget.sellQuote': effect('widget.sellQuote', widgetAmount),
  /** Starts the widget's sell for the connected customer, refunds to `refundWalletAddress`. */
  'widget.sell': effect('widget.sell', {
    ...widgetAmount,
    payoutMethod: RequestPayoutMethod.optional(),
    refundWalletAddress: z.string().max(256),
    externalTransactionId: z.string().max(256).optional(),
  }),
  /** The buy frame's wallet availability for its customer. */
  'wallet.availability': effect('wallet.availability', {}),
  /** Checks a quote before paying (expiry and the purchase's gate). */
  'quote.check': effect('quote.check', quoteField),
  /** Opens the challenge the purchase's gate asks for. */
  'challenge.create': effect('challenge.create', quoteField),
  /** Waits until the challenge frame resolves the challenge. */
  'purchase.awaitChallenge': effect('purchase.awaitChallenge', { challengeId: z.string().max(64) }),
  /** Pays a checked quote. */
  'purchase.execute': effect('purchase.execute', { ...quoteField, secondFactorConfirmed: z.boolean().optional() }),
  /** Opens the challenge frame's challenge. */
  'challenge.open': effect('challenge.open', {}),
  /** Completes (with the CVV, for a CVV challenge) or cancels the challenge frame's challenge. */
  'challenge.resolve': effect('challenge.resolve', {
    outcome: z.enum(['complete', 'cancel']),
    cvv: z.string().max(8).optional(),
  }),
}

/** The name of an effect, such as `connection.decide`. */
export type EffectName = keyof typeof FrameEffectSchemas

/** Every effect name, in the order of `FrameEffectSchemas`. */
export const EFFECT_NAMES = Object.keys(FrameEffectSchemas) as EffectName[]

/** One effect as a machine asks for it: a discriminated union on `type`. */
export const FrameEffect = z.discriminatedUnion(
  'type',
  Object.values(FrameEffectSchemas) as unknown as [
    (typeof FrameEffectSchemas)[EffectName],
    ...(typeof FrameEffectSchemas)[EffectName][],
  ],
)
export type FrameEffect = z.infer<typeof FrameEffect>

/** The effect of one name, as its handler receives it (parsed). @example FrameEffectOf<'connection.register'> // { type: 'connection.register'; email: string } */
export type FrameEffectOf<N extends EffectName> = z.infer<(typeof FrameEffectSchemas)[N]>

import { z } from 'zod'
import { ApiKey } from '../api-key.ts'
import { ChannelId, type FrameName } from './envelope.ts'

/** `customTheme`: URL-encoded JSON with a border radius, a color-scheme lock and a palette. */
export const CustomTheme = z.strictObject({
  borderRadius: z.number().int().min(0).max(32).optional(),
  colorScheme: z.enum(['light', 'dark']).optional(),
  palette: z
    .strictObject({
      primary: z
        .string()
        .regex(/^#[0-9a-fA-F]{6}$/)
        .optional(),
      background: z
        .string()
        .regex(/^#[0-9a-fA-F]{6}$/)
        .optional(),
      text: z
        .string()
        .regex(/^#[0-9a-fA-F]{6}$/)
        .optional(),
    })
    .optional(),
})
export type CustomTheme = z.infer<typeof CustomTheme>

const customThemeParam = z
  .string()
  .max(2048)
  .transform((text, ctx) => {
    try {
      const parsed = CustomTheme.safeParse(JSON.parse(text))
      if (parsed.success) return parsed.data
      ctx.addIssue({
        code: 'custom',
        message:
          `customTheme ${parsed.error.issues[0]?.path.join('.') || ''} ${parsed.error.issues[0]?.message}`.replace(
            /\s+/g,
            ' ',
          ),
      })
    } catch {
      ctx.addIssue({ code: 'custom', message: 'customTheme must be URL-encoded JSON' })
    }
    return z.NEVER
  })

/** Parameters every frame takes: channel, authorization of the embedding domain. */
const base = {
  channelId: ChannelId,
  apiKey: ApiKey.optional(),
  clientToken: z.string().min(1).max(4096).optional(),
}

/** Appearance parameters of frames that render UI (and `language`). */
const appearance = {
  theme: z.enum(['dark', 'light'], { error: 'theme must be dark or light (omit it to follow the system)' }).optional(),
  brandColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'brandColor must be a hex colour such as #5B3CF5')
    .optional(),
  customTheme: customThemeParam.optional(),
  language: z
    .string()
    .regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'language must be a language tag such as en or pt-BR')
    .optional(),
}

const publicKey = z.string().regex(/^[0-9a-f]{64}$/, 'publicKey must be a raw X25519 public key in hex (64 characters)')
const quote = z.string().min(1).max(8192).describe('the buy quote, base64url JSON')
const externalTransactionId = z.string().min(1).max(128).optional()
/** `getConnection(sessionToken, {skipKyc: true})`: the Customer API onboarding path (decision record 0022). */
const skipKyc = z.enum(['true', 'false'], { error: 'skipKyc must be true or false' }).optional()

/**
 * The widget's prefilled wallet (checked against the crypto's address pattern once it is priced) and the URL's
 * `signature`, required with a wallet address (decision record 0069).
 */
const walletAddress = z.string().min(1).max(256).optional()
const signature = z.string().min(1).max(256).optional()
/** Which of the widget's flows the frame runs: `buy` (the default) or `sell` (decision record 0070). */
const flow = z.enum(['buy', 'sell'], { error: 'flow must be buy or sell (omit it to buy)' }).optional()

/** Parameters of each frame, strict: an unknown parameter (such as `language` on reset) is refused. */
export const FrameParams = {
  check: z.strictObject({ ...base, sessionToken: z.string().min(1).max(4096), publicKey, skipKyc }),
  connect: z.strictObject({ ...base, ...appearance, sessionToken: z.string().min(1).max(4096), publicKey }),
  auth: z.strictObject({ ...base, ...appearance, publicKey }),
  reset: z.strictObject(base),
  buy: z.strictObject({ ...base, quote, externalTransactionId }),
  'buy-button': z.strictObject({ ...base, ...appearance, quote, externalTransactionId }),
  'apple-pay': z.strictObject({ ...base, ...appearance, quote, externalTransactionId }),
  'google-pay': z.strictObject({
    ...base,
    ...appearance,
    quote,
    externalTransactionId,
    walletAvailable: z.enum(['true', 'false']).optional(),
  }),
  'add-card': z.strictObject({ ...base, ...appearance }),
  challenge: z.strictObject({ ...base, ...appearance, challengeToken: z.string().min(1).max(4096) }),
  widget: z.strictObject({
    ...base,
    ...appearance,
    externalTransactionId,
    currencyCode: z.string().max(32).optional(),
    flow,
    walletAddress,
    signature,
  }),
  // The spec gives externalTransactionId to widget, buy, buy button and both wallet-pay frames only: not to the fallback.
  'widget-fallback': z.strictObject({ ...base, ...appearance, currencyCode: z.string().max(32).optional(), flow }),
  'customer-export': z.strictObject({ ...base, ...appearance }),
} satisfies Record<FrameName, z.ZodType>

/** Parsed parameters of one frame. */
export type FrameParamsOf<F extends FrameName> = z.output<(typeof FrameParams)[F]>

import type { FrameErrorPayload } from '#contract/index.ts'
import { peekToken } from '#portable/peek-token.ts'
import { orderOf } from '#portable/frames/machines/purchase-flow.ts'
import type { SetupOptions } from './client-options.ts'
import type { ClientFrameEvent, MountedFrame } from './frame-channel.ts'

/** The setup error codes of the wallet setup calls (spec: `configurationError` or `genericError`). */
export type WalletSetupErrorCode = 'configurationError' | 'genericError'

/**
 * Why `setupApplePay` / `setupGooglePay` failed. `configurationError`: the
 * partner's call is wrong (no clientToken, not a clientToken, an anonymous one,
 * a quote that is not an executable buy quote for this wallet, a parameter,
 * token or quote the frame refuses). `genericError`: anything else that keeps
 * the frame from getting ready in time (its page failed to load, e.g. an
 * injected fault; or the browser refused to embed it: a host origin the
 * account does not allow, or a token the sandbox no longer accepts, which the
 * host page cannot tell apart). Log `code` and `message`; show the customer a
 * generic next step.
 */
export class WalletSetupError extends Error {
  readonly code: WalletSetupErrorCode
  /** The frame's `error` event, when the frame itself reported the problem. */
  readonly frameError?: FrameErrorPayload

  constructor(code: WalletSetupErrorCode, message: string, frameError?: FrameErrorPayload) {
    super(message)
    this.name = 'WalletSetupError'
    this.code = code
    if (frameError) this.frameError = frameError
  }
}

/** Options of a wallet setup: a frame setup's, and how long the frame has to get ready. */
export interface WalletSetupOptions extends SetupOptions {
  /** Milliseconds the frame has to load and post `ready` (or `unsupported`) before setup fails with `genericError`; default 10 000. */
  timeoutMs?: number
}

/** How long a wallet frame has to get ready by default. */
export const WALLET_SETUP_TIMEOUT_MS = 10_000

/** Frame error codes that mean the partner's call was wrong; any other code a frame reports before it is ready is a `genericError`. */
const CONFIGURATION_CODES = new Set(['invalid_parameters', 'invalid_token', 'invalid_quote'])

/** What mounts a wallet frame: the web client's iframe, or the React Native client's frame description. */
type Mount<F extends { destroy(): void }> = (frame: 'apple-pay' | 'google-pay', setup: SetupOptions) => F

function configurationProblem(
  call: string,
  frame: 'apple-pay' | 'google-pay',
  clientToken: unknown,
  quote: unknown,
  timeoutMs: unknown,
): string | undefined {
  if (typeof clientToken !== 'string' || clientToken === '') return `${call} needs the connected customer's clientToken`
  const claims = peekToken(clientToken)
  if (claims?.kind !== 'client')
    return `${call}: clientToken is not a clientToken (ct_…) of the sandbox: pass credentials.clientToken of the connection`
  if (claims.scope !== 'full' || claims.customer === null)
    return `${call}: clientToken is anonymous: the customer is not connected yet (connect, or setupAuth, first)`
  if (typeof quote !== 'string' || quote === '') return `${call} needs the quote (base64url JSON of the buy quote)`
  if (timeoutMs !== undefined && (typeof timeoutMs !== 'number' || !Number.isFinite(timeoutMs) || timeoutMs <= 0))
    return `${call}: timeoutMs must be a positive number of milliseconds`
  const order = orderOf(frame, { quote })
  return 'code' in order ? `${call}: ${order.message}` : undefined
}

/**
 * Sets up a wallet-pay frame (`apple-pay` or `google-pay`) and settles once
 * its setup is known: resolves with the mounted frame when the frame posts
 * `ready`, or `unsupported` (Android without wallet availability: not an
 * error); rejects with a {@link WalletSetupError} otherwise. Checks that need
 * no frame fail before anything is mounted; a frame that fails is removed.
 * Every frame event, the setup's included, still reaches `setup.onEvent`;
 * quote problems after setup (`quoteExpired`, `error`) arrive only there.
 *
 * @example
 * try {
 *   const frame = await setupWallet(mount, 'google-pay', clientToken, quote, { container, onEvent })
 * } catch (error) {
 *   if (error instanceof WalletSetupError) console.warn(error.code, error.message) // configurationError | genericError
 * }
 */
export function setupWallet<F extends { destroy(): void } = MountedFrame>(
  mount: Mount<F>,
  frame: 'apple-pay' | 'google-pay',
  clientToken: string,
  quote: string,
  setup: WalletSetupOptions = {},
): Promise<F> {
  const call = frame === 'apple-pay' ? 'setupApplePay' : 'setupGooglePay'
  const problem = configurationProblem(call, frame, clientToken, quote, setup.timeoutMs)
  if (problem) return Promise.reject(new WalletSetupError('configurationError', problem))
  const timeoutMs = setup.timeoutMs ?? WALLET_SETUP_TIMEOUT_MS
  return new Promise((resolve, reject) => {
    let mounted: F | undefined
    let settled = false
    const settle = (error?: WalletSetupError) => {
      settled = true
      clearTimeout(timer)
      if (!error) return resolve(mounted!)
      mounted?.destroy()
      reject(error)
    }
    const timer = setTimeout(() => {
      if (!settled)
        settle(
          new WalletSetupError(
            'genericError',
            `the ${frame} frame did not get ready within ${timeoutMs} ms: its page did not load or did not start (an injected fault, the sandbox unreachable, or a host origin the account does not allow)`,
          ),
        )
    }, timeoutMs)
    const onEvent = (event: ClientFrameEvent) => {
      setup.onEvent?.(event)
      if (settled) return
      if (event.kind === 'ready' || event.kind === 'unsupported') settle()
      else if (event.kind === 'error') {
        const code = CONFIGURATION_CODES.has(event.payload.code) ? 'configurationError' : 'genericError'
        settle(
          new WalletSetupError(
            code,
            `the ${frame} frame could not start: ${event.payload.code}: ${event.payload.message}`,
            event.payload,
          ),
        )
      }
    }
    mounted = mount(frame, { ...setup, onEvent, params: { ...setup.params, clientToken, quote, apiKey: undefined } })
  })
}

import type { FrameName } from '#contract/frames/index.ts'
import { apiCalls, clientApi } from './api-calls.ts'
import { connectionThrough, mountHeadless } from './connection-calls.ts'
import { identityCalls } from './identity-calls.ts'
import type { ClientOptions, SetupOptions } from './client-options.ts'
import { mountFrame, type MountedFrame } from './frame-channel.ts'
import { setupWallet, type WalletSetupOptions } from './wallet-setup.ts'

export type { ClientOptions, SetupOptions } from './client-options.ts'

/**
 * The browser client: the partner SDK's calls, mirrored. Frame setups mount a
 * frame and report its events through `onEvent`; API calls use an access token.
 *
 * @example
 * const client = createClient({ framesOrigin: 'http://127.0.0.1:4011', apiOrigin: 'http://127.0.0.1:4010', apiKey: 'pk_test_sandbox' })
 * client.setupFrame('reset', { params: { clientToken }, onEvent: (e) => console.log(e.kind) })
 */
export function createClient(options: ClientOptions) {
  const setupFrame = (frame: FrameName, setup: SetupOptions = {}): MountedFrame =>
    mountFrame({
      framesOrigin: options.framesOrigin,
      frame,
      container: setup.container,
      onEvent: setup.onEvent,
      onSend: setup.onSend,
      params: { apiKey: options.apiKey, ...setup.params },
    })
  /** A card purchase frame's setup: the customer's clientToken and the signed quote (base64url JSON); problems arrive as the frame's `error` event. */
  const cardPurchase =
    (frame: 'buy' | 'buy-button') =>
    (clientToken: string, quote: string, setup: SetupOptions = {}) =>
      setupFrame(frame, { ...setup, params: { ...setup.params, clientToken, quote, apiKey: undefined } })
  /** A wallet setup: settles once the frame is ready (or `unsupported`), else rejects with a `WalletSetupError` (`configurationError` | `genericError`). */
  const wallet =
    (frame: 'apple-pay' | 'google-pay') =>
    (clientToken: string, quote: string, setup: WalletSetupOptions = {}): Promise<MountedFrame> =>
      setupWallet(setupFrame, frame, clientToken, quote, setup)
  const withToken =
    (frame: FrameName) =>
    (clientToken: string, setup: SetupOptions = {}) =>
      setupFrame(frame, { ...setup, params: { ...setup.params, clientToken, apiKey: undefined } })
  return {
    options,
    setupFrame,
    setupBuy: cardPurchase('buy'),
    setupBuyButton: cardPurchase('buy-button'),
    setupApplePay: wallet('apple-pay'),
    setupGooglePay: wallet('google-pay'),
    setupAddCard: withToken('add-card'),
    setupCustomerExport: withToken('customer-export'),
    setupWidget: (setup: SetupOptions = {}) => setupFrame('widget', setup),
    /** The challenge frame, from the `url` of a frame's `challenge` event. */
    setupChallenge: (url: string, setup: SetupOptions = {}) => {
      const search = new URL(url).searchParams
      return setupFrame('challenge', {
        ...setup,
        params: { ...setup.params, ...Object.fromEntries(search), apiKey: undefined },
      })
    },
    /**
     * The connection of a session, decided by the headless check frame. `skipKyc: true` is the Customer API path:
     * a customer whose only obstacle is KYC comes back `authenticationRequired` (then `setupAuth`).
     */
    getConnection: (sessionToken: string, { skipKyc, ...setup }: SetupOptions & { skipKyc?: boolean } = {}) =>
      connectionThrough(setupFrame, 'check', { sessionToken, ...(skipKyc ? { skipKyc: 'true' } : {}) }, setup),
    /** The co-branded connect flow in `setup.container`. */
    connect: (sessionToken: string, setup: SetupOptions = {}) =>
      connectionThrough(setupFrame, 'connect', { sessionToken }, setup),
    /** The auth frame for a customer known by its clientToken. */
    setupAuth: (clientToken: string, setup: SetupOptions = {}) =>
      connectionThrough(
        setupFrame,
        'auth',
        { clientToken },
        { ...setup, params: { ...setup.params, apiKey: undefined } },
      ),
    /**
     * Logs the customer out (the headless reset frame): with their `clientToken`, the session is revoked too;
     * without one, the client's `apiKey` authorizes the frame and only the browser-side state is cleared.
     */
    resetConnection: (clientToken?: string, setup: SetupOptions = {}) => {
      if (clientToken === undefined && !options.apiKey)
        throw new Error('resetConnection needs a clientToken, or a client made with an apiKey')
      return mountHeadless(setupFrame, 'reset', {
        ...setup,
        params: { ...setup.params, ...(clientToken === undefined ? {} : { clientToken, apiKey: undefined }) },
      })
    },
    ...apiCalls(options),
    /** Deprecated web identity calls (createIdentity, getIdentity …): each warns once; absent under `strictDeprecations`. */
    ...(options.strictDeprecations ? {} : identityCalls(options, clientApi)),
  }
}

export type SandboxClient = ReturnType<typeof createClient>

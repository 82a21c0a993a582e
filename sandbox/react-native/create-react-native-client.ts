import type { FrameName } from '#contract/frames/index.ts'
import { apiCalls } from '#browser/client/api-calls.ts'
import type { ClientOptions } from '#browser/client/client-options.ts'
import { connectionThrough, mountHeadless, type ClientConnection } from '#browser/client/connection-calls.ts'
import type { ClientFrameEvent, ClientFrameMessage } from '#browser/client/frame-controller.ts'
import { setupWallet } from '#browser/client/wallet-setup.ts'
import { warnOnce } from './deprecated-setups.ts'
import { describeFrame, type ReactNativeFrame } from './react-native-frame.ts'

/** Options of a React Native client: the web client's (origins reachable from the device, `apiKey`, `strictDeprecations`). */
export type ReactNativeClientOptions = ClientOptions

/** Options of a React Native frame call: the host's callbacks and extra frame params. */
export interface ReactNativeSetupOptions {
  onEvent?: (event: ClientFrameEvent) => void
  onSend?: (message: ClientFrameMessage) => void
  params?: Record<string, string | undefined>
}

/** Options of a call that settles once its frame says so: the app must render the frame it is handed (`RampFrame`). */
export interface RenderedSetupOptions extends ReactNativeSetupOptions {
  /** Called at once with the frame to render (e.g. put it in state and render `<RampFrame frame={…} />`). */
  render: (frame: ReactNativeFrame) => void
}

/** A wallet frame: the frame to render (absent when the call was wrong before any frame), and its setup's outcome. */
export interface WalletFrame {
  frame: ReactNativeFrame | undefined
  /** Resolves once the frame is `ready` (or `unsupported`); rejects with a `WalletSetupError` (`configurationError` | `genericError`). */
  setup: Promise<ReactNativeFrame>
}

/** Options of a wallet frame: a frame call's and how long the frame has to get ready (default 10 000 ms). */
export interface WalletFrameOptions extends ReactNativeSetupOptions {
  timeoutMs?: number
}

/** The calls of a React Native client and its deprecated setups, apart (`createReactNativeClient` joins them). */
function reactNativeCalls(options: ReactNativeClientOptions) {
  const setupFrame = (frame: FrameName, setup: ReactNativeSetupOptions = {}): ReactNativeFrame =>
    describeFrame({
      framesOrigin: options.framesOrigin,
      frame,
      onEvent: setup.onEvent,
      onSend: setup.onSend,
      params: { apiKey: options.apiKey, ...setup.params },
    })
  const withToken =
    (frame: FrameName) =>
    (clientToken: string, setup: ReactNativeSetupOptions = {}) =>
      setupFrame(frame, { ...setup, params: { ...setup.params, clientToken, apiKey: undefined } })
  const cardPurchase =
    (frame: 'buy' | 'buy-button') =>
    (clientToken: string, quote: string, setup: ReactNativeSetupOptions = {}) =>
      setupFrame(frame, { ...setup, params: { ...setup.params, clientToken, quote, apiKey: undefined } })
  const wallet =
    (frame: 'apple-pay' | 'google-pay') =>
    (clientToken: string, quote: string, setup: WalletFrameOptions = {}): WalletFrame => {
      let described: ReactNativeFrame | undefined
      const settled = setupWallet(
        (name, walletSetup) => (described = setupFrame(name, walletSetup)),
        frame,
        clientToken,
        quote,
        setup,
      )
      // The component (or caller) handles the outcome; a rejection nobody awaited yet is not an unhandled one.
      settled.catch(() => undefined)
      return { frame: described, setup: settled }
    }
  /** A frame that the app renders as it is handed, settling with the frame's outcome (connection calls, wallets). */
  const rendered =
    (render: (frame: ReactNativeFrame) => void) => (frame: FrameName, setup: ReactNativeSetupOptions) => {
      const described = setupFrame(frame, setup)
      render(described)
      return described
    }
  const deprecatedWallet =
    (frame: 'apple-pay' | 'google-pay') =>
    (
      clientToken: string,
      quote: string,
      { render, ...setup }: RenderedSetupOptions & WalletFrameOptions,
    ): Promise<ReactNativeFrame> => {
      const { frame: described, setup: settled } = wallet(frame)(clientToken, quote, setup)
      if (described) render(described)
      return settled
    }
  const calls = {
    options,
    setupFrame,
    setupBuy: cardPurchase('buy'),
    /** The buy-button frame (what `BuyButton` renders). */
    buyButtonFrame: cardPurchase('buy-button'),
    /** The Apple Pay frame and its setup's outcome (what `ApplePayButton` renders). */
    applePayFrame: wallet('apple-pay'),
    /** The Google Pay frame and its setup's outcome (what `GooglePayButton` renders). */
    googlePayFrame: wallet('google-pay'),
    setupAddCard: withToken('add-card'),
    setupCustomerExport: withToken('customer-export'),
    setupWidget: (setup: ReactNativeSetupOptions = {}) => setupFrame('widget', setup),
    /** The challenge frame, from the `url` of a frame's `challenge` event. */
    setupChallenge: (url: string, setup: ReactNativeSetupOptions = {}) =>
      setupFrame('challenge', {
        ...setup,
        params: { ...setup.params, ...Object.fromEntries(new URL(url).searchParams), apiKey: undefined },
      }),
    /** The connection of a session, decided by the (headless) check frame, which `render` shows until it completes. */
    getConnection: (
      sessionToken: string,
      { render, skipKyc, ...setup }: RenderedSetupOptions & { skipKyc?: boolean },
    ): Promise<ClientConnection> =>
      connectionThrough(rendered(render), 'check', { sessionToken, ...(skipKyc ? { skipKyc: 'true' } : {}) }, setup),
    /** The co-branded connect flow. */
    connect: (sessionToken: string, { render, ...setup }: RenderedSetupOptions): Promise<ClientConnection> =>
      connectionThrough(rendered(render), 'connect', { sessionToken }, setup),
    /** The auth frame for a customer known by its clientToken. */
    setupAuth: (clientToken: string, { render, ...setup }: RenderedSetupOptions): Promise<ClientConnection> =>
      connectionThrough(
        rendered(render),
        'auth',
        { clientToken },
        { ...setup, params: { ...setup.params, apiKey: undefined } },
      ),
    /** Logs the customer out (the headless reset frame, destroyed once it completes): with their clientToken, the session is revoked too. */
    resetConnection: (clientToken?: string, setup: ReactNativeSetupOptions = {}): ReactNativeFrame => {
      if (clientToken === undefined && !options.apiKey)
        throw new Error('resetConnection needs a clientToken, or a client made with an apiKey')
      return mountHeadless(setupFrame, 'reset', {
        ...setup,
        params: { ...setup.params, ...(clientToken === undefined ? {} : { clientToken, apiKey: undefined }) },
      })
    },
    ...apiCalls(options),
  }
  const deprecated = warnOnce({
    /** @deprecated Render `<BuyButton>` instead. The buy-button frame to render. */
    setupBuyButton: cardPurchase('buy-button'),
    /** @deprecated Render `<ApplePayButton>` instead. Settles once the frame `render` shows is ready; rejects with a `WalletSetupError`. */
    setupApplePay: deprecatedWallet('apple-pay'),
    /** @deprecated Render `<GooglePayButton>` instead. Settles once the frame `render` shows is ready; rejects with a `WalletSetupError`. */
    setupGooglePay: deprecatedWallet('google-pay'),
  })
  return { calls, deprecated }
}

/**
 * The React Native client: the SDK's calls as the web client has them. Frame calls return a frame description the
 * app renders (`RampFrame`, or the inline components `BuyButton`, `ApplePayButton`, `GooglePayButton`); calls that
 * settle when their frame says so take a `render` callback. API calls are the web client's.
 *
 * @example
 * const client = createReactNativeClient({ framesOrigin: 'http://10.0.2.2:4011', apiOrigin: 'http://10.0.2.2:4010', apiKey: 'pk_test_sandbox' })
 * const frame = client.setupAddCard(clientToken, { onEvent: (e) => console.log(e.kind) }) // render <RampFrame frame={frame} />
 */
export function createReactNativeClient<const O extends ReactNativeClientOptions>(options: O): ReactNativeClientOf<O> {
  const { calls, deprecated } = reactNativeCalls(options)
  return (options.strictDeprecations ? calls : { ...calls, ...deprecated }) as ReactNativeClientOf<O>
}

/** The calls every React Native client has. */
export type ReactNativeCalls = ReturnType<typeof reactNativeCalls>['calls']

/** The deprecated setups (`setupBuyButton`, `setupApplePay`, `setupGooglePay`): absent under `strictDeprecations: true`. */
export type ReactNativeDeprecatedSetups = ReturnType<typeof reactNativeCalls>['deprecated']

/** Any React Native client (`createReactNativeClient`'s result): the deprecated setups may be absent. */
export type ReactNativeClient = ReactNativeCalls & Partial<ReactNativeDeprecatedSetups>

/** The client for these options: without the deprecated setups when `strictDeprecations` is `true`. */
export type ReactNativeClientOf<O extends ReactNativeClientOptions> = O['strictDeprecations'] extends true
  ? ReactNativeCalls
  : ReactNativeCalls & ReactNativeDeprecatedSetups

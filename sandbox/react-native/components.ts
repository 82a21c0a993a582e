import { createElement, useEffect, useMemo, useRef, useState, type ReactElement } from 'react'
import { WebView, type WebViewProps } from 'react-native-webview'
import type { ClientFrameEvent, ClientFrameMessage } from '#browser/client/frame-controller.ts'
import type { WalletSetupError } from '#browser/client/wallet-setup.ts'
import type { ReactNativeClient, WalletFrame } from './create-react-native-client.ts'
import type { ReactNativeFrame } from './react-native-frame.ts'
import { frameWebViewProps, type ExtraWebViewProps } from './web-view-props.ts'

/** Props of `RampFrame`: the frame a client call described, the host's theme, and the WebView's style and extra props. */
export interface RampFrameProps {
  frame: ReactNativeFrame
  theme?: 'light' | 'dark'
  style?: WebViewProps['style']
  webViewProps?: ExtraWebViewProps
}

/**
 * Renders any frame a React Native client call described, in react-native-webview's `WebView` (its URL top-level),
 * sized to the frame's height once it said it; nothing once the frame is destroyed.
 *
 * @example
 * const [frame] = useState(() => client.setupAddCard(clientToken, { onEvent }))
 * return createElement(RampFrame, { frame, theme: 'dark' })
 */
export function RampFrame(props: RampFrameProps): ReactElement | null {
  const { frame, theme } = props
  const [, setVersion] = useState(0)
  useEffect(() => frame.subscribe(() => setVersion((version) => version + 1)), [frame])
  useEffect(() => {
    if (theme) frame.setTheme(theme)
  }, [frame, theme])
  if (frame.destroyed) return null
  return createElement(WebView, frameWebViewProps(frame, { ...props.webViewProps, style: props.style }))
}

/** Props shared by the inline purchase components. */
export interface PurchaseButtonProps {
  client: ReactNativeClient
  /** The connected customer's clientToken. */
  clientToken: string
  /** The signed buy quote (base64url JSON, `encodeQuote`). */
  quote: string
  onEvent?: (event: ClientFrameEvent) => void
  onSend?: (message: ClientFrameMessage) => void
  params?: Record<string, string | undefined>
  theme?: 'light' | 'dark'
  style?: WebViewProps['style']
  webViewProps?: ExtraWebViewProps
}

/** Props of the wallet components: the purchase props, and the setup's outcome (the web client's `setupApplePay` promise). */
export interface WalletButtonProps extends PurchaseButtonProps {
  /** The frame is `ready` (or `unsupported`). */
  onReady?: (frame: ReactNativeFrame) => void
  /** The setup failed: `error.code` is `configurationError` or `genericError`, as on the web. */
  onSetupError?: (error: WalletSetupError) => void
  timeoutMs?: number
}

/** The latest callbacks, for a frame made once per token and quote. */
function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value)
  ref.current = value
  return ref
}

function callbacks(latest: { readonly current: PurchaseButtonProps }) {
  return {
    onEvent: (event: ClientFrameEvent) => latest.current.onEvent?.(event),
    onSend: (message: ClientFrameMessage) => latest.current.onSend?.(message),
    params: latest.current.params,
  }
}

/**
 * The inline buy button (replaces the deprecated `setupBuyButton`): the buy-button frame for a clientToken and quote.
 *
 * @example
 * createElement(BuyButton, { client, clientToken, quote, onEvent: (e) => e.kind === 'complete' && done() })
 */
export function BuyButton(props: PurchaseButtonProps): ReactElement | null {
  const latest = useLatest(props)
  const frame = useMemo(
    () => props.client.buyButtonFrame(props.clientToken, props.quote, callbacks(latest)),
    [props.client, props.clientToken, props.quote, latest],
  )
  useEffect(() => () => frame.destroy(), [frame])
  return createElement(RampFrame, { frame, theme: props.theme, style: props.style, webViewProps: props.webViewProps })
}

/** A wallet button's frame and element: one hook, so each button is a component of its own (not made in a function). */
function useWalletButton(which: 'applePayFrame' | 'googlePayFrame', props: WalletButtonProps): ReactElement | null {
  const latest = useLatest(props)
  const wallet: WalletFrame = useMemo(
    () =>
      props.client[which](props.clientToken, props.quote, {
        ...callbacks(latest),
        timeoutMs: latest.current.timeoutMs,
      }),
    [which, props.client, props.clientToken, props.quote, latest],
  )
  useEffect(() => {
    let live = true
    wallet.setup.then(
      (frame) => live && latest.current.onReady?.(frame),
      (error: WalletSetupError) => live && latest.current.onSetupError?.(error),
    )
    return () => {
      live = false
      wallet.frame?.destroy()
    }
  }, [wallet, latest])
  return wallet.frame
    ? createElement(RampFrame, {
        frame: wallet.frame,
        theme: props.theme,
        style: props.style,
        webViewProps: props.webViewProps,
      })
    : null
}

/**
 * The inline Apple Pay button (replaces the deprecated `setupApplePay`); setup errors arrive in `onSetupError`.
 *
 * @example
 * createElement(ApplePayButton, { client, clientToken, quote, onReady, onSetupError: (e) => console.warn(e.code) })
 */
export function ApplePayButton(props: WalletButtonProps): ReactElement | null {
  return useWalletButton('applePayFrame', props)
}

/**
 * The inline Google Pay button (replaces the deprecated `setupGooglePay`); setup errors arrive in `onSetupError`.
 *
 * @example
 * createElement(GooglePayButton, { client, clientToken, quote, onReady, onSetupError: (e) => console.warn(e.code) })
 */
export function GooglePayButton(props: WalletButtonProps): ReactElement | null {
  return useWalletButton('googlePayFrame', props)
}

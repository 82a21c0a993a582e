import { originMatches } from '#portable/origin-matches.ts'

/** Why a message from outside was not taken, and where it came from, as the journal keeps a dropped message. */
interface DroppedMessage {
  origin: string
  reason: string
}

/**
 * How a frame page talks to its host (decision 0075): `web`, the page that embeds it in an iframe, by `postMessage`
 * to the parent at the host's origin; `react-native`, an app that shows it top-level in react-native-webview, through
 * the `window.ReactNativeWebView` bridge the WebView injects. Both carry the same envelope text.
 */
interface HostPort {
  readonly kind: 'web' | 'react-native'
  /** The host's origin: the embedding page's, or `''` for a React Native app (its messages carry none). */
  readonly origin: string
  /** Sends an envelope's text to the host. */
  post(text: string): void
  /** Calls `onMessage` with the text of every message the host sends, `onDropped` for any other message. */
  listen(onMessage: (text: string) => void, onDropped: (dropped: DroppedMessage) => void): void
}

/** What react-native-webview injects into the page: one function taking a string. */
interface ReactNativeBridge {
  postMessage(data: string): void
}

/** The page's window as the frame reads it: the bridge when a React Native WebView injected one. */
type FrameWindow = Window & { ReactNativeWebView?: Partial<ReactNativeBridge> }

/** The host's origin on the web: the embedding page, accepted only when the tenant allows it. */
function webHostOrigin(allowedOrigins: readonly string[]): string | undefined {
  const ancestor = (location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins?.[0]
  const origin = ancestor ?? (document.referrer ? new URL(document.referrer).origin : undefined)
  return origin !== undefined && allowedOrigins.some((pattern) => originMatches(origin, pattern)) ? origin : undefined
}

function webPort(origin: string): HostPort {
  return {
    kind: 'web',
    origin,
    post: (text) => window.parent.postMessage(text, origin),
    listen(onMessage, onDropped) {
      window.addEventListener('message', (event) => {
        if (event.source !== window.parent)
          return onDropped({ origin: event.origin, reason: 'not from the parent window' })
        if (event.origin !== origin)
          return onDropped({ origin: event.origin, reason: `not from the host origin ${origin}` })
        if (typeof event.data !== 'string') return onDropped({ origin: event.origin, reason: 'not a string' })
        onMessage(event.data)
      })
    },
  }
}

function reactNativePort(bridge: ReactNativeBridge): HostPort {
  return {
    kind: 'react-native',
    origin: '',
    post: (text) => bridge.postMessage(text),
    listen(onMessage, onDropped) {
      // react-native-webview delivers the app's messages as a MessageEvent dispatched on window (iOS) or document
      // (Android): no origin, no source. A message another window posts always has both, so it is not the app's.
      const seen = new WeakSet<Event>()
      const listener = (event: Event) => {
        if (seen.has(event)) return
        seen.add(event)
        const message = event as MessageEvent
        if (message.origin !== '' || message.source !== null) {
          return onDropped({
            origin: message.origin,
            reason: `not from the React Native app (${message.source !== null ? 'a window posted it' : 'it has an origin'})`,
          })
        }
        if (typeof message.data !== 'string') return onDropped({ origin: message.origin, reason: 'not a string' })
        onMessage(message.data)
      }
      window.addEventListener('message', listener)
      document.addEventListener('message', listener)
    },
  }
}

/**
 * The frame page's host, or undefined when it has none it may talk to: a React Native app when the page is top-level
 * and the WebView injected its bridge; else the embedding page when the tenant allows its origin.
 *
 * @example
 * const port = hostPort(config.allowedOrigins)
 * port?.post(JSON.stringify({ version: 2, meta: { channelId }, kind: 'handshake' }))
 */
export function hostPort(allowedOrigins: readonly string[]): HostPort | undefined {
  const bridge = (window as FrameWindow).ReactNativeWebView
  if (window.parent === window)
    return typeof bridge?.postMessage === 'function' ? reactNativePort(bridge as ReactNativeBridge) : undefined
  const origin = webHostOrigin(allowedOrigins)
  return origin === undefined ? undefined : webPort(origin)
}

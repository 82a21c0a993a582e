import type { FrameInbound, FrameName } from '#contract/frames/index.ts'
import {
  createFrameController,
  frameUrl,
  newChannelId,
  type ClientFrameEvent,
  type ClientFrameMessage,
} from '#browser/client/frame-controller.ts'

/** What the frame needs of a react-native-webview `WebView` instance (its ref): running a script in the page. */
export interface WebViewHandle {
  injectJavaScript(script: string): void
}

/**
 * The script that hands one envelope text to the frame page as react-native-webview's own `postMessage` does: a
 * `MessageEvent('message', { data })` dispatched on `window` (origin `''`, source `null`: what the frame accepts).
 *
 * @example
 * webView.injectJavaScript(inboundScript('{"version":2,"meta":{"channelId":"ch_1"},"kind":"ack"}'))
 */
export function inboundScript(text: string): string {
  return `window.dispatchEvent(new MessageEvent('message',{data:${JSON.stringify(text)}}));true;`
}

/** Options of a React Native frame: the frames origin, the frame, its params and the host's callbacks. */
export interface ReactNativeFrameOptions {
  framesOrigin: string
  frame: FrameName
  params: Record<string, string | undefined>
  onEvent?: (event: ClientFrameEvent) => void
  onSend?: (message: ClientFrameMessage) => void
}

/**
 * A frame as the React Native client describes it: the URL a `WebView` loads top-level, and the host side of its
 * channel. `RampFrame` (or any host) renders it: `attach` the WebView's ref, `receive` every `onMessage` text.
 */
export interface ReactNativeFrame {
  readonly frame: FrameName
  readonly channelId: string
  /** The frame page's URL: the WebView's `source={{ uri }}`. */
  readonly uri: string
  /** The frame's content height (its SDK-internal `resize`), once it said; for the WebView's style. */
  readonly height: number | undefined
  /** Whether the frame was destroyed (a headless frame that completed, a wallet frame that failed): render nothing. */
  readonly destroyed: boolean
  /** Connects the rendered WebView (its ref; `null` when it unmounts): messages to the frame go through it. */
  attach(webView: WebViewHandle | null): void
  /** One text from the WebView's `onMessage` (`event.nativeEvent.data`). */
  receive(text: unknown): void
  send(message: FrameInbound): void
  /** The host's theme (SDK-internal `setTheme`): sent now when the frame is acked, else right after its ack. */
  setTheme(theme: 'light' | 'dark'): void
  destroy(): void
  /** Called when `height` or `destroyed` changes; returns the unsubscribe. */
  subscribe(listener: () => void): () => void
}

/**
 * Describes a frame for a React Native host: its URL (params, channel) and a controller that answers its handshake,
 * delivers its events to `onEvent` and sends to it through the attached WebView (`injectJavaScript(inboundScript(…))`).
 *
 * @example
 * const frame = describeFrame({ framesOrigin: 'http://10.0.2.2:4011', frame: 'reset', params: { clientToken } })
 * // <WebView ref={frame.attach} source={{ uri: frame.uri }} onMessage={(e) => frame.receive(e.nativeEvent.data)} />
 */
export function describeFrame(options: ReactNativeFrameOptions): ReactNativeFrame {
  const channelId = options.params.channelId ?? newChannelId()
  let webView: WebViewHandle | null = null
  let height: number | undefined
  let destroyed = false
  const listeners = new Set<() => void>()
  const changed = () => {
    for (const listener of listeners) listener()
  }
  const controller = createFrameController({
    frame: options.frame,
    channelId,
    post: (text) => webView?.injectJavaScript(inboundScript(text)),
    onEvent: options.onEvent,
    onSend: options.onSend,
    onResize: (next) => {
      height = next
      changed()
    },
  })
  return {
    frame: options.frame,
    channelId,
    uri: frameUrl(options.framesOrigin, options.frame, options.params, channelId),
    get height() {
      return height
    },
    get destroyed() {
      return destroyed
    },
    attach: (next) => {
      webView = next
    },
    receive: (text) => {
      if (!destroyed) controller.receive(text)
    },
    send: controller.send,
    setTheme: controller.setTheme,
    destroy: () => {
      if (destroyed) return
      destroyed = true
      webView = null
      changed()
    },
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

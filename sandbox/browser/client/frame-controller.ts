import { Envelope, FrameOutbound, type FrameInbound, type FrameName } from '#contract/frames/index.ts'
import { frameHeight, ResizeMessage, SDK_INTERNAL_KINDS } from '#contract/frames/sdk-internal.ts'

// The host side of the frame protocol without its transport: the web client's iframe (frame-channel.ts) and the
// React Native client's WebView (sandbox/react-native/) each give it a way to post a text and hand it every text
// that arrives, after their own checks (the iframe's origin and source; react-native-webview's onMessage).

/** An event a frame sent, as the client delivers it to `onEvent`. */
export type ClientFrameEvent = FrameOutbound & { frame: FrameName; channelId: string }

/** A message the host posted to a frame, as the client reports it to `onSend`. */
export type ClientFrameMessage = FrameInbound & { frame: FrameName; channelId: string }

/** Options of a frame controller: the frame, its channel, the transport's `post`, and the host's callbacks. */
interface FrameControllerOptions {
  frame: FrameName
  channelId: string
  /** Sends one envelope text to the frame (the transport: an iframe's postMessage, a WebView's injected script …). */
  post: (text: string) => void
  onEvent?: (event: ClientFrameEvent) => void
  /** Called with every message the host posts to the frame (`ack`, `setQuote` …), before it is posted. */
  onSend?: (message: ClientFrameMessage) => void
  /** The frame's content height (the SDK-internal `resize`, decision record 0072), in CSS pixels, clamped. */
  onResize?: (height: number) => void
}

/** The host side of one frame's channel. */
interface FrameController {
  readonly channelId: string
  /** Handles one text that arrived from the frame: anything but a version-2 envelope of this channel is dropped. */
  receive(text: unknown): void
  /** Posts a message to the frame (reported to `onSend` first). */
  send(message: FrameInbound): void
  /** The host's theme: sent as the SDK-internal `setTheme` now when the frame is acked, else right after its ack. */
  setTheme(theme: 'light' | 'dark'): void
  /** Whether the frame's handshake was answered. */
  readonly acked: boolean
}

/**
 * A fresh channel id (`ch_` and 24 hex digits).
 *
 * @example
 * newChannelId() // 'ch_3f9a…'
 */
export function newChannelId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12))
  return `ch_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`
}

/**
 * The frame page's URL on the frames origin, with its params and channel (params left `undefined` are left out).
 *
 * @example
 * frameUrl('http://127.0.0.1:4011', 'reset', { clientToken: 'ct_…' }, 'ch_1') // 'http://127.0.0.1:4011/platform/v1/reset?clientToken=ct_…&channelId=ch_1'
 */
export function frameUrl(
  framesOrigin: string,
  frame: FrameName,
  params: Record<string, string | undefined>,
  channelId: string,
): string {
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries({ ...params, channelId })) if (value !== undefined) search.set(name, value)
  return `${framesOrigin}/platform/v1/${frame}?${search}`
}

/**
 * The host side of a frame's channel, transport-agnostic: parses each incoming text (version 2, this channel,
 * a frame event), answers `handshake` with `ack`, delivers every event to `onEvent`, keeps the SDK-internal
 * `resize`/`setTheme` away from it, and reports every message it posts to `onSend`.
 *
 * @example
 * const controller = createFrameController({ frame: 'reset', channelId: 'ch_1', post: (text) => port.send(text), onEvent: console.log })
 * port.onText((text) => controller.receive(text))
 */
export function createFrameController(options: FrameControllerOptions): FrameController {
  const { channelId, frame } = options
  const postRaw = (message: { kind: string; payload?: unknown }) =>
    options.post(JSON.stringify({ version: 2, meta: { channelId }, ...message }))
  const send = (message: FrameInbound) => {
    options.onSend?.({ ...message, frame, channelId })
    postRaw(message)
  }
  let acked = false
  let theme: 'light' | 'dark' | undefined
  const sendTheme = () => theme && postRaw({ kind: 'setTheme', payload: { theme } })
  return {
    channelId,
    get acked() {
      return acked
    },
    send,
    setTheme(next) {
      theme = next
      if (acked) sendTheme()
    },
    receive(text) {
      if (typeof text !== 'string') return
      let envelope
      try {
        envelope = Envelope.safeParse(JSON.parse(text))
      } catch {
        return
      }
      if (!envelope.success || envelope.data.meta.channelId !== channelId) return
      // SDK-internal (decision record 0072): the frame's content height; never an event.
      if (SDK_INTERNAL_KINDS.has(envelope.data.kind)) {
        const resize = ResizeMessage.safeParse({ kind: envelope.data.kind, payload: envelope.data.payload })
        if (resize.success) options.onResize?.(frameHeight(resize.data))
        return
      }
      const parsed = FrameOutbound.safeParse({
        kind: envelope.data.kind,
        ...(envelope.data.payload === undefined ? {} : { payload: envelope.data.payload }),
      })
      if (!parsed.success) return
      options.onEvent?.({ ...parsed.data, frame, channelId })
      if (parsed.data.kind === 'handshake') {
        send({ kind: 'ack' })
        acked = true
        sendTheme()
      }
    },
  }
}

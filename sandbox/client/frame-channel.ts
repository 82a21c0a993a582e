import { Envelope, FrameOutbound, type FrameInbound, type FrameName } from '../contract/frames/index.ts'
import { frameHeight, ResizeMessage, SDK_INTERNAL_KINDS } from '../contract/frames/sdk-internal.ts'

/** An event a frame sent, as the client delivers it to `onEvent`. */
export type ClientFrameEvent = FrameOutbound & { frame: FrameName; channelId: string }

/** Options of one mounted frame. */
export interface MountOptions {
  framesOrigin: string
  frame: FrameName
  params: Record<string, string | undefined>
  /** Where the iframe goes; a hidden one is made for headless frames when absent. */
  container?: HTMLElement
  onEvent?: (event: ClientFrameEvent) => void
  /** Called with every message the host posts to the frame (`ack`, `setQuote` …), before it is posted. */
  onSend?: (message: ClientFrameMessage) => void
}

/** A message the host posted to a frame, as the client reports it to `onSend`. */
export type ClientFrameMessage = FrameInbound & { frame: FrameName; channelId: string }

/** A mounted frame: its channel, its iframe, a way to message it, and teardown. */
export interface MountedFrame {
  channelId: string
  iframe: HTMLIFrameElement
  send(message: FrameInbound): void
  /**
   * Switches the frame to the host's new theme (the SDK-internal `setTheme`, decision record 0072): sent now when the
   * frame is acked, else right after its ack. Not reported to `onSend`.
   *
   * @example
   * const mounted = client.setupAddCard(clientToken, { container })
   * matchMedia('(prefers-color-scheme: dark)').addEventListener('change', (e) => mounted.setTheme(e.matches ? 'dark' : 'light'))
   */
  setTheme(theme: 'light' | 'dark'): void
  destroy(): void
}

/** The visible frames this page mounted and has not destroyed: what `setFramesTheme` switches. */
const visibleFrames = new Set<MountedFrame>()

/**
 * Switches every visible frame the page mounted (and still shows) to the host's new theme, as `MountedFrame.setTheme`
 * does for one: for a page whose theme toggle should carry into its frames, connect frames included.
 *
 * @example
 * themeToggle.addEventListener('change', () => setFramesTheme(themeToggle.checked ? 'dark' : 'light'))
 */
export function setFramesTheme(theme: 'light' | 'dark'): void {
  for (const frame of visibleFrames) {
    if (frame.iframe.isConnected) frame.setTheme(theme)
    else visibleFrames.delete(frame)
  }
}

function newChannelId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12))
  return `ch_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`
}

/**
 * Mounts a frame in an iframe and talks to it: accepts messages only from that
 * iframe, from the frames origin and on its channel; answers `handshake` with
 * `ack`; delivers every event to `onEvent` and reports every message it posts to `onSend`.
 *
 * @example
 * mountFrame({ framesOrigin, frame: 'reset', params: { clientToken }, onEvent: console.log })
 */
export function mountFrame(options: MountOptions): MountedFrame {
  const channelId = options.params.channelId ?? newChannelId()
  const iframe = document.createElement('iframe')
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries({ ...options.params, channelId })) if (value !== undefined) search.set(name, value)
  iframe.src = `${options.framesOrigin}/platform/v1/${options.frame}?${search}`
  iframe.title = `${options.frame} frame`
  iframe.dataset.channelId = channelId
  if (!options.container) iframe.style.display = 'none'
  // No white box before the frame paints: a transparent iframe in the frame's colour scheme (else the host's).
  iframe.style.background = 'transparent'
  const initialTheme = options.params.theme === 'dark' || options.params.theme === 'light' ? options.params.theme : undefined
  if (initialTheme) iframe.style.colorScheme = initialTheme
  const postRaw = (message: { kind: string; payload?: unknown }) =>
    iframe.contentWindow?.postMessage(JSON.stringify({ version: 2, meta: { channelId }, ...message }), options.framesOrigin)
  const post = (message: FrameInbound) => {
    options.onSend?.({ ...message, frame: options.frame, channelId })
    postRaw(message)
  }
  let acked = false
  let theme: 'light' | 'dark' | undefined
  const sendTheme = () => theme && postRaw({ kind: 'setTheme', payload: { theme } })
  const listener = (event: MessageEvent) => {
    if (event.origin !== options.framesOrigin || event.source !== iframe.contentWindow || typeof event.data !== 'string') return
    let envelope
    try {
      envelope = Envelope.safeParse(JSON.parse(event.data))
    } catch {
      return
    }
    if (!envelope.success || envelope.data.meta.channelId !== channelId) return
    // SDK-internal (decision record 0072): the frame's content height sizes a visible iframe; never an event.
    if (SDK_INTERNAL_KINDS.has(envelope.data.kind)) {
      const resize = ResizeMessage.safeParse({ kind: envelope.data.kind, payload: envelope.data.payload })
      if (resize.success && options.container) iframe.style.height = `${frameHeight(resize.data)}px`
      return
    }
    const parsed = FrameOutbound.safeParse({ kind: envelope.data.kind, ...(envelope.data.payload === undefined ? {} : { payload: envelope.data.payload }) })
    if (!parsed.success) return
    options.onEvent?.({ ...parsed.data, frame: options.frame, channelId })
    if (parsed.data.kind === 'handshake') {
      post({ kind: 'ack' })
      acked = true
      sendTheme()
    }
  }
  window.addEventListener('message', listener)
  ;(options.container ?? document.body).append(iframe)
  const mounted: MountedFrame = {
    channelId,
    iframe,
    send: post,
    setTheme(next) {
      theme = next
      iframe.style.colorScheme = next
      if (acked) sendTheme()
    },
    destroy() {
      window.removeEventListener('message', listener)
      iframe.remove()
      visibleFrames.delete(mounted)
    },
  }
  if (options.container) visibleFrames.add(mounted)
  return mounted
}

import type { FrameInbound, FrameName } from '#contract/frames/index.ts'
import {
  createFrameController,
  frameUrl,
  newChannelId,
  type ClientFrameEvent,
  type ClientFrameMessage,
} from './frame-controller.ts'

export type { ClientFrameEvent, ClientFrameMessage } from './frame-controller.ts'

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
  iframe.src = frameUrl(options.framesOrigin, options.frame, options.params, channelId)
  iframe.title = `${options.frame} frame`
  iframe.dataset.channelId = channelId
  if (!options.container) iframe.style.display = 'none'
  // No white box before the frame paints: a transparent iframe in the frame's colour scheme (else the host's).
  iframe.style.background = 'transparent'
  const initialTheme =
    options.params.theme === 'dark' || options.params.theme === 'light' ? options.params.theme : undefined
  if (initialTheme) iframe.style.colorScheme = initialTheme
  const controller = createFrameController({
    frame: options.frame,
    channelId,
    post: (text) => iframe.contentWindow?.postMessage(text, options.framesOrigin),
    onEvent: options.onEvent,
    onSend: options.onSend,
    onResize: (height) => {
      if (options.container) iframe.style.height = `${height}px`
    },
  })
  // The iframe's checks; the controller does the rest (envelope, channel, handshake, SDK-internal messages).
  const listener = (event: MessageEvent) => {
    if (event.origin !== options.framesOrigin || event.source !== iframe.contentWindow) return
    controller.receive(event.data)
  }
  window.addEventListener('message', listener)
  ;(options.container ?? document.body).append(iframe)
  const mounted: MountedFrame = {
    channelId,
    iframe,
    send: controller.send,
    setTheme(next) {
      iframe.style.colorScheme = next
      controller.setTheme(next)
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

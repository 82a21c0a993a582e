import { Envelope, FrameOutbound, type FrameInbound, type FrameName } from '../contract/frames/index.ts'

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
  destroy(): void
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
  const post = (message: FrameInbound) => {
    options.onSend?.({ ...message, frame: options.frame, channelId })
    iframe.contentWindow?.postMessage(JSON.stringify({ version: 2, meta: { channelId }, ...message }), options.framesOrigin)
  }
  const listener = (event: MessageEvent) => {
    if (event.origin !== options.framesOrigin || event.source !== iframe.contentWindow || typeof event.data !== 'string') return
    let envelope
    try {
      envelope = Envelope.safeParse(JSON.parse(event.data))
    } catch {
      return
    }
    if (!envelope.success || envelope.data.meta.channelId !== channelId) return
    const parsed = FrameOutbound.safeParse({ kind: envelope.data.kind, ...(envelope.data.payload === undefined ? {} : { payload: envelope.data.payload }) })
    if (!parsed.success) return
    options.onEvent?.({ ...parsed.data, frame: options.frame, channelId })
    if (parsed.data.kind === 'handshake') post({ kind: 'ack' })
  }
  window.addEventListener('message', listener)
  ;(options.container ?? document.body).append(iframe)
  return {
    channelId,
    iframe,
    send: post,
    destroy() {
      window.removeEventListener('message', listener)
      iframe.remove()
    },
  }
}

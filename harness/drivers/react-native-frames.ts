import type { BrowserContext } from 'playwright-core'
import { Envelope, FrameOutbound, type FrameName } from '#contract/index.ts'
import { SDK_INTERNAL_KINDS } from '#contract/frames/sdk-internal.ts'
import { decryptCredentials, generateHostKeyPair } from '#portable/frames/credentials.ts'
import type { Recording, TimelineEntry } from '../recording.ts'
import type { BrowserFrames } from './browser-frames.ts'
import { WAIT_MS } from './effect-tracker.ts'
import type { PendingConnection } from './frame-backend.ts'
import { channelIdOf } from './node-frames.ts'
import { actInForm } from './act-in-form.ts'
import { openWebView, type WebViewPage, type WebViewPlatform } from './react-native-bridge.ts'
import { pause } from './timers.ts'

/** Where React Native frames run: a browser context (one page per channel), the frames origin, and how to wait for effects. */
interface ReactNativeHost {
  context: BrowserContext
  framesUrl: string
  settle(): Promise<void>
  platform?: WebViewPlatform
}

interface Channel {
  frame: FrameName
  channelId: string
  view?: WebViewPage
  /** The app's ack to the handshake, once sent. */
  acked?: Promise<void>
  events: Array<FrameOutbound & { at: number }>
}

const plain = ({ at: _at, ...event }: FrameOutbound & { at: number }) => event as FrameOutbound

/**
 * Frames as a React Native app shows them: each channel's frame page loaded top-level in a page of its own with
 * `ReactNativeWebView` injected (`react-native-bridge.ts`); the harness plays the app: it answers `handshake` with
 * `ack`, forwards the steps' host messages, records events per channel (SDK-internal `resize` dropped, as the web client
 * drops it), decrypts `getConnection`/`setupAuth` credentials with a host key pair of its own, and customer actions
 * fill and submit the page's `form[data-action]`. Tenant allowed origins do not apply: no frame is refused.
 *
 * @example
 * const frames = reactNativeFrames({ context, framesUrl, settle }, recording)
 * for (const step of scenario.steps) await runStep(step, driver)
 * await frames.finish()
 */
export function reactNativeFrames(
  { context, framesUrl, settle: settleEffects, platform }: ReactNativeHost,
  recording: Recording,
): BrowserFrames {
  const channels = new Map<string, Channel>()
  /** The effects settled, then every open frame page without a frames request in flight for two looks in a row. */
  const settle = async () => {
    await settleEffects()
    const deadline = Date.now() + WAIT_MS
    for (let quiet = 0; quiet < 2 && Date.now() < deadline; await pause(30)) {
      const busy = await Promise.all([...channels.values()].map((channel) => channel.view?.busy() ?? 0))
      quiet = busy.every((count) => count === 0) ? quiet + 1 : 0
    }
  }
  const timeline: Array<TimelineEntry & { at: number }> = []
  const note = (entry: TimelineEntry) => void timeline.push({ ...entry, at: Date.now() })
  const retired: Array<Promise<void>> = []

  const hear = (channel: Channel, text: string) => {
    let envelope
    try {
      envelope = Envelope.safeParse(JSON.parse(text))
    } catch {
      return
    }
    if (
      !envelope.success ||
      envelope.data.meta.channelId !== channel.channelId ||
      SDK_INTERNAL_KINDS.has(envelope.data.kind)
    )
      return
    const parsed = FrameOutbound.safeParse({
      kind: envelope.data.kind,
      ...(envelope.data.payload === undefined ? {} : { payload: envelope.data.payload }),
    })
    if (!parsed.success) return
    channel.events.push({ ...parsed.data, at: Date.now() })
    if (parsed.data.kind === 'handshake') channel.acked = channel.view?.post({ kind: 'ack' }).catch(() => undefined)
  }
  const waitForEvent = async (channel: Channel | undefined, test: (event: FrameOutbound) => boolean, ms: number) => {
    const deadline = Date.now() + ms
    while (channel && Date.now() < deadline) {
      if (channel.events.some(test)) return true
      await pause(20)
    }
    return channel?.events.some(test) ?? false
  }
  /** Loads the frame page for a channel (its earlier page and events are forgotten) and waits for its handshake. */
  const open = async (name: string, frame: FrameName, params: Record<string, string | undefined>) => {
    const previous = channels.get(name)
    if (previous?.view) retired.push(previous.view.close())
    const channelId = params.channelId ?? channelIdOf(name)
    const channel: Channel = { frame, channelId, events: [] }
    channels.set(name, channel)
    const search = new URLSearchParams()
    for (const [key, value] of Object.entries({ ...params, channelId })) if (value !== undefined) search.set(key, value)
    // The app's onMessage may hear the handshake before openWebView returns: the ack waits for the view.
    const early: string[] = []
    channel.view = await openWebView(
      context,
      `${framesUrl}/platform/v1/${frame}?${search}`,
      channelId,
      (text) => (channel.view ? hear(channel, text) : early.push(text)),
      platform,
    )
    for (const text of early.splice(0)) hear(channel, text)
    if (!(await waitForEvent(channel, (e) => e.kind === 'handshake', WAIT_MS)))
      throw new Error(
        `channel ${name}: the ${frame} frame posted no handshake through ReactNativeWebView within ${WAIT_MS} ms`,
      )
    // The web client acks in the page, at once; here the ack crosses from the harness: the frame's effects start after it.
    await channel.acked
    await settle()
    return channel
  }
  /** A check or auth frame with a fresh host key pair; the connection is its decrypted `complete`, none after `error`. */
  const connect = async (
    name: string,
    frame: 'check' | 'auth',
    params: (publicKey: string) => Record<string, string>,
  ): Promise<PendingConnection> => {
    const keys = await generateHostKeyPair()
    note({ actor: 'host', target: name, what: frame === 'check' ? 'getConnection' : 'setupAuth' })
    const channel = await open(name, frame, params(keys.publicKeyHex))
    return {
      async connection() {
        await waitForEvent(channel, (e) => e.kind === 'complete' || e.kind === 'error', WAIT_MS)
        const complete = channel.events.find((e) => e.kind === 'complete')
        if (!complete || !('payload' in complete)) return undefined
        const { credentials, ...connection } = complete.payload as { credentials: string }
        await settle()
        return { ...connection, credentials: await decryptCredentials(credentials, keys.privateKey) }
      },
    }
  }

  return {
    async open(name, frame, params) {
      note({ actor: 'host', target: name, what: `open ${frame}` })
      await open(name, frame, params)
      return true
    },
    getConnection: (name, sessionToken, skipKyc) =>
      connect(name, 'check', (publicKey) => ({ sessionToken, publicKey, ...(skipKyc ? { skipKyc: 'true' } : {}) })),
    setupAuth: (name, clientToken) => connect(name, 'auth', (publicKey) => ({ clientToken, publicKey })),
    async act(name, action, fields) {
      const view = channels.get(name)?.view
      if (!view) return
      await actInForm(view.page.locator(`form[data-action="${action}"]`), { channel: name, action, fields, note })
      await settle()
    },
    async send(name, message) {
      await channels.get(name)?.view?.post(message)
      await settle()
    },
    events: async (name) => (channels.get(name)?.events ?? []).map(plain),
    posted: (name, kind) => waitForEvent(channels.get(name), (e) => e.kind === kind, 2_000),
    async waitFor(name, kind) {
      await waitForEvent(channels.get(name), (e) => e.kind === kind, 5_000)
    },
    settle,
    note,
    async finish() {
      await Promise.all(retired)
      for (const [name, channel] of channels) {
        recording.channels[name] = channel.events.map(plain)
        for (const e of channel.events)
          timeline.push({
            actor: `frame:${channel.frame}`,
            target: name,
            what: e.kind,
            ...('payload' in e ? { detail: e.payload } : {}),
            at: e.at,
          })
      }
      recording.timeline = timeline.sort((a, b) => a.at - b.at).map(({ at: _at, ...entry }) => entry)
    },
  }
}

import type { Page } from 'playwright-core'
import type { FrameName, FrameOutbound } from '#contract/index.ts'
import type { Recording, TimelineEntry } from '../recording.ts'
import { actInForm } from './act-in-form.ts'
import { WAIT_MS } from './effect-tracker.ts'
import type { FrameBackend, PendingConnection } from './frame-backend.ts'
import { channelIdOf } from './node-frames.ts'
import { pause, within } from './timers.ts'

type PageEvent = FrameOutbound & { frame: FrameName; channelId: string; at: number }

const withoutPageFields = ({ frame: _f, channelId: _c, at: _a, ...event }: PageEvent) => event as FrameOutbound

/** The browser driver's frames, and what it does after the last step: record events and the timeline, in time order. */
export interface BrowserFrames extends FrameBackend {
  finish(): Promise<void>
}

/** Where the frames run: a loaded host page, its origin, and how to wait for its frames' effects. */
interface HostPage {
  page: Page
  origin: string
  settle(): Promise<void>
}

/**
 * Frames mounted through the browser client on a host page (`window.sandbox`), each event recorded with its channel;
 * customer actions fill and submit the frame's `form[data-action]`. A frame that CSP refuses posts nothing.
 *
 * @example
 * const frames = browserFrames({ page, origin, settle }, recording)
 * for (const step of scenario.steps) await runStep(step, { api, mode, account, resolve, recording, frames })
 * await frames.finish()
 */
export function browserFrames({ page, origin, settle }: HostPage, recording: Recording): BrowserFrames {
  const timeline: Array<TimelineEntry & { at: number }> = []
  const note = (entry: TimelineEntry) => void timeline.push({ ...entry, at: Date.now() })
  const channelIds = new Map<string, string>()
  const refused = new Set<string>()
  const live = (channel: string) => (refused.has(channel) ? undefined : channelIds.get(channel))

  const eventsOf = async (channel: string): Promise<FrameOutbound[]> => {
    const all = (await page.evaluate(() => (window as any).frameEvents)) as PageEvent[]
    return all.filter((e) => e.channelId === channelIds.get(channel)).map(withoutPageFields)
  }
  /** Waits for the frame's handshake; false when Chromium refused to load it (frame-ancestors). */
  const mounted = async (channel: string, frameName: FrameName): Promise<boolean> => {
    const id = channelIds.get(channel)!
    const deadline = Date.now() + WAIT_MS
    while (Date.now() < deadline) {
      if (
        await page.evaluate(
          (channelId) => (window as any).frameEvents.some((e: PageEvent) => e.channelId === channelId),
          id,
        )
      )
        return true
      const frame = await (await page.$(`iframe[data-channel-id="${id}"]`))?.contentFrame()
      if (frame?.url().startsWith('chrome-error:')) {
        refused.add(channel)
        note({
          actor: 'browser',
          target: channel,
          what: `refused ${frameName}: frame-ancestors does not allow ${origin}`,
        })
        return false
      }
      await pause(20)
    }
    throw new Error(`channel ${channel}: the frame neither posted handshake nor was refused within ${WAIT_MS} ms`)
  }
  /** Whether the channel posts an event of this kind within `ms`. */
  const waitForEvent = (channelId: string, kind: string, ms: number) =>
    page
      .waitForFunction(
        ({ channelId, kind }) =>
          (window as any).frameEvents.some((e: PageEvent) => e.channelId === channelId && e.kind === kind),
        { channelId, kind },
        { timeout: ms },
      )
      .then(
        () => true,
        () => false,
      )
  /** Forgets what a channel had: its frame is replaced (as the node driver starts its events afresh). */
  const claim = async (channel: string, channelId = channelIdOf(channel)) => {
    const previous = channelIds.get(channel)
    channelIds.set(channel, channelId)
    refused.delete(channel)
    await page.evaluate(
      ({ channel, previous }) => {
        const w = window as any
        w.frames_[channel]?.destroy()
        delete w.frames_[channel]
        document.querySelector(`iframe[data-channel-id="${previous}"]`)?.remove()
        w.frameEvents = w.frameEvents.filter((e: PageEvent) => e.channelId !== previous)
      },
      { channel, previous },
    )
    return channelId
  }
  /** The client call's promise (`window.connections[channel]`): its connection, settled after; undefined if it failed. */
  const pending = (channel: string): PendingConnection => ({
    async connection() {
      const outcome = await within(
        page.evaluate((channel) => (window as any).connections[channel], channel),
        WAIT_MS,
      )
      if (!outcome?.ok) return undefined
      await settle()
      return outcome.connection
    },
  })

  return {
    async open(channel, frame, params) {
      const values = { channelId: channelIdOf(channel), ...params }
      await claim(channel, values.channelId)
      note({ actor: 'host', target: channel, what: `open ${frame}` })
      await page.evaluate(
        ({ channel, frame, values }) => {
          const w = window as any
          const container = document.createElement('section')
          container.dataset.channel = channel
          document.getElementById('frames')!.append(container)
          w.frames_[channel] = w.sandbox.setupFrame(frame, {
            container,
            params: { apiKey: undefined, ...values },
            onEvent: w.record,
          })
        },
        { channel, frame, values },
      )
      if (!(await mounted(channel, frame))) return false
      await settle()
      return true
    },
    async getConnection(channel, token, skipKyc) {
      const channelId = await claim(channel)
      note({ actor: 'host', target: channel, what: 'getConnection' })
      await page.evaluate(
        ({ token, channelId, channel, skipKyc }) => {
          const w = window as any
          w.connections[channel] = w.sandbox
            .getConnection(token, { onEvent: w.record, params: { channelId }, skipKyc })
            .then(
              (connection: unknown) => ({ ok: true, connection }),
              (error: Error) => ({ ok: false, message: error.message }),
            )
        },
        { token, channelId, channel, skipKyc },
      )
      return (await mounted(channel, 'check')) ? pending(channel) : undefined
    },
    /** `client.setupAuth` in a container (the customer types the code into it). */
    async setupAuth(channel, token) {
      const channelId = await claim(channel)
      note({ actor: 'host', target: channel, what: 'setupAuth' })
      await page.evaluate(
        ({ token, channel, channelId }) => {
          const w = window as any
          const container = document.createElement('section')
          container.dataset.channel = channel
          document.getElementById('frames')!.append(container)
          w.connections[channel] = w.sandbox
            .setupAuth(token, { container, onEvent: w.record, params: { channelId } })
            .then(
              (connection: unknown) => ({ ok: true, connection }),
              (error: Error) => ({ ok: false, message: error.message }),
            )
        },
        { token, channel, channelId },
      )
      if (!(await mounted(channel, 'auth'))) return undefined
      await settle()
      return pending(channel)
    },
    async act(channel, action, fields) {
      const id = live(channel)
      if (id === undefined) return
      await actInForm(page.frameLocator(`iframe[data-channel-id="${id}"]`).locator(`form[data-action="${action}"]`), {
        channel,
        action,
        fields,
        note,
      })
      await settle()
    },
    async send(channel, message) {
      await page.evaluate(({ channel, message }) => (window as any).frames_[channel].send(message), {
        channel,
        message,
      })
      await settle()
    },
    events: eventsOf,
    posted: async (channel, kind) => {
      const id = live(channel)
      return id !== undefined && (await waitForEvent(id, kind, 2_000))
    },
    async waitFor(channel, kind) {
      const id = live(channel)
      if (id !== undefined) await waitForEvent(id, kind, 5_000)
    },
    settle,
    note,
    async finish() {
      const events = (await page.evaluate(() => (window as any).frameEvents)) as PageEvent[]
      for (const [channel, id] of channelIds) {
        const posted = events.filter((e) => e.channelId === id)
        recording.channels[channel] = posted.map(withoutPageFields)
        for (const e of posted)
          timeline.push({
            actor: `frame:${e.frame}`,
            target: channel,
            what: e.kind,
            ...('payload' in e ? { detail: e.payload } : {}),
            at: e.at,
          })
      }
      recording.timeline = timeline.sort((a, b) => a.at - b.at).map(({ at: _at, ...entry }) => entry)
    },
  }
}

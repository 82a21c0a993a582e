import type { FrameInbound, FrameName, FrameOutbound } from '#contract/index.ts'
import type { TimelineEntry } from '../recording.ts'
import type { ApiStepContext } from './api-steps.ts'
import type { WebhookListeners } from './webhook-listeners.ts'

/** A partner-client call (`getConnection`, `setupAuth`) whose frame mounted: its connection, once the frame completed. */
export interface PendingConnection {
  /** The connection with decrypted credentials; undefined when the frame ended without one. */
  connection(): Promise<unknown>
}

/**
 * How a driver runs frames, for the step interpreter (`runStep`): in process (node driver) or in Chromium on a host
 * page (browser driver). A channel is a scenario's name for one frame; a channel without a frame (never opened, or
 * refused by frame-ancestors) takes customer actions and waits as no-ops.
 */
export interface FrameBackend {
  /** Mounts `frame` on `channel` (its earlier events are forgotten); false when frame-ancestors refused it (noted). */
  open(channel: string, frame: FrameName, params: Record<string, string>): Promise<boolean>
  /** The partner client's `getConnection` through a check frame on `channel`; undefined when the frame was refused. */
  getConnection(channel: string, sessionToken: string, skipKyc: boolean): Promise<PendingConnection | undefined>
  /** The partner client's `setupAuth` with an auth frame on `channel`; undefined when the frame was refused. */
  setupAuth(channel: string, clientToken: string): Promise<PendingConnection | undefined>
  /** The customer does `action` in the channel's frame; `fields` are read only if the frame is there to take them. */
  act(channel: string, action: string, fields: () => Record<string, unknown>): Promise<void>
  /** The host sends `message` to the channel's frame. */
  send(channel: string, message: FrameInbound): Promise<void>
  /** What the channel's frame has posted so far, in order. */
  events(channel: string): Promise<FrameOutbound[]>
  /** Whether the channel's frame has posted an event of `kind` (the browser allows it a moment to arrive). */
  posted(channel: string, kind: FrameOutbound['kind']): Promise<boolean>
  /** Waits, for a bounded time, until the channel's frame posts an event of `kind`; no error when it does not. */
  waitFor(channel: string, kind: FrameOutbound['kind']): Promise<void>
  /** Runs after every API step: lets frames finish what the call set off (the node driver has nothing to wait for). */
  settle(): Promise<void>
  /** Adds a line to the run's timeline. */
  note(entry: TimelineEntry): void
}

/** What the step interpreter runs a step with: the driver's API calls and run data, and its frames. */
export interface StepDriver extends ApiStepContext {
  frames: FrameBackend
  /** The run's webhook endpoints and the driver's receiver. */
  webhooks: WebhookListeners
}

import type { FrameName, FrameOutbound } from '#contract/index.ts'
import type { SandboxCore } from '#http/sandbox-core.ts'
import { decryptCredentials, generateHostKeyPair } from '#portable/frames/credentials.ts'
import { openInProcessFrame, settleFrame, type InProcessFrame } from '#frames/server/in-process-frame.ts'
import { frameMachines } from '#portable/frames/machines/index.ts'
import { frameEmbedding } from '#frames/server/embedding-tenant.ts'
import { originMatches } from '#portable/origin-matches.ts'
import type { Recording } from '../recording.ts'
import type { FrameBackend, PendingConnection } from './frame-backend.ts'
import { pause, within } from './timers.ts'

/** The origin the node driver's host page stands for (the browser driver's host is on 127.0.0.1 too). */
const HOST_ORIGIN = 'http://127.0.0.1:5173'

/** A valid channelId for a scenario's channel name. */
export const channelIdOf = (channel: string) => `channel-${channel.replace(/[^A-Za-z0-9_-]/g, '-')}`.slice(0, 128)

type Frame = InProcessFrame<{ type: string }>

/** Whether the host origin may embed the frame: the frames origin's own CSP decision (`frameEmbedding`), as a browser enforces it. */
async function embeddingAllowed(core: SandboxCore, frame: FrameName, params: Record<string, string>): Promise<boolean> {
  const { allowedOrigins } = await frameEmbedding(core, frame, params)
  return allowedOrigins.some((pattern) => originMatches(HOST_ORIGIN, pattern))
}

/** The `complete` of a check or auth frame, its credentials decrypted with the host key; undefined without one. */
async function decryptedConnection(frame: Frame, privateKey: CryptoKey): Promise<unknown> {
  const complete = frame.events.find((e): e is Extract<FrameOutbound, { kind: 'complete' }> => e.kind === 'complete')
  if (!complete) return undefined
  const { credentials, ...connection } = complete.payload as { credentials: string }
  return { ...connection, credentials: await decryptCredentials(credentials, privateKey) }
}

/** The node driver's frames, and what it does after the last step: settle them and put their events on the timeline. */
interface NodeFrames extends FrameBackend {
  finish(): Promise<void>
}

/**
 * Frames run in process on `core` (the frame machines, no DOM), their events recorded per channel in `recording`.
 * A frame is settled after every frame step; a frame that frame-ancestors would refuse is not opened.
 *
 * @example
 * const frames = nodeFrames(core, recording)
 * for (const step of scenario.steps) await runStep(step, { api, mode, account, resolve, recording, frames })
 * await frames.finish()
 */
export function nodeFrames(core: SandboxCore, recording: Recording): NodeFrames {
  const frames = new Map<string, Frame>()
  const note: FrameBackend['note'] = (entry) => recording.timeline.push(entry)

  const open = async (channel: string, name: FrameName, params: Record<string, string>): Promise<Frame | undefined> => {
    recording.channels[channel] = []
    const frameParams = { channelId: channelIdOf(channel), ...params }
    if (!(await embeddingAllowed(core, name, frameParams))) {
      note({
        actor: 'browser',
        target: channel,
        what: `refused ${name}: frame-ancestors does not allow ${HOST_ORIGIN}`,
      })
      return undefined
    }
    const frame = await openInProcessFrame(core, frameMachines[name]!, frameParams)
    frames.set(channel, frame)
    recording.channels[channel] = frame.events
    frame.runtime.receive({ kind: 'ack' })
    await settleFrame(frame)
    return frame
  }
  /** Opens a check or auth frame with a fresh host key pair; the connection is its decrypted `complete`. */
  const connect = async (
    channel: string,
    name: 'check' | 'auth',
    params: (publicKey: string) => Record<string, string>,
  ): Promise<PendingConnection | undefined> => {
    const keys = await generateHostKeyPair()
    const frame = await open(channel, name, params(keys.publicKeyHex))
    if (!frame) return undefined
    if (name === 'check') await frame.runtime.idle()
    return { connection: () => decryptedConnection(frame, keys.privateKey) }
  }

  return {
    open: async (channel, name, params) => (await open(channel, name, params)) !== undefined,
    getConnection: (channel, sessionToken, skipKyc) =>
      connect(channel, 'check', (publicKey) => ({ sessionToken, publicKey, ...(skipKyc ? { skipKyc: 'true' } : {}) })),
    setupAuth: (channel, clientToken) => connect(channel, 'auth', (publicKey) => ({ clientToken, publicKey })),
    async act(channel, action, fields) {
      const frame = frames.get(channel)
      if (!frame) return
      frame.runtime.act({ type: action, ...fields() })
      note({ actor: 'customer', target: channel, what: action })
      await settleFrame(frame)
    },
    async send(channel, message) {
      const frame = frames.get(channel)!
      frame.runtime.receive(message)
      await settleFrame(frame)
    },
    events: async (channel) => frames.get(channel)?.events ?? [],
    posted: async (channel, kind) => frames.get(channel)?.events.some((e) => e.kind === kind) ?? false,
    // While the frame runs effects (a buy frame goes on once its challenge is settled), each of their starts and ends
    // is a moment to look again, not a 20 ms poll; about a second without a change at most.
    async waitFor(channel, kind) {
      const frame = frames.get(channel)
      for (let quiet = 0; frame && quiet < 50 && !frame.events.some((e) => e.kind === kind); ) {
        if (frame.runtime.busyWith() === undefined) {
          await pause(20)
          quiet++
        } else if (
          (await within(
            frame.runtime.changed().then(() => true),
            20,
          )) === undefined
        )
          quiet++
      }
    },
    // In-process frames are settled by every frame step; the node driver never waited after an API call.
    settle: async () => {},
    note,
    async finish() {
      await Promise.all([...frames.values()].map(settleFrame))
      for (const [channel, frame] of frames)
        for (const event of frame.events)
          note({ actor: `frame:${frame.runtime.frame}`, target: channel, what: event.kind })
    },
  }
}

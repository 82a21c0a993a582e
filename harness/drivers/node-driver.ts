import type { FrameName, FrameOutbound } from '../../sandbox/contract/index.ts'
import { createSandboxCore, type SandboxCore } from '../../sandbox/core/sandbox-core.ts'
import { send } from '../../sandbox/core/test-request.ts'
import { decryptCredentials, generateHostKeyPair } from '../../sandbox/frames/credentials.ts'
import { openInProcessFrame, settleFrame, type InProcessFrame } from '../../sandbox/frames/in-process-frame.ts'
import { frameMachines } from '../../sandbox/frames/machines/index.ts'
import { challengeParams } from '../../sandbox/frames/testing/frame-script.ts'
import { resolveInput, type Recording } from '../recording.ts'
import { runApiStep } from './api-steps.ts'
import { frameEmbedding } from '../../sandbox/frames/server/embedding-tenant.ts'
import { originMatches } from '../../sandbox/frames/server/frame-origins.ts'
import type { Scenario, Step } from '../scenario.ts'
import { pause } from './timers.ts'

const cores = new Map<number, SandboxCore>()

/** The origin the node driver's host page stands for (the browser driver's host is on 127.0.0.1 too). */
export const HOST_ORIGIN = 'http://127.0.0.1:5173'

/** Whether the host origin may embed the frame: the frames origin's own CSP decision (`frameEmbedding`), as a browser enforces it. */
async function embeddingAllowed(core: SandboxCore, frame: FrameName, params: Record<string, string>): Promise<boolean> {
  const { allowedOrigins } = await frameEmbedding(core, frame, params)
  return allowedOrigins.some((pattern) => originMatches(HOST_ORIGIN, pattern))
}

/** A valid channelId for a scenario's channel name. */
export const channelIdOf = (channel: string) => `channel-${channel.replace(/[^A-Za-z0-9_-]/g, '-')}`.slice(0, 128)
let runs = 0

const settle = settleFrame

/**
 * Runs a scenario in process: the core's routes for API calls, the frame machines
 * for frames, no browser and no sockets. One core per seed (or the one given); one account per run.
 */
export async function runInNode(scenario: Scenario, options: { core?: SandboxCore } = {}): Promise<Recording> {
  const seed = scenario.seed ?? Number(process.env.RAMP_SCENARIO_SEED ?? 1)
  let core = options.core ?? cores.get(seed)
  if (!core) cores.set(seed, (core = createSandboxCore({ seed })))
  const mode = scenario.mode ?? 'test'
  const account = scenario.account ?? `scenario_${process.pid}_${++runs}`
  const recording: Recording = { channels: {}, results: {}, timeline: [] }
  const frames = new Map<string, InProcessFrame<{ type: string }>>()
  const resolve = (input: unknown) => resolveInput(input, recording.results) as any

  const open = async (channel: string, name: keyof typeof frameMachines, params: Record<string, string>) => {
    recording.channels[channel] = []
    const frameParams = { channelId: channelIdOf(channel), ...params }
    if (!(await embeddingAllowed(core!, name, frameParams))) {
      recording.timeline.push({ actor: 'browser', target: channel, what: `refused ${name}: frame-ancestors does not allow ${HOST_ORIGIN}` })
      return undefined
    }
    const frame = await openInProcessFrame(core!, frameMachines[name]!, frameParams)
    frames.set(channel, frame)
    recording.channels[channel] = frame.events
    frame.runtime.receive({ kind: 'ack' })
    await settle(frame)
    return frame
  }
  const api = async (line: string, options: { headers?: Record<string, string>; body?: unknown }) => {
    const reply = await send(core!, line, options)
    recording.timeline.push({ actor: 'partner', target: 'api', what: `${line} → ${reply.status}` })
    return { status: reply.status, body: reply.body as any }
  }

  /** The `complete` of a check or auth frame, credentials decrypted with the host key, as the result `as`. */
  async function recordConnection(frame: InProcessFrame<{ type: string }>, privateKey: CryptoKey, as: string, call: string): Promise<void> {
    const complete = frame.events.find((e): e is Extract<FrameOutbound, { kind: 'complete' }> => e.kind === 'complete')
    if (!complete) throw new Error(`${call}: the ${frame.runtime.frame} frame posted ${JSON.stringify(frame.events)}`)
    const { credentials, ...connection } = complete.payload as { credentials: string }
    recording.results[as] = { ...connection, credentials: await decryptCredentials(credentials, privateKey) }
  }

  async function getConnection(step: Extract<Step, { client: 'getConnection' }>): Promise<void> {
    const keys = await generateHostKeyPair()
    const params = { sessionToken: resolve(step.sessionToken), publicKey: keys.publicKeyHex, ...(step.skipKyc ? { skipKyc: 'true' } : {}) }
    const frame = await open(step.channel ?? `${step.as}-check`, 'check', params)
    if (!frame) throw new Error('getConnection: the check frame was refused by frame-ancestors')
    await frame.runtime.idle()
    await recordConnection(frame, keys.privateKey, step.as, 'getConnection')
  }

  async function setupAuth(step: Extract<Step, { client: 'setupAuth' }>): Promise<void> {
    const keys = await generateHostKeyPair()
    const channel = step.channel ?? `${step.as}-auth`
    const frame = await open(channel, 'auth', { clientToken: resolve(step.clientToken), publicKey: keys.publicKeyHex })
    if (!frame) throw new Error('setupAuth: the auth frame was refused by frame-ancestors')
    frame.runtime.act({ type: 'enterCode', code: String(resolve(step.code ?? '000000')) })
    recording.timeline.push({ actor: 'customer', target: channel, what: 'enterCode' })
    await settle(frame)
    await recordConnection(frame, keys.privateKey, step.as, 'setupAuth')
  }

  const context = { api, mode, account, resolve, recording }
  for (const step of scenario.steps) {
    if (await runApiStep(step, context)) continue
    if ('client' in step && step.client === 'setupAuth') await setupAuth(step)
    else if ('client' in step) await getConnection(step as Extract<Step, { client: 'getConnection' }>)
    else if ('open' in step) await open(step.channel, step.open, resolve(step.params))
    else if ('openChallenge' in step) {
      // No challenge to open is a finding, not a crash: the expectations will show the divergent event.
      const asked = frames.get(step.from)?.events.some((e) => e.kind === 'challenge')
      if (!asked) recording.timeline.push({ actor: 'host', target: step.openChallenge, what: `no challenge event on ${step.from} to open` })
      else await open(step.openChallenge, 'challenge', challengeParams({ [step.from]: frames.get(step.from)!.events } as never, resolve(step.params ?? {})))
    } else if ('customer' in step) {
      const frame = frames.get(step.channel)
      if (!frame) continue
      frame.runtime.act({ type: step.customer, ...(resolve(step.fields ?? {}) as object) })
      recording.timeline.push({ actor: 'customer', target: step.channel, what: step.customer })
      await settle(frame)
    } else if ('host' in step) {
      const frame = frames.get(step.channel)!
      frame.runtime.receive({ kind: 'setQuote', payload: { quote: resolve(step.quote) } })
      recording.timeline.push({ actor: 'host', target: step.channel, what: 'setQuote' })
      await settle(frame)
    } else if ('until' in step) {
      const frame = frames.get(step.until)
      for (let i = 0; frame && i < 50 && !frame.events.some((e) => e.kind === step.kind); i++) await pause(20)
    }
  }
  await Promise.all([...frames.values()].map(settle))
  for (const [channel, frame] of frames) for (const event of frame.events) recording.timeline.push({ actor: `frame:${frame.runtime.frame}`, target: channel, what: event.kind })
  return recording
}

import { FrameParams, type FrameName, type FrameOutbound } from '#contract/index.ts'
import { actionMessage, journalFrameMessage } from './frame-journal.ts'
import { resolveFrameContext, type FrameContext, type FramesHost } from '../effects/frame-context.ts'
import { effectPath, effectResultOfAnswer, type EffectResult } from '#portable/frames/effect-results.ts'
import { createFrameRuntime, type FrameRuntime } from '#portable/frames/frame-runtime.ts'
import type { FrameEffect, FrameMachine } from '#portable/frames/machine.ts'
import type { PlainRequest, PlainResponse } from '#kernel/plain-message.ts'
import { issueFrameTicket } from './frame-ticket.ts'
import { describeIssue } from '#kernel/describe-issue.ts'
import type { Tenant } from '#kernel/tenant.ts'
import { peekToken } from '#portable/peek-token.ts'
import { failedFrame } from './failed-frame.ts'
import { searchOf, widgetSignatureRefusal } from './widget-signature-check.ts'
import { parseReportingInput } from '#kernel/parse-reporting-input.ts'

/**
 * The sandbox as an in-process frame sees it: the frames side's host, and the frames origin's handler (the core's
 * `handleFrames`, the one pipeline), which its effects are posted to as a page posts them.
 */
export interface FramesOrigin extends FramesHost {
  handleFrames(request: PlainRequest): PlainResponse | Promise<PlainResponse>
}

/** The tenant a frame that cannot start journals to: the one its token or key names, else a scratch tenant. */
function fallbackTenant(core: FramesHost, raw: Record<string, string>): Tenant {
  const claimed = core.tenants.byId(peekToken(raw.clientToken ?? raw.sessionToken ?? '')?.tenant ?? '')
  if (claimed) return claimed
  const key = /^pk_(test|live)_([A-Za-z0-9_]{1,64})$/.exec(raw.apiKey ?? '')
  return key ? core.tenants.get(key[2]!, key[1] as 'test' | 'live') : core.tenants.get('unauthorized_frames', 'test')
}

/** A frame run in-process: the runtime, what it posted, and its context. */
export interface InProcessFrame<Action> {
  runtime: FrameRuntime<Action>
  context: FrameContext
  /** Every event the frame posted to its host, in order. */
  events: FrameOutbound[]
}

/**
 * Runs a frame's machine against a core without a DOM: parameters parsed with the
 * frame's schema, events collected and journaled, and effects posted to the frames origin's
 * handler in process (`POST /__frames/effects/{type}` with the frame's ticket, as the page posts them), so they take
 * the tenant's faults and are journaled as calls as under the browser driver. The
 * harness's node driver and the machines' integration tests use it. A frame that
 * cannot start (bad parameters, a bad token, a widget URL's missing or wrong signature) posts `handshake`, then `error`, as the page does.
 *
 * @example
 * const frame = await openInProcessFrame(core, resetMachine, { channelId: 'ch_0001', clientToken })
 * frame.runtime.receive({ kind: 'ack' }); await frame.runtime.idle()
 * frame.events // [{ kind: 'handshake' }, { kind: 'complete', payload: {} }]
 */
export async function openInProcessFrame<F extends FrameName, State, Action extends { type: string }>(
  core: FramesOrigin,
  machine: FrameMachine<F, State, Action>,
  rawParams: Record<string, string>,
): Promise<InProcessFrame<Action>> {
  const parsed = parseReportingInput(FrameParams[machine.frame], rawParams)
  const params = (parsed.success ? parsed.data : rawParams) as Parameters<typeof machine.start>[0]
  let context: FrameContext
  let running: FrameMachine<F, any, Action> = machine
  // A frame that cannot start is authorized for nothing: `expiresAt: 0`.
  if (!parsed.success) {
    const message = parsed.error.issues.map((issue) => describeIssue(issue, 'query').message).join('; ')
    running = failedFrame(machine.frame, { code: 'invalid_parameters', message })
    context = {
      core,
      tenant: fallbackTenant(core, rawParams),
      frame: machine.frame,
      channelId: String(rawParams.channelId),
      params,
      expiresAt: 0,
    }
  } else {
    try {
      context = await resolveFrameContext(core, machine.frame, params as Record<string, unknown>)
      // A widget URL whose signature is missing or wrong is refused as a bad parameter, as the page refuses it.
      const unsigned = widgetSignatureRefusal(
        context.tenant,
        machine.frame,
        params as Record<string, unknown>,
        searchOf(rawParams),
      )
      if (unsigned) {
        running = failedFrame(machine.frame, { code: unsigned.code, message: unsigned.message })
        context = { ...context, expiresAt: 0 }
      }
    } catch (error) {
      running = failedFrame(machine.frame, {
        code: 'invalid_token',
        message: error instanceof Error ? error.message : 'the frame could not be authorized',
      })
      context = {
        core,
        tenant: fallbackTenant(core, rawParams),
        frame: machine.frame,
        channelId: String(rawParams.channelId),
        params,
        expiresAt: 0,
      }
    }
  }
  const events: FrameOutbound[] = []
  // The ticket a page would get: a frame that cannot start has none, and runs no effect.
  const ticket = context.expiresAt > 0 ? issueFrameTicket(context) : undefined
  const runtime = createFrameRuntime(running, params, {
    // Journaled before the host's copy, as the page does: the journal never lags what the host saw.
    post(event) {
      journalFrameMessage(context, 'out', event)
      events.push(event)
    },
    received: (message) => journalFrameMessage(context, 'in', message),
    acted: (action) => journalFrameMessage(context, 'action', actionMessage(action)),
    runEffect: (effect) => postEffect(core, ticket, effect),
  })
  runtime.open()
  return { runtime, context, events }
}

/**
 * Posts an effect to the frames origin's handler, as the page's script does, and reads its answer as the page does
 * (`effectResultOfAnswer`: a faulted or refused call is the effect failing). A plain request: no Fetch objects.
 */
async function postEffect(core: FramesOrigin, ticket: string | undefined, effect: FrameEffect): Promise<EffectResult> {
  if (ticket === undefined)
    return {
      effect: effect.type,
      ok: false,
      error: { code: 'invalid_token', message: `the frame could not start, so it runs no ${effect.type}` },
    }
  const request: PlainRequest = {
    method: 'POST',
    path: effectPath(effect.type),
    query: {},
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ticket, effect }),
  }
  const response = await core.handleFrames(request)
  if (response.kind === 'network-error') return effectResultOfAnswer(effect.type, 'network-error')
  return effectResultOfAnswer(effect.type, {
    status: response.status,
    body: response.json === undefined ? response.body : JSON.parse(response.json),
  })
}

/** Effects that wait on another frame (a buy frame on its challenge): a frame running one is settled. */
const WAITING_ON_ANOTHER_FRAME = new Set(['purchase.awaitChallenge'])

/** Whether `promise` settled within `ms` (false once they have passed); the timer is cleared as soon as it is decided. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(resolve, ms, false)))
  try {
    return await Promise.race([promise.then(() => true), timeout])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Resolves once a frame has settled: no effect running, or only one that waits
 * on another frame. Follows the frame's effects as they start and end (no polling), and is
 * bounded (about 5 s without a change) so a stuck effect cannot hang a test.
 *
 * @example
 * frame.runtime.act({ type: 'tapPay' }); await settleFrame(frame)
 */
export async function settleFrame(frame: InProcessFrame<{ type: string }>): Promise<void> {
  for (let quiet = 0; quiet < 1000; ) {
    const busy = frame.runtime.busyWith()
    if (busy === undefined || WAITING_ON_ANOTHER_FRAME.has(busy)) return
    if (!(await settlesWithin(frame.runtime.changed(), 5))) quiet++
  }
}

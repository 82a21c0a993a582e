import { FrameParams, type FrameInbound, type FrameName, type FrameOutbound } from '../contract/index.ts'
import type { SandboxCore } from '../core/sandbox-core.ts'
import { resolveFrameContext, type FrameContext } from './frame-context.ts'
import { createFrameRuntime, type FrameRuntime } from './frame-runtime.ts'
import { runEffect } from './effects/index.ts'
import type { FrameMachine } from './machine.ts'

/** A frame run in-process: the runtime, what it posted, and its context. */
export interface InProcessFrame<Action> {
  runtime: FrameRuntime<Action>
  context: FrameContext
  /** Every event the frame posted to its host, in order. */
  events: FrameOutbound[]
}

/** Journals one frame message in the tenant's journal (`GET /__sandbox/journal?kind=frame`). */
export function journalFrameMessage(context: Pick<FrameContext, 'tenant' | 'frame' | 'channelId' | 'session'>, direction: 'out' | 'in' | 'dropped', message: FrameOutbound | FrameInbound | { kind: string; payload?: unknown }): void {
  context.tenant.journal.append(context.tenant.clock.now(), {
    kind: 'frame',
    frame: context.frame,
    channelId: context.channelId,
    session: context.session?.id ?? null,
    direction,
    event: message.kind,
    ...('payload' in message ? { payload: message.payload } : {}),
  })
}

/**
 * Runs a frame's machine against a core without a DOM: parameters parsed with the
 * frame's schema, effects run in-process, events collected and journaled. The
 * harness's node driver and the machines' integration tests use it.
 *
 * @example
 * const frame = await openInProcessFrame(core, resetMachine, { channelId: 'ch_0001', clientToken })
 * frame.runtime.receive({ kind: 'ack' }); await frame.runtime.idle()
 * frame.events // [{ kind: 'handshake' }, { kind: 'complete', payload: {} }]
 */
export async function openInProcessFrame<F extends FrameName, State, Action extends { type: string }>(
  core: SandboxCore,
  machine: FrameMachine<F, State, Action>,
  rawParams: Record<string, string>,
): Promise<InProcessFrame<Action>> {
  const params = FrameParams[machine.frame].parse(rawParams) as Parameters<typeof machine.start>[0]
  const context = await resolveFrameContext(core, machine.frame, params as Record<string, unknown>)
  const events: FrameOutbound[] = []
  const runtime = createFrameRuntime(machine, params, {
    post(event) {
      events.push(event)
      journalFrameMessage(context, 'out', event)
    },
    received: (message) => journalFrameMessage(context, 'in', message),
    runEffect: (effect) => runEffect(context, effect),
  })
  runtime.open()
  return { runtime, context, events }
}

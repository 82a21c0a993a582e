import type { FrameInbound, FrameName, FrameOutbound, FrameParamsOf } from '#contract/index.ts'
import type { EffectResult, FrameEffect, FrameMachine, FrameView, Step } from './machine.ts'

/** Where a running frame sends its events and how it gets effects done. */
interface FrameRuntimeIO {
  /** Posts an event to the host (and journals it). */
  post(event: FrameOutbound): void
  /** Runs an effect against the sandbox. Never rejects: failures are `ok: false` results. */
  runEffect(effect: FrameEffect): Promise<EffectResult>
  /** Notes an inbound host message (journaling). */
  received?(message: FrameInbound): void
  /** Notes a customer action the frame took (journaling): one made after the ack, before it is applied. */
  acted?(action: { type: string }): void
}

/** A frame in motion: handshake first, nothing before the host's ack, effects one at a time. */
export interface FrameRuntime<Action> {
  readonly frame: FrameName
  /** Posts `handshake`. */
  open(): void
  /** A host message (already parsed and origin-checked). */
  receive(message: FrameInbound): void
  /** A customer action inside the frame; ignored before the ack. */
  act(action: Action): void
  /** What to render now. */
  view(): FrameView
  /** Resolves when no effect is running or queued. */
  idle(): Promise<void>
  /** The effect running now, if any (a buy frame waiting on its challenge runs `purchase.awaitChallenge`). */
  busyWith(): string | undefined
  /**
   * Resolves at the next change of what `busyWith` answers (an effect starts, or one ends): how a wait follows the
   * frame's effects without polling.
   */
  changed(): Promise<void>
}

/**
 * Runs a frame machine: posts `handshake`, starts the machine on `ack`, feeds
 * host messages, customer actions and effect results in, and runs effects
 * sequentially in order, so a flow always produces the same event sequence.
 *
 * @example
 * const runtime = createFrameRuntime(resetMachine, params, io)
 * runtime.open(); runtime.receive({ kind: 'ack' }); await runtime.idle()
 */
export function createFrameRuntime<F extends FrameName, State, Action extends { type: string }>(
  machine: FrameMachine<F, State, Action>,
  params: FrameParamsOf<F>,
  io: FrameRuntimeIO,
): FrameRuntime<Action> {
  let state: State | undefined
  let queue: Promise<void> = Promise.resolve()
  let pending = 0
  let current: string | undefined
  /** Who waits for the next change of `busyWith` (`changed`). */
  let watchers: Array<() => void> = []
  const notify = () => {
    const waiting = watchers
    watchers = []
    for (const resolve of waiting) resolve()
  }

  function apply(step: Step<State>): void {
    state = step.state
    for (const event of step.events) io.post(event)
    for (const effect of step.effects) {
      pending++
      queue = queue
        .then(() => {
          current = effect.type
          notify()
          return io.runEffect(effect)
        })
        .then((result) => {
          current = undefined
          apply(machine.step(state as State, { type: 'result', result }))
        })
        .finally(() => {
          pending--
          notify()
        })
    }
  }

  return {
    frame: machine.frame,
    open: () => io.post({ kind: 'handshake' }),
    receive(message) {
      io.received?.(message)
      if (state === undefined) {
        if (message.kind === 'ack') apply(machine.start(params))
        return
      }
      if (message.kind !== 'ack') apply(machine.step(state, { type: 'host', message }))
    },
    act(action) {
      if (state === undefined) return
      io.acted?.(action)
      apply(machine.step(state, { type: 'customer', action }))
    },
    view: () =>
      state === undefined ? { screen: 'connecting', title: 'Connecting…', actions: [] } : machine.view(state),
    async idle() {
      while (pending > 0) await queue
    },
    busyWith: () => (pending > 0 ? (current ?? 'queued') : undefined),
    changed: () => new Promise<void>((resolve) => watchers.push(resolve)),
  }
}

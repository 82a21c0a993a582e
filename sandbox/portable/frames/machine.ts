import type { FrameEffect, FrameInbound, FrameName, FrameOutbound, FrameParamsOf } from '#contract/index.ts'
import type { EffectFailure, EffectResult } from './effect-results.ts'

/** A request a machine makes of the sandbox (run by the frame runtime, answered with a `result` input): the contract's `FrameEffect`. */
export type { FrameEffect } from '#contract/index.ts'
export type { EffectResult, EffectResultOf, EffectSuccess } from './effect-results.ts'

/** What moves a machine: a host message, a customer action inside the frame, or an effect's result. */
export type FrameInput<Action> =
  | { type: 'host'; message: FrameInbound }
  | { type: 'customer'; action: Action }
  | { type: 'result'; result: EffectResult }

/** One step: the next state, events to post to the host, effects to run. */
export interface Step<State> {
  state: State
  events: FrameOutbound[]
  effects: FrameEffect[]
}

/** One input of an action's form. `required` unless `optional`; `hint` shows under the label (e.g. a test value). */
export interface FrameField {
  name: string
  label: string
  type?: 'text' | 'email' | 'tel' | 'number'
  /** The virtual keyboard to show (`numeric` for codes, card numbers, CVCs). */
  inputMode?: 'text' | 'numeric' | 'decimal' | 'email' | 'tel'
  /** The browser's autofill hint (`cc-number`, `one-time-code` …). */
  autocomplete?: 'cc-number' | 'cc-exp-month' | 'cc-exp-year' | 'cc-csc' | 'one-time-code' | 'email' | 'off'
  /** The field may stay empty (the browser does not refuse the form). */
  optional?: boolean
  /** A line under the field, tied to it with `aria-describedby`. */
  hint?: string
  /** What is wrong with this field: an alert tied to it with `aria-describedby`, the field marked invalid. */
  error?: string
}

/** One action the customer can take: a button, or a form when it has `fields`. */
export interface FrameAction {
  action: string
  label: string
  fields?: FrameField[]
}

/**
 * What a frame page renders, derived from state: a screen name, text, and the
 * customer actions available now (each a button or a form in the page).
 */
export interface FrameView {
  screen: string
  title: string
  body?: string
  /** Actions the customer can take on this screen; `fields` become inputs. */
  actions: FrameAction[]
  /** What went wrong on this screen: an alert, tied to the first form's first field unless a field has its own `error`. */
  error?: string
  /** Facts of the order or its receipt (amount, rate, fees, transaction id …): a definition list. */
  details?: Array<{ label: string; value: string }>
  /** Sandbox test values the customer may use (a test card, the one-time code). */
  hints?: string[]
}

/**
 * One frame's behaviour as a pure state machine: no DOM, no I/O, no clock.
 * The runtime posts `handshake`, waits for `ack`, then calls `start`.
 *
 * @example
 * const { state, events, effects } = resetMachine.start(params)
 */
export interface FrameMachine<F extends FrameName, State, Action extends { type: string } = never> {
  frame: F
  start(params: FrameParamsOf<F>): Step<State>
  step(state: State, input: FrameInput<Action>): Step<State>
  view(state: State): FrameView
}

/** Shorthand for a step. */
export function next<State>(state: State, events: FrameOutbound[] = [], effects: FrameEffect[] = []): Step<State> {
  return { state, events, effects }
}

/** The `error` event of a failed effect, with its code and message. */
export function errorEvent(result: EffectFailure): FrameOutbound {
  return { kind: 'error', payload: { code: result.error.code, message: result.error.message } }
}

import type { EffectName, FrameEffectOf } from '#contract/index.ts'
import type { EffectValueOf } from '#portable/frames/effect-results.ts'
import type { FrameContext } from './frame-context.ts'

/**
 * Runs the effect of name `N` for a frame: it receives the effect parsed by its contract schema
 * (`FrameEffectSchemas[N]`) and answers that effect's value (`EffectValues[N]`). It throws `SandboxError`
 * or `FrameError` to fail it (code and message reach the machine).
 */
export type EffectHandler<N extends EffectName> = (
  context: FrameContext,
  effect: FrameEffectOf<N>,
) => Promise<EffectValueOf<N>>

/**
 * Handlers by effect name, each typed by its key: the table of every name (`EffectHandlers`) fails to compile
 * when an effect has no handler or a handler answers the wrong shape.
 */
export type EffectHandlers<N extends EffectName = EffectName> = { [K in N]: EffectHandler<K> }

/** An effect as a page posts it, before its name's schema parses it. */
export interface UncheckedEffect {
  type: string
  [field: string]: unknown
}

/** A handler that parses what a page sent first: a malformed effect is `invalid_request` naming the field, never a crash. */
export interface ParsingEffectHandler {
  run(context: FrameContext, effect: UncheckedEffect): Promise<unknown>
}

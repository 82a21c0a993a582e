import type { z } from 'zod'
import { FrameEffectSchemas, type EffectName, type FrameEffectOf } from '../../contract/index.ts'
import { describeIssue } from '../../kernel/describe-issue.ts'
import type { EffectValueOf } from '../effect-results.ts'
import type { FrameContext } from './frame-context.ts'
import { FrameError } from './frame-error.ts'

/**
 * Runs the effect of name `N` for a frame: it receives the effect parsed by its contract schema
 * (`FrameEffectSchemas[N]`) and answers that effect's value (`EffectValues[N]`). It throws `SandboxError`
 * or `FrameError` to fail it (code and message reach the machine).
 */
export type EffectHandler<N extends EffectName> = (context: FrameContext, effect: FrameEffectOf<N>) => Promise<EffectValueOf<N>>

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

/**
 * The handler of effect `name`, parsing the effect with the contract's schema of that name before `handler` runs.
 *
 * @example
 * parsingHandler('connection.decide', decide).run(context, { type: 'connection.decide', skipKyc: 'yes' }) // rejects: invalid_request
 */
export function parsingHandler<N extends EffectName>(name: N, handler: EffectHandler<N>): ParsingEffectHandler {
  const schema = FrameEffectSchemas[name] as unknown as z.ZodType<FrameEffectOf<N>>
  return {
    async run(context, effect) {
      const parsed = schema.safeParse(effect, { reportInput: true })
      if (!parsed.success) throw new FrameError('invalid_request', `${effect.type}: ${describeIssue(parsed.error.issues[0]!, 'effect').message}`)
      return handler(context, parsed.data)
    },
  }
}

import type { z } from 'zod'
import { EFFECT_NAMES, FrameEffectSchemas, type EffectName, type FrameEffectOf } from '#contract/index.ts'
import { describeIssue } from '#kernel/describe-issue.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import { frameExpired, type FrameContext } from './frame-context.ts'
import { FrameError } from './frame-error.ts'
import type { EffectResult } from '#portable/frames/effect-results.ts'
import type { EffectHandler, EffectHandlers, ParsingEffectHandler, UncheckedEffect } from './effect-handler.ts'
import { accountEffects } from './account-effects.ts'
import { credentialEffects } from './credential-effects.ts'
import { sessionEffects } from './session-effects.ts'
import { connectionEffects } from './connection-effects.ts'
import { purchaseEffects } from './purchase-effects.ts'
import { sellEffects } from './sell-effects.ts'
import { parseReportingInput } from '#kernel/parse-reporting-input.ts'

/**
 * The handler of effect `name`, parsing the effect with the contract's schema of that name before `handler` runs.
 *
 * @example
 * parsingHandler('connection.decide', decide).run(context, { type: 'connection.decide', skipKyc: 'yes' }) // rejects: invalid_request
 */
function parsingHandler<N extends EffectName>(name: N, handler: EffectHandler<N>): ParsingEffectHandler {
  const schema = FrameEffectSchemas[name] as unknown as z.ZodType<FrameEffectOf<N>>
  return {
    async run(context, effect) {
      const parsed = parseReportingInput(schema, effect)
      if (!parsed.success)
        throw new FrameError(
          'invalid_request',
          `${effect.type}: ${describeIssue(parsed.error.issues[0]!, 'effect').message}`,
        )
      return handler(context, parsed.data)
    },
  }
}

/** Every effect's handler, by name: typed as the full table, so a contract effect without a handler fails to compile. */
const handlers: EffectHandlers = {
  ...sessionEffects,
  ...credentialEffects,
  ...connectionEffects,
  ...accountEffects,
  ...sellEffects,
  ...purchaseEffects,
}

/**
 * Every effect handler, by effect type. A `Map`: the type comes from a page, and a plain object would answer
 * `constructor` with `Object` (which hands back the frame context it is called with, secrets and all).
 */
export const effectHandlers: ReadonlyMap<string, ParsingEffectHandler> = new Map(
  EFFECT_NAMES.map((name) => [name, parsing(name)]),
)

/** The handler of one effect name, parsing first (generic, so the handler's type follows the name). */
function parsing<N extends EffectName>(name: N): ParsingEffectHandler {
  return parsingHandler(name, handlers[name])
}

/**
 * Runs an effect for a frame and answers a result; a `SandboxError` (or an
 * unknown effect) becomes `ok: false` with its code and message. A frame whose
 * authorization has expired (`context.expiresAt`) runs nothing: `invalid_token`.
 */
export async function runEffect(context: FrameContext, effect: UncheckedEffect): Promise<EffectResult> {
  const handler = effectHandlers.get(effect.type)
  try {
    if (context.expiresAt <= context.tenant.clock.now())
      throw new FrameError('invalid_token', frameExpired(context.frame, context.expiresAt))
    if (!handler) throw new SandboxError('invalid_request', `no effect handler for ${effect.type}`)
    return { effect: effect.type, ok: true, value: await handler.run(context, effect) } as EffectResult
  } catch (error) {
    if (error instanceof SandboxError || error instanceof FrameError)
      return { effect: effect.type, ok: false, error: { code: error.code, message: error.message } }
    throw error
  }
}

import { z } from 'zod'
import { describeIssue } from '../../core/describe-issue.ts'
import type { FrameContext } from '../frame-context.ts'
import { FrameError } from '../frame-error.ts'
import type { FrameEffect } from '../machine.ts'

/**
 * Runs one kind of effect for a frame. `input` is the zod schema of the effect's fields (its `type` aside):
 * the effect reaches `run` only once it parses, so a page's malformed effect is `invalid_request` naming the
 * field, never a crash. `run` throws `SandboxError` or `FrameError` to fail it (code and message reach the machine).
 */
export interface EffectHandler {
  run(context: FrameContext, effect: FrameEffect): Promise<unknown>
}

/**
 * Declares an effect handler by the schema of its fields.
 *
 * @example
 * const decide = defineEffect(z.object({ skipKyc: z.boolean().optional() }), async (context, { skipKyc }) => skipKyc === true)
 */
export function defineEffect<Input extends z.ZodType>(input: Input, run: (context: FrameContext, effect: z.output<Input>) => Promise<unknown>): EffectHandler {
  return {
    async run(context, effect) {
      const parsed = input.safeParse(effect, { reportInput: true })
      if (!parsed.success) throw new FrameError('invalid_request', `${effect.type}: ${describeIssue(parsed.error.issues[0]!, 'effect').message}`)
      return run(context, parsed.data)
    },
  }
}

/** The input of an effect that takes no fields (any the page adds are ignored). */
export const NO_FIELDS = z.object({})

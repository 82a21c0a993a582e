import type { FrameContext } from '../frame-context.ts'
import type { FrameEffect } from '../machine.ts'

/** Runs one kind of effect for a frame; throws `SandboxError` to fail it (code and message reach the machine). */
export type EffectHandler = (context: FrameContext, effect: FrameEffect) => Promise<unknown>

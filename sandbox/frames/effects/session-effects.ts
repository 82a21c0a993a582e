import { FrameError } from '../frame-error.ts'
import { revokeSessions } from '../../domain/sessions.ts'
import type { EffectHandler } from './effect-handler.ts'

/** Effects about the customer's authentication state. */
export const sessionEffects: Record<string, EffectHandler> = {
  /** Clears the customer's authentication state: the session behind the clientToken is revoked, so every token of it stops working. */
  async 'auth.reset'(context) {
    if (!context.session) throw new FrameError('invalid_token', 'the reset frame needs the clientToken of a connected customer')
    await revokeSessions(context.tenant, await context.tenant.store(), { externalCustomerId: context.session.externalCustomerId })
    return null
  },
}

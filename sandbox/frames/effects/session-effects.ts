import { z } from 'zod'
import { revokeSessions } from '../../domain/sessions.ts'
import type { EffectHandlers } from './effect-handler.ts'

/**
 * The reset frame's effect as the page sends it: with what the page cleared from the frames origin's storage
 * (`page/connection-memory.ts`). In process there is no browser, so no `browserState`.
 */
const ResetEffect = z.object({
  browserState: z.strictObject({
    cleared: z.boolean(),
    customerId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'browserState.customerId must be a customer id').optional(),
  }).optional(),
})

/** Effects about the customer's authentication state. */
export const sessionEffects: EffectHandlers<'auth.reset'> = {
  /**
   * Logs the customer out. The browser-side state (the customer the frames origin remembers) is cleared by the page
   * before this runs, with an `apiKey` or a `clientToken`; with a `clientToken` the session behind it is also revoked,
   * so every token of it stops working. Journals `auth:reset` saying what was cleared.
   */
  'auth.reset': async (context, { browserState }) => {
    const revokedSessions = context.session
      ? await revokeSessions(context.tenant, await context.tenant.store(), { externalCustomerId: context.session.externalCustomerId })
      : 0
    context.tenant.record('auth:reset', {
      frame: context.frame,
      channelId: context.channelId,
      authorizedBy: context.session ? 'clientToken' : 'apiKey',
      revokedSessions,
      browserState: browserState === undefined ? 'not in a browser' : browserState.cleared ? 'cleared' : 'nothing stored',
      ...(browserState?.customerId === undefined ? {} : { clearedCustomerId: browserState.customerId }),
    })
    return null
  },
}

import { revokeSessions } from '#domain/sessions.ts'
import type { EffectHandlers } from './effect-handler.ts'

/** Effects about the customer's authentication state. */
export const sessionEffects: EffectHandlers<'auth.reset'> = {
  /**
   * Logs the customer out. The browser-side state (the customer the frames origin remembers) is cleared by the page
   * before this runs, with an `apiKey` or a `clientToken`; with a `clientToken` the session behind it is also revoked,
   * so every token of it stops working. Journals `auth:reset` saying what was cleared.
   */
  'auth.reset': async (context, { browserState }) => {
    const revokedSessions = context.session
      ? await revokeSessions(context.tenant, await context.tenant.store(), {
          externalCustomerId: context.session.externalCustomerId,
        })
      : 0
    context.tenant.record('auth:reset', {
      frame: context.frame,
      channelId: context.channelId,
      authorizedBy: context.session ? 'clientToken' : 'apiKey',
      revokedSessions,
      browserState:
        browserState === undefined ? 'not in a browser' : browserState.cleared ? 'cleared' : 'nothing stored',
      ...(browserState?.customerId === undefined ? {} : { clearedCustomerId: browserState.customerId }),
    })
    return null
  },
}

import { SandboxError } from '#kernel/sandbox-error.ts'
import type { Tenant } from '#kernel/tenant.ts'
import type { EffectResult } from '#portable/frames/effect-results.ts'
import type { UncheckedEffect } from '../effects/effect-handler.ts'
import { ticketFrameContext, type FramesHost } from '../effects/frame-context.ts'
import { FrameError } from '../effects/frame-error.ts'
import { runEffect } from '../effects/index.ts'
import type { FrameTicket } from './frame-ticket.ts'

/**
 * Runs an effect for the frame a signed ticket names, for the tenant the ticket named (resolved once, by the frames
 * origin's authenticate step). A token that no longer authorizes the frame, or an effect the sandbox refuses, is the
 * effect's `ok: false` result (a token's 401 as the frame's `invalid_token`), as in process; anything else throws.
 *
 * @example
 * await runTicketEffect(core, tenant, ticket, { type: 'credentials.encrypt' }) // { effect: 'credentials.encrypt', ok: true, value: '…' }
 */
export async function runTicketEffect(
  core: FramesHost,
  tenant: Tenant,
  ticket: FrameTicket,
  effect: UncheckedEffect,
): Promise<EffectResult> {
  try {
    return await runEffect(await ticketFrameContext(core, tenant, ticket), effect)
  } catch (error) {
    if (error instanceof SandboxError || error instanceof FrameError) {
      const code = error instanceof SandboxError && error.code === 'unauthorized' ? 'invalid_token' : error.code
      return { effect: effect.type, ok: false, error: { code, message: error.message } }
    }
    throw error
  }
}

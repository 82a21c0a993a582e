import type { FrameInbound, FrameOutbound } from '#contract/index.ts'
import type { FrameContext } from '../effects/frame-context.ts'

/** Where a journaled frame message went: posted to the host, received from it, dropped, or a customer action inside the frame. */
type FrameJournalDirection = 'out' | 'in' | 'dropped' | 'action'

/** A frame's parameters as its URL carried them: `channelId` aside, parsed values (customTheme) back to their text. */
function urlParams(params: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(params)
      .filter(([name, value]) => name !== 'channelId' && value !== undefined)
      .map(([name, value]) => [name, value !== null && typeof value === 'object' ? JSON.stringify(value) : value]),
  )
}

/**
 * Journals one frame message in the tenant's journal (`GET /__sandbox/journal?kind=frame`); the `handshake` carries the
 * frame's parameters (`context.params`), so a recording knows how the frame was opened.
 *
 * @example
 * journalFrameMessage(context, 'out', { kind: 'handshake' })
 * journalFrameMessage(context, 'action', { kind: 'enterCvv', payload: { cvv: '123' } })
 */
export function journalFrameMessage(
  context: Pick<FrameContext, 'tenant' | 'frame' | 'channelId'> & {
    session?: { id: string }
    params?: Record<string, unknown>
  },
  direction: FrameJournalDirection,
  message: FrameOutbound | FrameInbound | { kind: string; payload?: unknown },
): void {
  context.tenant.journal.append(context.tenant.clock.now(), {
    kind: 'frame',
    frame: context.frame,
    channelId: context.channelId,
    session: context.session?.id ?? null,
    direction,
    event: message.kind,
    ...('payload' in message ? { payload: message.payload } : {}),
    ...(direction === 'out' && message.kind === 'handshake' && context.params
      ? { params: urlParams(context.params) }
      : {}),
  })
}

/**
 * A customer action as the journal keeps it: its type as the event, its other fields (what the customer typed) as the payload.
 *
 * @example
 * actionMessage({ type: 'enterCvv', cvv: '123' }) // { kind: 'enterCvv', payload: { cvv: '123' } }
 */
export function actionMessage(action: { type: string }): { kind: string; payload?: Record<string, unknown> } {
  const { type, ...fields } = action as { type: string } & Record<string, unknown>
  return Object.keys(fields).length === 0 ? { kind: type } : { kind: type, payload: fields }
}

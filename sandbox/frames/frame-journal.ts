import type { FrameInbound, FrameOutbound } from '../contract/index.ts'
import type { FrameContext } from './frame-context.ts'

/** Journals one frame message in the tenant's journal (`GET /__sandbox/journal?kind=frame`). */
export function journalFrameMessage(context: Pick<FrameContext, 'tenant' | 'frame' | 'channelId'> & { session?: { id: string } }, direction: 'out' | 'in' | 'dropped', message: FrameOutbound | FrameInbound | { kind: string; payload?: unknown }): void {
  context.tenant.journal.append(context.tenant.clock.now(), {
    kind: 'frame',
    frame: context.frame,
    channelId: context.channelId,
    session: context.session?.id ?? null,
    direction,
    event: message.kind,
    ...('payload' in message ? { payload: message.payload } : {}),
  })
}

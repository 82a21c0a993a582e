import type { FrameName, FrameOutbound } from '#contract/index.ts'

/** A customer action inside a frame: its `type` is the form's `data-action`; other fields fill its inputs. */
export interface FlowAction {
  type: string
  [field: string]: string | number | undefined
}

/** A flow in one frame: open it with `params`, perform `actions`, wait for a final event. */
export interface FrameFlow {
  frame: FrameName
  params: Record<string, string>
  actions?: FlowAction[]
}

/**
 * One step of a scripted flow across frames, run identically by both drivers:
 * open a frame, act in one, open the challenge frame a `challenge` event asked
 * for, or wait until a frame has posted an event of some kind.
 */
export type ScriptStep =
  | { open: FrameName; params: Record<string, string> }
  | { act: FrameName; action: FlowAction }
  | { openChallenge: Record<string, string> }
  | { until: FrameName; kind: string }

/** The events each frame of a script posted, in order. */
export type EventsByFrame = Partial<Record<FrameName, FrameOutbound[]>>

/** The challenge frame parameters carried by the last `challenge` event of any frame. */
export function challengeParams(events: EventsByFrame, extra: Record<string, string>): Record<string, string> {
  const challenge = Object.values(events)
    .flatMap((list) => list ?? [])
    .filter((e) => e.kind === 'challenge')
    .at(-1)
  if (challenge?.kind !== 'challenge') throw new Error('no challenge event to open')
  const url = new URL(challenge.payload.url)
  return { ...Object.fromEntries(url.searchParams), ...extra }
}

/** The script of a one-frame flow: open, act in order, then wait until the frame completes or fails. */
export function flowScript(flow: FrameFlow, endsWith: FrameOutbound['kind'] = 'complete'): ScriptStep[] {
  return [
    { open: flow.frame, params: flow.params },
    ...(flow.actions ?? []).map((action): ScriptStep => ({ act: flow.frame, action })),
    { until: flow.frame, kind: endsWith },
  ]
}

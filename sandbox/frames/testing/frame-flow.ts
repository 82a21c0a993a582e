import type { FrameName } from '../../contract/index.ts'

/** A customer action inside a frame: its `type` is the form's `data-action`; other fields fill its inputs. */
export interface FlowAction {
  type: string
  [field: string]: string | number | undefined
}

/**
 * A scripted flow in one frame, run the same way by both drivers: open the frame
 * with `params`, ack, then perform `actions` in order, each after the frame has
 * settled and its form is showing.
 */
export interface FrameFlow {
  frame: FrameName
  params: Record<string, string>
  actions?: FlowAction[]
  /** The event kinds that end the flow (default: `complete`, `error`, `cancelled`, `unsupported`). */
  endsWith?: string[]
}

/** Event kinds that end a flow unless it says otherwise. */
export const FINAL_EVENTS = ['complete', 'error', 'cancelled', 'unsupported']

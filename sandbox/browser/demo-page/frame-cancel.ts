import type { ClientFrameEvent } from '../client/index.ts'

/** A customer's action inside a frame, as the sandbox's journal has it (`GET /demo/api/frame-actions`). */
export interface FrameAction {
  seq: number
  event: string
}

/** A frame of the page as far as the watch needs it: its events, and the promise of its last. */
interface WatchedFrame {
  on(listener: (event: ClientFrameEvent) => void): void
  done: Promise<unknown>
}

/** What the watch found: the customer's cancelling action, in which frame and channel. */
export interface FrameCancel {
  cancelledBy: string
  frame: string
  channelId: string
}

/** How often the journal is read while a frame is open (a presenter sees the banner within a beat). */
const WATCH_MS = 300

/**
 * Resolves when the customer cancels a frame in a way the frame posts no event for (the spec's wallet-pay sheet:
 * `buttonPressed` "even if the sheet is then cancelled", nothing after; the connect and auth frames' Cancel): the
 * sandbox's journal has the customer's actions inside each frame, and the demo's partner server reads them for the
 * page (`read`). It watches from the frame's first event until the frame's last, or until `read` answers `undefined`
 * (the run is over); it never resolves otherwise.
 *
 * @example
 * const cancel = watchFrameCancel(buying, ['cancelSheet'], read) // { cancelledBy: 'cancelSheet', frame: 'apple-pay', channelId: 'ch_…' }
 */
export function watchFrameCancel(
  frame: WatchedFrame,
  cancels: readonly string[],
  read: (channelId: string, after: number) => Promise<{ actions: FrameAction[]; last: number } | undefined>,
): Promise<FrameCancel> {
  let over = false
  void frame.done.then(() => (over = true))
  return new Promise((resolve) => {
    let started = false
    frame.on((event) => {
      if (started) return
      started = true
      let after = 0
      const look = async (): Promise<void> => {
        if (over) return
        const page = await read(event.channelId, after).catch(() => ({ actions: [], last: after }))
        if (page === undefined) return
        after = Math.max(after, page.last)
        for (const action of page.actions) {
          if (cancels.includes(action.event))
            return resolve({ cancelledBy: action.event, frame: event.frame, channelId: event.channelId })
        }
        setTimeout(() => void look(), WATCH_MS)
      }
      void look()
    })
  })
}

// The shape of one log row, with no imports: the log, its cells and the page share it without a circle.

/** One row of the demo's event log: a frame message (either way), an API call, or a webhook the partner server took. */
export interface LogRow {
  /** Milliseconds since the log was cleared. */
  time: number
  direction: 'frame→host' | 'host→frame' | 'api' | 'webhook'
  /** A frame's channelId, 'api', 'partner' or 'webhook'. */
  channel: string
  /** Frame name or '-'. */
  frame: string
  /** Event kind, or 'METHOD /path → status' for api rows, or the webhook type. */
  kind: string
  payload?: unknown
  /** API rows: the host page's call, or the partner server's own secret-key call (e.g. 'POST /platform/v1/sessions → 201'). */
  actor?: 'host' | 'partner'
  /** The row tells of a failure (a failed transaction, a rejected webhook): drawn as one. */
  failure?: boolean
  /** The frame is headless (check, reset): labelled "hidden" in the log and on the diagram's lane. */
  hidden?: boolean
}

// The shape of one log row, with no imports: the log, its cells and the page share it without a circle.

/** One row of the demo's event log: a frame message (either way), an API call, a webhook the partner server took, or a customer's act the page learns of otherwise. */
export interface LogRow {
  /** Milliseconds since its run started (or the log was cleared). */
  time: number
  /**
   * `customer`: what the customer did that no frame posts (the sandbox's journal tells of a wallet sheet cancelled;
   * the partner's own close button): drawn from the customer's lane.
   */
  direction: 'frame→host' | 'host→frame' | 'api' | 'webhook' | 'customer'
  /** A frame's channelId, 'api', 'partner', 'webhook', or 'host' (a customer's act on the page itself). */
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
  /** The row tells of a cancellation (a customer's act that ends a flow): drawn as one. */
  cancelled?: boolean
  /** The frame is headless (check, reset): labelled "hidden" in the log and on the diagram's lane. */
  hidden?: boolean
  /** The transaction (buy, sell or swap) the row is about: the run that owns it shows the row. */
  transaction?: string
}

// The options the client's calls share, in a file of their own: the call modules (connection, identity, wallet) and
// createClient all take them, and none of them imports another to get them.
import type { ClientFrameEvent, ClientFrameMessage } from './frame-channel.ts'

/** Options of a client: the sandbox's origins and what authorizes the embedding page. */
export interface ClientOptions {
  framesOrigin: string
  apiOrigin: string
  /** A publishable key (authorizes the embedding domain for frames without a customer). */
  apiKey?: string
  /**
   * Leave out the deprecated calls (the web identity calls), as the sandbox's `--strict-deprecations` retires them:
   * pass `true` when the sandbox runs with it, to test that the page no longer depends on them.
   */
  strictDeprecations?: boolean
}

/** Options of a frame setup call. */
export interface SetupOptions {
  container?: HTMLElement
  onEvent?: (event: ClientFrameEvent) => void
  /** Every message the host posts to the frame (`ack`, `setQuote` …). */
  onSend?: (message: ClientFrameMessage) => void
  params?: Record<string, string | undefined>
}

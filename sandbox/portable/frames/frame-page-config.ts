// What the frames origin hands the page script: shared by the server that writes it and the page that reads it, so
// neither folder imports the other.

/** What the page script needs, embedded as JSON in the page. */
export interface FramePageConfig {
  frame: string
  channelId: string | null
  params: Record<string, unknown>
  ticket: string | null
  /** The tenant the frame acts for (`account:mode`), when it can start: names its browser-side state. */
  tenant: string | null
  allowedOrigins: string[]
  /** Set when the frame cannot start: posted as an `error` event after the ack. */
  error?: { code: string; message: string; fields?: Array<{ field: string; message: string }> }
  appearance: { theme?: 'dark' | 'light'; brandColor?: string; borderRadius?: number; palette?: Record<string, string> }
}

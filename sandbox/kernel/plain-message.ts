// The plain request and response of the core, as data: what an adapter translates to and from, and what the frames
// origin's in-process driver (sandbox/frames/server/in-process-frame.ts) sends without the HTTP layer above it.
/** The API family of a path decides the auth scheme and the error shape. */
export type ApiFamily = 'widget' | 'platform' | 'control' | 'meta'

/** Query parameters as the wire gave them; a repeated name yields an array. */
export type PlainQuery = Record<string, string | string[]>

/**
 * A request as the core sees it: no transport objects. Header names are lowercase.
 */
export interface PlainRequest {
  method: string
  path: string
  query: PlainQuery
  /** The query string as the wire sent it (`?…`, or empty), when the adapter has it: a signed widget URL is checked against it. */
  search?: string
  headers: Record<string, string | string[] | undefined>
  /** Raw body text (UTF-8), if any. */
  body?: string
  /** Raw body bytes, when the adapter has them (file uploads need them). */
  bytes?: Uint8Array
  /** The caller's address as the adapter saw it (node's socket), when it has one; `GET /v3/ip_address` defaults to it. */
  remoteAddress?: string
}

/** A reply: `body` is a JSON value, text (with its content-type header), or absent. */
export interface PlainReply {
  kind: 'reply'
  status: number
  headers: Record<string, string>
  body?: unknown
  /** `JSON.stringify(body)`, when a route already has it: adapters send it as is. */
  json?: string
  /** `json` as UTF-8 bytes, when a route keeps them (a large document sent often): adapters that can send bytes do. */
  bytes?: Uint8Array
  /**
   * A body that is neither JSON nor text to re-encode: these bytes, sent as they are under the reply's own
   * `content-type` and `content-encoding` (a browser bundle, compressed once; decision 0092).
   */
  raw?: Uint8Array
}

/** An injected network failure: the adapter drops the connection. */
export interface PlainNetworkError {
  kind: 'network-error'
}

/** What the core answers. */
export type PlainResponse = PlainReply | PlainNetworkError

/** The node:http adapter: the sandbox server. */
export {
  SERVER_TIMEOUTS,
  startServer,
  type RequestLogEntry,
  type RunningSandbox,
  type ServeOptions,
  type ServerTimeouts,
} from './start-server.ts'
export { handleNodeRequest, writePlainResponse } from './handle-node-request.ts'
export { nodeHmacSha256 } from './node-hmac.ts'
export { httpWebhookTransport } from './http-webhook-transport.ts'
export { readStateFile, StateFileError, writeStateFile } from './state-file.ts'
export { SAVE_TIMING, StateSaver, type SaveTiming } from './state-saver.ts'

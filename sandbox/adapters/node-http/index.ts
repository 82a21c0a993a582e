/** The node:http adapter: the sandbox server. */
export { startServer, type RunningSandbox, type ServeOptions, type RequestLogEntry } from './start-server.ts'
export { handleNodeRequest, writePlainResponse } from './handle-node-request.ts'
export { nodeHmacSha256 } from './node-hmac.ts'

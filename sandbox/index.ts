/**
 * ramp-sandbox's public API.
 *
 * @example
 * import { startServer } from 'ramp-sandbox'
 * const sandbox = await startServer({ port: 0, framesPort: 0 })
 */
export * from './contract/index.ts'
export { createSandboxCore, SandboxError, openApiDocument, type SandboxCore, type SandboxOptions, type PlainRequest, type PlainResponse } from './core/index.ts'
export { startServer, type RunningSandbox, type ServeOptions } from './adapters/node-http/index.ts'
export { createSandbox, type MswSandbox, type MswSandboxOptions } from './adapters/msw/index.ts'
export { buildCatalog } from '../fixtures/index.ts'

/**
 * ramp-sandbox's public API: the contract, the core, the server, the fixtures.
 * The msw handlers are `ramp-sandbox/msw`, so that this entry loads without msw,
 * an optional peer dependency (decision 0031).
 *
 * @example
 * import { startServer } from 'ramp-sandbox'
 * const sandbox = await startServer({ port: 0, framesPort: 0 })
 */
export * from '#contract/index.ts'
export {
  createSandboxCore,
  SandboxError,
  openApiDocument,
  DEFAULT_TENANT_LIMITS,
  type SandboxCore,
  type SandboxOptions,
  type PlainRequest,
  type PlainResponse,
  type TenantLimits,
} from '#http/index.ts'
export { startServer, type RunningSandbox, type ServeOptions, type RequestLogEntry } from '#adapters/node-http/index.ts'
export { buildCatalog } from '#fixtures/index.ts'
export {
  signWebhook,
  verifyWebhook,
  WebhookVerificationError,
  type WebhookScheme,
  type WebhookVerificationErrorCode,
} from '#kernel/webhook-signature.ts'
export {
  handlerTransport,
  fetchTransport,
  type WebhookHandler,
  type WebhookTransport,
  type WebhookPost,
  type WebhookAnswer,
} from '#kernel/webhook-transport.ts'
export { signWidgetUrl } from '#kernel/widget-url-signature.ts'

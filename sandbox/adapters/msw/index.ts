/**
 * The msw adapter: mount the sandbox's routes in `setupServer` or `setupWorker`.
 *
 * @example
 * import { setupServer } from 'msw/node'
 * import { handlers } from 'ramp-sandbox/msw'
 * const server = setupServer(...handlers)
 */
import { createSandbox } from './create-sandbox.ts'

export { createSandbox, type MswSandbox, type MswSandboxOptions, type MswTenant } from './create-sandbox.ts'
export type { WebhookHandler } from '#kernel/webhook-transport.ts'
export type { ClockAdvanced, ListenOptions, TenantHandle, TenantWebhooks, TriggerOptions } from '#http/tenant-handle.ts'

/** Handlers of a default sandbox (seed 1) answering on `http://127.0.0.1:4010`. */
export const handlers = createSandbox().handlers

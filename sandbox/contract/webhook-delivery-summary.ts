import { z } from 'zod'

/** The delivery log counted, once every attempt under way has ended: what `POST /__sandbox/webhooks/settle` answers. */
export const WebhookDeliverySummary = z.strictObject({
  /** Deliveries the log keeps. */
  deliveries: z.number().int().min(0),
  /** Waiting for a retry the tenant clock has not reached. */
  pending: z.number().int().min(0),
  delivered: z.number().int().min(0),
  failed: z.number().int().min(0),
})
export type WebhookDeliverySummary = z.infer<typeof WebhookDeliverySummary>

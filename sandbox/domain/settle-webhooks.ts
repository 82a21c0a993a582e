import type { WebhookDeliverySummary } from '#contract/index.ts'
import type { Tenant } from '#kernel/tenant.ts'

/**
 * Waits until every webhook attempt under way (and any it started) has ended, then counts the delivery log by status:
 * a test reads what was delivered without polling. A retry the tenant clock has not reached stays `pending`.
 *
 * @example
 * await settleWebhooks(tenant) // { deliveries: 2, pending: 0, delivered: 2, failed: 0 }
 */
export async function settleWebhooks(tenant: Tenant): Promise<WebhookDeliverySummary> {
  await tenant.background.settled()
  const deliveries = (await tenant.store()).webhookDeliveries.all()
  const count = (status: 'pending' | 'delivered' | 'failed') =>
    deliveries.filter((delivery) => delivery.status === status).length
  return {
    deliveries: deliveries.length,
    pending: count('pending'),
    delivered: count('delivered'),
    failed: count('failed'),
  }
}

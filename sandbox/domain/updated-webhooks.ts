import type { TenantSettings } from '#contract/index.ts'

/** What a change of a buy or a sell is, for its widget events: a move (`updated`), or its failure (`failed`). */
type LifecycleChange = 'updated' | 'failed'

/**
 * Which widget events a change of a buy or a sell sends (`updated` stands for `transaction_updated` /
 * `sell_transaction_updated`, `failed` for `*_failed`), in order, under the tenant's settings (decision 0090):
 * - a move sends `updated` at every change (`everyChange`, the default) or only when its status differs from the
 *   status before it (`statusChange`): every status change the sandbox makes sends an event, the creation included, so
 *   the status before the change is the last one sent for the object;
 * - a failure sends `failed` alone, or `updated` (status `failed`) right before it with `webhookUpdatedOnFailure`.
 *
 * @example
 * const settings = { webhookUpdatedEvents: 'statusChange', webhookUpdatedOnFailure: false } as const
 * lifecycleEventsOf(settings, 'updated', 'pending', 'pending') // []: a stage moved, the status did not
 * lifecycleEventsOf(settings, 'updated', 'pending', 'completed') // ['updated']
 */
export function lifecycleEventsOf(
  settings: Pick<TenantSettings, 'webhookUpdatedEvents' | 'webhookUpdatedOnFailure'>,
  change: LifecycleChange,
  before: string,
  after: string,
): LifecycleChange[] {
  if (change === 'failed') return settings.webhookUpdatedOnFailure ? ['updated', 'failed'] : ['failed']
  return settings.webhookUpdatedEvents === 'everyChange' || before !== after ? ['updated'] : []
}

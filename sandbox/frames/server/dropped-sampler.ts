import type { Tenant } from '#kernel/tenant.ts'

/** Drops journaled one by one on a channel before only the running count is (at 10, 100, 1 000 …). */
const DROPS_JOURNALED_IN_FULL = 5
/** Channels counted per account: past it the oldest count is forgotten (a flood over many channels stays bounded). */
const CHANNELS_COUNTED = 1_000

/**
 * Counts the messages each frame channel dropped (not from its parent, not from the host origin, not of its
 * channel …) and says which to journal: the first {@link DROPS_JOURNALED_IN_FULL}, then the 10th, 100th, 1 000th …,
 * each with its running count. So a foreign iframe posting thousands of messages leaves a handful of entries, and
 * never pushes the partner's own handshake and API calls out of the journal. Counts start again when the account
 * is reset.
 *
 * @example
 * const sampler = droppedSampler()
 * const count = sampler(tenant, 'ch_1') // 1, 2, … ; journal the drop when `journalsDrop(count)`
 */
export function droppedSampler(): (tenant: Tenant, channelId: string) => number {
  const counts = new WeakMap<Tenant, { incarnation: string; channels: Map<string, number> }>()
  return (tenant, channelId) => {
    let held = counts.get(tenant)
    if (!held || held.incarnation !== tenant.incarnation)
      counts.set(tenant, (held = { incarnation: tenant.incarnation, channels: new Map() }))
    const count = (held.channels.get(channelId) ?? 0) + 1
    held.channels.delete(channelId)
    held.channels.set(channelId, count)
    if (held.channels.size > CHANNELS_COUNTED) held.channels.delete(held.channels.keys().next().value!)
    return count
  }
}

/** Whether the `count`-th drop of a channel is journaled: the first few, then each power of ten. */
export function journalsDrop(count: number): boolean {
  return count <= DROPS_JOURNALED_IN_FULL || /^10+$/.test(String(count))
}

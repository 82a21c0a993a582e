import { isDeepStrictEqual } from 'node:util'
import { normalizeEvents } from '#frames/testing/normalize-events.ts'
import type { Recording } from '../recording.ts'

/** Whether two drivers recorded the same sequences, and where not, per channel. */
interface SameSequenceResult {
  pass: boolean
  /** One readable difference per channel that differs (empty when they agree). */
  differences: string[]
}

const show = (event: unknown) => JSON.stringify(event)

function describeDifference(channel: string, a: unknown[], b: unknown[], labels: [string, string]): string {
  const first =
    Array.from({ length: Math.max(a.length, b.length) }, (_, i) => i).find((i) => !isDeepStrictEqual(a[i], b[i])) ?? 0
  const lines = [`channel ${channel}: sequences diverge at #${first}`, `  #  ${labels[0].padEnd(42)} | ${labels[1]}`]
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    lines.push(
      `${i === first ? '>' : ' '}${String(i).padStart(2)}  ${(a[i] === undefined ? '—' : show(a[i])).padEnd(42)} | ${b[i] === undefined ? '—' : show(b[i])}`,
    )
  }
  return lines.join('\n')
}

/**
 * Compares two recordings of one scenario (browser and node driver): every
 * channel's events, normalized (`normalizeEvents`: credentials, ids, tokens,
 * origins replaced), must be equal, in order, channel by channel; so must the webhooks.
 *
 * @example
 * const result = sameSequence(await runInBrowser(env, scenario), await runInNode(scenario))
 * expect(result.differences.join('\n\n')).toBe('')
 */
export function sameSequence(
  a: Recording,
  b: Recording,
  labels: [string, string] = ['browser', 'node'],
): SameSequenceResult {
  const differences: string[] = []
  for (const channel of [...new Set([...Object.keys(a.channels), ...Object.keys(b.channels)])].sort()) {
    const left = normalizeEvents(a.channels[channel] ?? [])
    const right = normalizeEvents(b.channels[channel] ?? [])
    if (!(channel in a.channels) || !(channel in b.channels))
      differences.push(`channel ${channel}: recorded only by ${channel in a.channels ? labels[0] : labels[1]}`)
    else if (!isDeepStrictEqual(left, right)) differences.push(describeDifference(channel, left, right, labels))
  }
  // The third channel, normalized as frame events are (its data carries the same ids).
  const [left, right] = [a, b].map((recording) => normalizeEvents(recording.webhooks as never)) as [
    unknown[],
    unknown[],
  ]
  if (!isDeepStrictEqual(left, right))
    differences.push(describeDifference('webhooks', left, right, labels).replace('channel webhooks', 'webhooks'))
  return { pass: differences.length === 0, differences }
}

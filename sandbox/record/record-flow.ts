import type { JournalEntry } from '../contract/index.ts'

/** What a recording produces: per channel, the frame events it sent, in order. */
export interface RecordedFlow {
  channels: Record<string, { frame: string; events: Array<{ kind: string; payload?: unknown }> }>
  apiCalls: Array<{ method: string; path: string; status: number }>
}

/** Values that differ run to run: replaced so the expectation holds on replay. */
function stable(payload: unknown): unknown {
  if (payload === null || typeof payload !== 'object') return payload
  if (Array.isArray(payload)) return payload.map(stable)
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(payload)) {
    if (key === 'credentials' || key === 'url' || key === 'id' || key === 'consentToken' || key === 'expiresAt') continue
    out[key] = stable(value)
  }
  return out
}

/**
 * Turns a tenant's journal into the expectations of a scenario: each channel's
 * outbound frame events (volatile fields such as ids, tokens and URLs left out),
 * and the API calls with their statuses.
 *
 * @example
 * recordFlow((await (await fetch(`${api}/__sandbox/journal`, { headers })).json()).data)
 */
export function recordFlow(journal: JournalEntry[]): RecordedFlow {
  const flow: RecordedFlow = { channels: {}, apiCalls: [] }
  for (const entry of journal) {
    if (entry.kind === 'api' && !entry.path.startsWith('/__sandbox')) flow.apiCalls.push({ method: entry.method, path: entry.path, status: entry.status })
    if (entry.kind !== 'frame' || entry.direction !== 'out') continue
    const channel = (flow.channels[entry.channelId] ??= { frame: entry.frame, events: [] })
    channel.events.push(entry.payload === undefined ? { kind: entry.event } : { kind: entry.event, payload: stable(entry.payload) })
  }
  return flow
}

/** The text of a scenario file whose expectations are the recorded flow (steps to fill in by hand are listed). */
export function scenarioSource(title: string, flow: RecordedFlow): string {
  const channels = Object.fromEntries(Object.entries(flow.channels).map(([id, channel]) => [`${channel.frame}-${id.slice(-6)}`, { events: channel.events }]))
  const calls = flow.apiCalls.map((call) => ` *   ${call.method} ${call.path} → ${call.status}`).join('\n')
  return `import { defineScenario } from '../../harness/scenario.ts'

/**
 * Recorded with \`ramp-sandbox record\`. The API calls of the run were:
${calls || ' *   (none)'}
 * Write them as steps (server/client/open/customer …) so the flow replays.
 */
export default defineScenario({
  title: ${JSON.stringify(title)},
  tags: ['recorded'],
  steps: [],
  expect: {
    channels: ${JSON.stringify(channels, null, 2).replace(/\n/g, '\n    ')},
  },
})
`
}

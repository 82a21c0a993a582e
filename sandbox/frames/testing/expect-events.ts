import { expect } from 'vitest'
import type { FrameOutbound } from '#contract/index.ts'
import { normalizeEvents } from './normalize-events.ts'

/**
 * The one assertion both drivers use: the frame's events, normalized, equal the
 * expected ones (partial payloads allowed), in order, nothing more.
 *
 * @example
 * expectEvents(events, [{ kind: 'handshake' }, { kind: 'complete', payload: { status: 'active' } }])
 */
export function expectEvents(events: FrameOutbound[], expected: Array<{ kind: string; payload?: unknown }>): void {
  const actual = normalizeEvents(events)
  expect(actual, `events: ${JSON.stringify(actual)}`).toHaveLength(expected.length)
  for (const [i, event] of expected.entries()) expect(actual[i]).toMatchObject(event)
}

/** The browser driver's events equal the node driver's, after normalization. */
export function expectSameSequence(browser: FrameOutbound[], node: FrameOutbound[]): void {
  expect(normalizeEvents(browser)).toEqual(normalizeEvents(node))
}

import type { FrameMachine } from '../machine.ts'
import { check, fail, orderOf, pipelineView, stepPipeline, type PipelineState } from './purchase-flow.ts'

/** States of the headless buy frame: the shared purchase pipeline. */
export type BuyState = PipelineState

/**
 * The buy frame (headless card purchase): pays its `quote` as soon as the host
 * acks. Quote expired → `quoteExpired`, then the host's `setQuote`; test-mode
 * 48/49 → `challenge` and a wait for the challenge frame; then `complete` with
 * the transaction. Effects: `quote.check`, `challenge.create`,
 * `purchase.awaitChallenge`, `purchase.execute`.
 *
 * @example
 * buyMachine.start({ channelId: 'ch_123456', quote: encodeQuote(quote) }) // effects: [{ type: 'quote.check', quote }]
 */
export const buyMachine: FrameMachine<'buy', BuyState> = {
  frame: 'buy',
  start(params) {
    const order = orderOf('buy', params)
    return 'quote' in order ? check(order) : fail(order)
  },
  step: (state, input) => stepPipeline('buy', state, input),
  view: pipelineView,
}

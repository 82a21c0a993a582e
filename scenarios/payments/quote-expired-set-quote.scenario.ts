import { defineScenario, ref } from '#harness/scenario.ts'
import {
  activeAndExpiredCards,
  buyQuoteBody,
  completesPending,
  connectCustomer,
  getQuote,
  magic,
  openPayFrame,
  quoteFor,
  tapAndConfirm,
} from '#harness/steps.ts'

/** A quote that expires while the button waits: confirming posts quoteExpired, and the fresh quote the host sends with setQuote pays. */
export default defineScenario({
  title: 'an expired quote posts quoteExpired on confirm, and setQuote with a fresh quote completes the purchase',
  tags: ['payments', 'buy-button', 'card', 'quoteExpired', 'setQuote', 'clock'],
  steps: [
    ...connectCustomer(magic.usNy),
    ...quoteFor({ amount: 100, method: 'card' }),
    openPayFrame('buy-button'),
    { control: 'advanceClock', by: '31s' },
    ...tapAndConfirm(),
    { until: 'pay', kind: 'quoteExpired' },
    // The same card quote again (the payment methods are already fetched), sent to the waiting frame.
    getQuote(buyQuoteBody({ amount: 100, method: 'card' }), 'fresh'),
    { host: 'setQuote', channel: 'pay', quote: ref('fresh.quote') },
    { until: 'pay', kind: 'complete' },
  ],
  expect: {
    responses: {
      methods: activeAndExpiredCards,
      q: { status: 200, body: { data: { expiresIn: 30 } } },
      fresh: { status: 200 },
    },
    channels: {
      pay: {
        mode: 'exact',
        events: [
          { kind: 'handshake' },
          { kind: 'ready' },
          { kind: 'buttonPressed' },
          { kind: 'quoteExpired' },
          completesPending,
        ],
      },
    },
  },
})

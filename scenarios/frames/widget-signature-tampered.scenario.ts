import { defineScenario, ref } from '#harness/scenario.ts'
import { openSignedWidget } from '#harness/widget-api-steps.ts'

const WALLET = '0x52908400098527886E0F7030069857D2E4169EE7'

/**
 * A widget URL with a wallet address whose signature was made over other parameters (the partner's server signed
 * `currencyCode=btc`, the page was opened with `eth`): the widget refuses to start and posts `error`
 * `invalid_parameters` "Invalid signature…" after the ack, under both drivers.
 */
export default defineScenario({
  title: 'a tampered widget signature is refused',
  tags: ['frames', 'widget', 'widget-signing'],
  steps: [
    { api: 'GET /__sandbox/fixtures', as: 'fixtures' },
    ...openSignedWidget(
      'widget',
      { apiKey: ref('fixtures.body.data.keys.publishable'), currencyCode: 'eth', walletAddress: WALLET },
      { apiKey: ref('fixtures.body.data.keys.publishable'), currencyCode: 'btc', walletAddress: WALLET },
    ),
    { until: 'widget', kind: 'error' },
  ],
  expect: {
    channels: {
      widget: {
        mode: 'exact',
        events: [{ kind: 'handshake' }, { kind: 'error', payload: { code: 'invalid_parameters' } }],
      },
    },
  },
})

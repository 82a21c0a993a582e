import { defineScenario, ref } from '#harness/scenario.ts'
import { connectCustomer, magic } from '#harness/steps.ts'
import { openSignedWidget } from '#harness/widget-api-steps.ts'

const WALLET = '0x52908400098527886E0F7030069857D2E4169EE7'

/**
 * A widget URL carrying the customer's wallet address, signed by the partner's server with the secret key: the
 * widget starts, skips the wallet screen (the address fits ETH's pattern), and the customer buys with the amount
 * and Pay alone.
 */
export default defineScenario({
  title: 'a signed widget URL with a wallet address goes through',
  tags: ['frames', 'widget', 'widget-signing'],
  steps: [
    ...connectCustomer(magic.usNy),
    ...openSignedWidget('widget', {
      clientToken: ref('conn.credentials.clientToken'),
      currencyCode: 'eth',
      walletAddress: WALLET,
    }),
    { customer: 'chooseAmount', channel: 'widget', fields: { amount: '100', currencyCode: 'eth' } },
    { customer: 'pay', channel: 'widget' },
    { until: 'widget', kind: 'complete' },
  ],
  expect: {
    channels: {
      widget: {
        mode: 'exact',
        events: [
          { kind: 'handshake' },
          { kind: 'ready' },
          { kind: 'complete', payload: { transaction: { status: 'pending' } } },
        ],
      },
    },
  },
})

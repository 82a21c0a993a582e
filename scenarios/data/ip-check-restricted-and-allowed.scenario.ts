import { defineScenario } from '#harness/scenario.ts'
import { ipCheck } from '#harness/widget-api-steps.ts'

/**
 * A partner page checks the visitor's IP before it shows a buy button (decision 0064): an address of 192.0.2.0/24 is
 * in an allowed country, one of 198.51.100.0/24 in a restricted one, one of 203.0.113.0/24 in a US state where buying
 * is allowed and selling is not. A tenant override (decision 0069) then makes the restricted address allowed, and
 * clearing it brings the seeded answer back.
 */
export default defineScenario({
  title: 'the IP check answers allowed and restricted addresses, and a tenant override changes one',
  tags: ['data', 'ip-check', 'widget-api'],
  steps: [
    ipCheck('192.0.2.10', 'allowed'),
    ipCheck('198.51.100.7', 'restricted'),
    { api: 'GET /v4/ip_address?apiKey={pk}&ipAddress=203.0.113.130', headers: {}, as: 'usState' },
    ipCheck('not-an-ip', 'malformed'),
    { control: 'settings', body: { ipAddresses: [{ range: '198.51.100.0/28', alpha2: 'GB' }] } },
    ipCheck('198.51.100.7', 'overridden'),
    { control: 'settings', body: { ipAddresses: [] } },
    ipCheck('198.51.100.7', 'cleared'),
  ],
  expect: {
    responses: {
      allowed: {
        status: 200,
        body: { ipAddress: '192.0.2.10', isAllowed: true, isBuyAllowed: true, isSellAllowed: true },
      },
      restricted: {
        status: 200,
        body: { ipAddress: '198.51.100.7', alpha2: 'CU', isAllowed: false, isBuyAllowed: false, isSellAllowed: false },
      },
      usState: {
        status: 200,
        body: { alpha2: 'US', state: 'TX', isAllowed: true, isBuyAllowed: true, isSellAllowed: false },
      },
      malformed: { status: 400, body: { type: 'BadRequestError' } },
      overridden: { status: 200, body: { alpha2: 'GB', isAllowed: true, isBuyAllowed: true } },
      cleared: { status: 200, body: { alpha2: 'CU', isAllowed: false } },
    },
  },
})

import { defineScenario } from '#harness/scenario.ts'
import { defiTokens } from '#harness/widget-api-steps.ts'

/**
 * The DeFi token list pages by `limit` and `offset` over the tokens sorted by market cap, largest first (decision
 * 0065): two pages of two follow each other, a page past the end is empty with the same total, and a limit over 50
 * is refused in the widget API's error shape, naming the field.
 */
export default defineScenario({
  title: 'the DeFi token list pages by limit and offset, largest market cap first',
  tags: ['defi', 'defi-paging', 'widget-api'],
  steps: [
    defiTokens('limit=2', 'page1'),
    defiTokens('limit=2&offset=2', 'page2'),
    defiTokens('limit=50&offset=40', 'pastTheEnd'),
    defiTokens('limit=51', 'tooLarge'),
  ],
  expect: {
    responses: {
      page1: {
        status: 200,
        body: { total: 7, limit: 2, offset: 0, tokens: [{ currencyCode: 'usdt' }, { currencyCode: 'usdc' }] },
      },
      page2: {
        status: 200,
        body: { total: 7, limit: 2, offset: 2, tokens: [{ currencyCode: 'usdc_sol' }, { currencyCode: 'link' }] },
      },
      pastTheEnd: { status: 200, body: { total: 7, tokens: [] } },
      tooLarge: { status: 400, body: { message: 'limit must be from 1 to 50', type: 'BadRequestError' } },
    },
  },
})

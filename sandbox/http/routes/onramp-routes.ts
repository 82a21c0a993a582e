import {
  AskPrice,
  BuyLimits,
  BuyLimitsQuery,
  NetworkFees,
  NetworkFeesQuery,
  WidgetBuyQuote,
  WidgetBuyQuoteQuery,
  WidgetError,
} from '#contract/index.ts'
import { askPrice } from '#domain/ask-price.ts'
import { buyLimits } from '#domain/buy-limits.ts'
import { networkFees } from '#domain/network-fees.ts'
import { quoteWidgetBuy } from '#domain/widget-buy-quote.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import { parseQuery } from '../parse-input.ts'
import { reply } from '../plain-http.ts'
import type { Route } from '../route.ts'
import { badRequest, unauthorized } from './widget-responses.ts'

const unknownCurrency = { description: 'Unknown currency', schema: WidgetError }

/**
 * Quote routes of the widget API's On-ramp group (`apiKey` query auth, errors `{message, type}`): buy quotes priced by
 * the platform buy quote's code, their limits, network fees and ask prices (decision 0066). `network_fees` has one
 * path segment after `/v3/currencies`, so the `{code}/…` routes (two) never match it.
 *
 * @example
 * send(core, 'GET /v3/currencies/eth/buy_quote?apiKey=pk_test_sandbox&baseCurrencyCode=usd&baseCurrencyAmount=100') // 200
 */
export const onrampRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v3/currencies/network_fees',
    family: 'widget',
    operationId: 'getNetworkFees',
    tag: 'On-ramp',
    auth: 'publishable-query',
    summary: 'Get the network fee a buy of each crypto charges in each fiat',
    query: NetworkFeesQuery,
    responses: {
      200: { description: 'Network fees by upper-case crypto code, then upper-case fiat code', schema: NetworkFees },
      400: badRequest,
      401: unauthorized,
    },
    handle: ({ tenant, request }) => reply(200, networkFees(tenant, parseQuery(NetworkFeesQuery, request.query))),
  },
  {
    method: 'GET',
    path: '/v3/currencies/:currencyCode/buy_quote',
    family: 'widget',
    operationId: 'getBuyQuote',
    tag: 'On-ramp',
    auth: 'publishable-query',
    summary: 'Get a real-time buy quote',
    query: WidgetBuyQuoteQuery,
    responses: {
      200: { description: 'A buy quote, priced as the platform buy quote prices it', schema: WidgetBuyQuote },
      400: badRequest,
      401: unauthorized,
      404: unknownCurrency,
    },
    handle({ tenant, params, request }) {
      const query = parseQuery(WidgetBuyQuoteQuery, request.query)
      return reply(200, quoteWidgetBuy(tenant, params.currencyCode!.toLowerCase(), query))
    },
  },
  {
    method: 'GET',
    path: '/v3/currencies/:currencyCode/limits',
    family: 'widget',
    operationId: 'getBuyLimits',
    tag: 'On-ramp',
    auth: 'publishable-query',
    summary: 'Get the smallest and largest amounts a buy quote accepts now',
    query: BuyLimitsQuery,
    responses: {
      200: {
        description: 'Buy limits in the fiat and the crypto, for the payment method (the cheapest when none is named)',
        schema: BuyLimits,
      },
      400: badRequest,
      401: unauthorized,
      404: unknownCurrency,
    },
    handle({ tenant, params, request }) {
      const query = parseQuery(BuyLimitsQuery, request.query)
      return reply(200, buyLimits(tenant, params.currencyCode!.toLowerCase(), query))
    },
  },
  {
    method: 'GET',
    path: '/v3/currencies/:currencyCode/ask_price',
    family: 'widget',
    operationId: 'getAskPrice',
    tag: 'On-ramp',
    auth: 'publishable-query',
    summary: "Get a crypto's price in US dollars, euros and pounds now",
    responses: {
      200: { description: 'The price buy quotes use now, in each fiat', schema: AskPrice },
      400: badRequest,
      401: unauthorized,
      404: unknownCurrency,
    },
    handle({ tenant, params }) {
      const code = params.currencyCode!.toLowerCase()
      const currency = tenant.catalog.currency(code)
      if (!currency)
        throw new SandboxError(
          'not_found',
          `currencyCode ${code} is not a known currency; GET /v3/currencies lists them`,
        )
      if (currency.type !== 'crypto')
        throw SandboxError.invalidField(
          'currencyCode',
          `currencyCode ${code} is a fiat currency; ask prices are of crypto currencies`,
        )
      return reply(200, askPrice(tenant, currency))
    },
  },
]

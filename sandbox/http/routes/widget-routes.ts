import { CurrencyList, SellQuote, SellQuoteQuery, WidgetError } from '#contract/index.ts'
import { quoteSell } from '#domain/sell-quote.ts'
import { parseQuery } from '../parse-input.ts'
import { frozenJsonReply } from '../plain-http.ts'
import { sellQuoteJson } from '../sell-quote-json.ts'
import { keptReplies } from '../kept-replies.ts'
import type { Route } from '../route.ts'
import { badRequest, unauthorized } from './widget-responses.ts'

/** The sell quotes each tenant answered lately (the hottest route: a client polls a quote). */
const sellQuotes = keptReplies(32)

/** Routes of the widget API (`/v3`, `apiKey` query auth, errors `{message, type}`). */
export const widgetRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v3/currencies',
    family: 'widget',
    operationId: 'listCurrencies',
    tag: 'Data',
    auth: 'publishable-query',
    summary: 'List every fiat and crypto currency',
    responses: { 200: { description: 'Fiat and crypto currencies', schema: CurrencyList }, 401: unauthorized },
    handle: ({ tenant }) => frozenJsonReply(200, tenant.catalog.currencies),
  },
  {
    method: 'GET',
    path: '/v3/currencies/:currencyCode/sell_quote',
    family: 'widget',
    operationId: 'getSellQuote',
    tag: 'Off-ramp',
    auth: 'publishable-query',
    summary: 'Get a real-time sell quote',
    query: SellQuoteQuery,
    responses: {
      200: { description: 'A sell quote', schema: SellQuote },
      400: badRequest,
      401: unauthorized,
      404: { description: 'Unknown currency', schema: WidgetError },
    },
    handle({ tenant, params, request }) {
      // A quote is a pure function of the request, the tenant clock's now and the tenant's settings (the catalog and
      // signing key are fixed for the tenant object's life): asked again unchanged, the same text is answered.
      const key = request.search === undefined ? undefined : `${request.path}${request.search}`
      return sellQuotes(tenant, key, [tenant.clock.now(), tenant.settings], () => {
        const query = parseQuery(SellQuoteQuery, request.query)
        const quote = quoteSell(
          tenant,
          params.currencyCode!.toLowerCase(),
          query,
          request.query.baseCurrencyAmount as string,
        )
        return { kind: 'reply', status: 200, headers: {}, body: quote, json: sellQuoteJson(quote) }
      })
    },
  },
]

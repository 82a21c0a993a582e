import { buildCountries } from '#fixtures/countries.ts'
import {
  CountryList,
  IpAddressCheck,
  IpAddressQuery,
  PaymentMethodConfiguration,
  WidgetError,
} from '#contract/index.ts'
import { checkIpAddress, UNKNOWN_CALLER_ADDRESS } from '#domain/check-ip-address.ts'
import { paymentMethodConfiguration } from '#domain/payment-method-configuration.ts'
import { parseQuery } from '../parse-input.ts'
import { reply } from '../plain-http.ts'
import type { Route, TenantRoute } from '../route.ts'
import { unauthorized } from './widget-responses.ts'

const COUNTRIES_JSON = JSON.stringify(buildCountries())

/** `GET /v3/ip_address` and the `/v4` path clients call: the same answer (decision 0064). */
function ipAddressRoute(path: string, operationId: string): TenantRoute {
  return {
    method: 'GET',
    path,
    family: 'widget',
    operationId,
    tag: 'Data',
    auth: 'publishable-query',
    summary:
      "Check an IP address (by default the caller's): its country, US state, and whether buying and selling are allowed there",
    query: IpAddressQuery,
    responses: {
      200: { description: "The address's country and what is allowed there", schema: IpAddressCheck },
      400: { description: 'ipAddress is not an IPv4 or IPv6 address', schema: WidgetError },
      401: unauthorized,
    },
    handle({ request, tenant }) {
      const { ipAddress } = parseQuery(IpAddressQuery, request.query)
      return reply(
        200,
        checkIpAddress(ipAddress ?? request.remoteAddress ?? UNKNOWN_CALLER_ADDRESS, tenant.settings.ipAddresses),
      )
    },
  }
}

/**
 * Routes of the widget API's Data group (besides `GET /v3/currencies`): the countries the service serves, the IP check, and
 * the secret-key payment-method configuration.
 *
 * @example
 * await send(core, 'GET /v3/ip_address?apiKey=pk_test_sandbox&ipAddress=198.51.100.7') // 200, isAllowed false (Cuba)
 */
export const dataRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v3/countries',
    family: 'widget',
    operationId: 'listCountries',
    tag: 'Data',
    auth: 'none',
    // Tenant-free and keyless: any page may read it.
    cors: 'public',
    summary:
      'List the countries the service knows, whether buying and selling are allowed there, and their identity documents',
    responses: { 200: { description: 'Countries', schema: CountryList } },
    handle: () => ({ kind: 'reply', status: 200, headers: {}, body: JSON.parse(COUNTRIES_JSON), json: COUNTRIES_JSON }),
  },
  ipAddressRoute('/v3/ip_address', 'getIpAddress'),
  ipAddressRoute('/v4/ip_address', 'getIpAddressV4'),
  {
    method: 'GET',
    path: '/v3/payment_methods',
    family: 'widget',
    operationId: 'getPaymentMethodConfiguration',
    tag: 'Data',
    auth: 'secret-header',
    summary:
      "The account's payment methods: buy and sell support, test and live mode, availability, fee and limits per fiat (decision 0069)",
    responses: {
      200: {
        description:
          'The payment-method configuration, as the buy quotes and GET /platform/v1/payment-methods apply it',
        schema: PaymentMethodConfiguration,
      },
      401: {
        description: 'No secret key (X-Api-Key or Authorization: Api-Key), or not a secret key',
        schema: WidgetError,
      },
    },
    handle: ({ tenant }) => reply(200, paymentMethodConfiguration(tenant)),
  },
]

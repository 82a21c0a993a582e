import type { z } from 'zod'
import type {
  BuyQuote,
  BuyQuoteRequest,
  PageInfo,
  PaymentMethodList,
  PlatformError,
  Transaction,
} from '#contract/index.ts'
import type { ClientOptions } from './client-options.ts'

/**
 * What a client API call answers: on a 2xx (`ok`), the body the contract gives that call (`null` for a 204); otherwise
 * the platform error (`null` when the reply had no body). Types only: the client parses nothing, as the SDK's calls do not.
 *
 * @example
 * const reply = await client.getQuote(accessToken, request)
 * if (reply.ok) encodeQuote(reply.body.data)
 * else console.warn(reply.status, reply.body?.code)
 */
export type ClientReply<T> =
  | { ok: true; status: number; body: T }
  | { ok: false; status: number; body: PlatformError | null }

/** The request body of `getQuote`, as a partner writes it (`POST /platform/v1/quotes/buy`). */
type BuyQuoteInput = z.input<typeof BuyQuoteRequest>

/**
 * One platform API call of a client: `Authorization: Bearer <accessToken>`, a JSON body when given; the reply's
 * status and JSON body (`null` for a 204). Shared by the web client and the React Native client (`fetch` in both).
 *
 * @example
 * await clientApi(options, accessToken, 'GET', '/platform/v1/payment-methods') // { status: 200, body: { data: [...] } }
 */
export async function clientApi<T = unknown>(
  options: ClientOptions,
  accessToken: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<ClientReply<T>> {
  const response = await fetch(`${options.apiOrigin}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${accessToken}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const json = response.status === 204 ? null : ((await response.json()) as unknown)
  return { ok: response.ok, status: response.status, body: json } as ClientReply<T>
}

/**
 * The platform API calls of the SDKs (web and React Native), for a customer's access token.
 *
 * @example
 * const calls = apiCalls(options)
 * await calls.getTransaction(accessToken, 'txn_1')
 */
export function apiCalls(options: ClientOptions) {
  const api = <T>(accessToken: string, method: string, path: string, body?: unknown) =>
    clientApi<T>(options, accessToken, method, path, body)
  return {
    getPaymentMethods: (accessToken: string) =>
      api<{ data: z.output<typeof PaymentMethodList> }>(accessToken, 'GET', '/platform/v1/payment-methods'),
    deletePaymentMethod: (accessToken: string, id: string) =>
      api<null>(accessToken, 'DELETE', `/platform/v1/payment-methods/${encodeURIComponent(id)}`),
    getQuote: (accessToken: string, request: BuyQuoteInput) =>
      api<{ data: z.output<typeof BuyQuote> }>(accessToken, 'POST', '/platform/v1/quotes/buy', request),
    getTransaction: (accessToken: string, id: string) =>
      api<{ data: z.output<typeof Transaction> }>(
        accessToken,
        'GET',
        `/platform/v1/transactions/${encodeURIComponent(id)}`,
      ),
    listTransactions: (accessToken: string, query = '') =>
      api<{ data: Array<z.output<typeof Transaction>>; pageInfo: z.output<typeof PageInfo> }>(
        accessToken,
        'GET',
        `/platform/v1/transactions${query}`,
      ),
  }
}

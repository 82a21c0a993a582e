import type { ClientOptions } from './client-options.ts'

/**
 * One platform API call of a client: `Authorization: Bearer <accessToken>`, a JSON body when given; the reply's
 * status and JSON body (`null` for a 204). Shared by the web client and the React Native client (`fetch` in both).
 *
 * @example
 * await clientApi(options, accessToken, 'GET', '/platform/v1/payment-methods') // { status: 200, body: { data: [...] } }
 */
export async function clientApi(options: ClientOptions, accessToken: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${options.apiOrigin}${path}`, {
    method,
    headers: { authorization: `Bearer ${accessToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: response.status, body: response.status === 204 ? null : await response.json() }
}

/**
 * The platform API calls of the SDKs (web and React Native), for a customer's access token.
 *
 * @example
 * const calls = apiCalls(options)
 * await calls.getTransaction(accessToken, 'txn_1')
 */
export function apiCalls(options: ClientOptions) {
  const api = (accessToken: string, method: string, path: string, body?: unknown) => clientApi(options, accessToken, method, path, body)
  return {
    getPaymentMethods: (accessToken: string) => api(accessToken, 'GET', '/platform/v1/payment-methods'),
    deletePaymentMethod: (accessToken: string, id: string) => api(accessToken, 'DELETE', `/platform/v1/payment-methods/${encodeURIComponent(id)}`),
    getQuote: (accessToken: string, request: unknown) => api(accessToken, 'POST', '/platform/v1/quotes/buy', request),
    getTransaction: (accessToken: string, id: string) => api(accessToken, 'GET', `/platform/v1/transactions/${encodeURIComponent(id)}`),
    listTransactions: (accessToken: string, query = '') => api(accessToken, 'GET', `/platform/v1/transactions${query}`),
  }
}

/** What one webhook attempt sends: a JSON POST to `url`, given up after `timeoutMs`. */
export interface WebhookPost {
  url: string
  headers: Record<string, string>
  body: string
  timeoutMs: number
}

/** What came back: the endpoint's status, or why nothing did (a timeout, a refused or reset connection), and how long it took in real ms. */
export type WebhookAnswer = ({ status: number } | { error: string }) & { durationMs: number }

/**
 * How webhooks leave the sandbox: the core knows no network, so an adapter (or a test) hands this in
 * (`SandboxOptions.webhookTransport`); without one, `fetch` sends them.
 */
export interface WebhookTransport {
  post(request: WebhookPost): Promise<WebhookAnswer>
  /**
   * Unix seconds to stamp signatures with: receivers check them against their own clock, so an adapter that has
   * the wall clock gives it; without it, the tenant clock stamps them.
   */
  nowSeconds?(): number
}

/**
 * Sends with the platform's `fetch` (node 18+, browsers), redirects not followed.
 *
 * @example
 * await fetchTransport.post({ url: 'http://127.0.0.1:3000/hooks', headers: {}, body: '{}', timeoutMs: 5000 }) // { status: 200 }
 */
export const fetchTransport: WebhookTransport = {
  async post({ url, headers, body, timeoutMs }) {
    const started = performance.now()
    const durationMs = () => Math.max(0, Math.round(performance.now() - started))
    try {
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) })
      await response.body?.cancel()
      return { status: response.status, durationMs: durationMs() }
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code
      if ((error as Error).name === 'TimeoutError') return { error: `no answer within ${timeoutMs} ms`, durationMs: durationMs() }
      return { error: cause ? `connection failed (${cause})` : `connection failed (${(error as Error).message})`, durationMs: durationMs() }
    }
  },
}

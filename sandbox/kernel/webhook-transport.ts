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
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      })
      await response.body?.cancel()
      return { status: response.status, durationMs: durationMs() }
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code
      if ((error as Error).name === 'TimeoutError')
        return { error: `no answer within ${timeoutMs} ms`, durationMs: durationMs() }
      return {
        error: cause ? `connection failed (${cause})` : `connection failed (${(error as Error).message})`,
        durationMs: durationMs(),
      }
    }
  },
}

/**
 * A function that receives webhooks in process, as a partner's route handler would: a `POST` `Request` with the
 * signed headers and the JSON body. What it answers counts as the endpoint's status; answering nothing counts as 200;
 * throwing, or answering `Response.error()` (msw's `HttpResponse.error()`), counts as a failed connection; answering
 * anything else (not a `Response`) is a failed attempt too, as garbage on a socket is.
 */
export type WebhookHandler = (request: Request) => Response | void | Promise<Response | void>

/**
 * Delivers webhooks to a handler in process (the msw adapter and the node driver: no sockets), with the same
 * timeout as the network. `nowSeconds` stamps signatures (default: the tenant clock).
 *
 * @example
 * const seen: unknown[] = []
 * const core = createSandboxCore({ webhookTransport: handlerTransport(async (request) => void seen.push(await request.json())) })
 */
export function handlerTransport(
  handler: WebhookHandler,
  options: { nowSeconds?: () => number } = {},
): WebhookTransport {
  return {
    ...(options.nowSeconds && { nowSeconds: options.nowSeconds }),
    async post({ url, headers, body, timeoutMs }) {
      const started = performance.now()
      const durationMs = () => Math.max(0, Math.round(performance.now() - started))
      let timer: ReturnType<typeof setTimeout> | undefined
      const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)))
      try {
        const request = new Request(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body,
        })
        const answer = await Promise.race([Promise.resolve().then(() => handler(request)), timedOut])
        if (answer === 'timeout') return { error: `no answer within ${timeoutMs} ms`, durationMs: durationMs() }
        return { ...outcomeOf(answer), durationMs: durationMs() }
      } catch (error) {
        return {
          error: `the handler threw (${error instanceof Error ? error.message : String(error)})`,
          durationMs: durationMs(),
        }
      } finally {
        clearTimeout(timer)
      }
    },
  }
}

/**
 * What a handler's answer counts as. Only nothing stands for 200: any other value that is not a `Response` (a string,
 * a plain `{ status }`) is a mistake the partner should see in the delivery log, not a delivery.
 */
function outcomeOf(answer: unknown): { status: number } | { error: string } {
  if (answer === undefined) return { status: 200 }
  // A Response from another copy of the Fetch classes fails instanceof but still names itself one.
  if (!(answer instanceof Response) && Object.prototype.toString.call(answer) !== '[object Response]') {
    return { error: `the handler answered ${kindOf(answer)}, not a Response (or nothing, which counts as 200)` }
  }
  const response = answer as Response
  if (response.type === 'error')
    return { error: 'connection failed (the handler answered Response.error(), a network error)' }
  return { status: response.status }
}

/** A short, bounded description of a value a handler answered. */
function kindOf(answer: unknown): string {
  if (answer === null) return 'null'
  if (typeof answer === 'string')
    return `a string (${JSON.stringify(answer.slice(0, 40))}${answer.length > 40 ? '…' : ''})`
  return typeof answer === 'object' ? 'an object' : `a ${typeof answer}`
}

import { request as httpRequest, type ClientRequest, type IncomingMessage, type RequestOptions } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { WebhookAnswer, WebhookTransport } from '#kernel/webhook-transport.ts'

/**
 * How the server sends webhooks: `node:http(s)`, one connection per attempt (`agent: false`, so `Connection: close`),
 * destroyed as soon as the status line is in, the timeout passes or the connection fails; redirects are not
 * followed. No socket outlives its attempt (decision 0082): `fetch`'s pool keeps idle sockets per origin, and after
 * an aborted request it opens a new connection it never uses (nodejs/undici#5845), so a receiver that never answers
 * would hold two sockets per attempt. Signatures are stamped with the wall clock, as receivers check them.
 *
 * @example
 * await httpWebhookTransport.post({ url: 'http://127.0.0.1:3000/hooks', headers: {}, body: '{}', timeoutMs: 5000 }) // { status: 200, durationMs: 3 }
 */
export const httpWebhookTransport: WebhookTransport = {
  nowSeconds: () => Math.floor(Date.now() / 1000),
  post({ url, headers, body, timeoutMs }) {
    const started = performance.now()
    const send = new URL(url).protocol === 'https:' ? httpsRequest : httpRequest
    const options: RequestOptions = {
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers },
    }
    return new Promise<WebhookAnswer>((resolve) => {
      let request: ClientRequest | undefined
      let answered = false
      const answer = (outcome: { status: number } | { error: string }) => {
        if (answered) return
        answered = true
        clearTimeout(timer)
        request?.destroy()
        resolve({ ...outcome, durationMs: Math.max(0, Math.round(performance.now() - started)) })
      }
      const timer = setTimeout(() => answer({ error: `no answer within ${timeoutMs} ms` }), timeoutMs)
      const failed = (error: NodeJS.ErrnoException) =>
        answer({ error: `connection failed (${error.code ?? error.message})` })
      try {
        // The status is the answer: the body is never read, and the connection goes with the request.
        request = send(url, options, (response: IncomingMessage) => answer({ status: response.statusCode ?? 0 }))
        request.on('error', failed)
        request.end(body)
      } catch (error) {
        failed(error as NodeJS.ErrnoException)
      }
    })
  },
}

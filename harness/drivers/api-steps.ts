import { encodeQuote } from '../../sandbox/frames/machines/purchase-flow.ts'
import type { Recording } from '../recording.ts'
import type { Step } from '../scenario.ts'

/** An HTTP call as a driver makes it: `'METHOD /path?query'`, headers and body; the reply's status and body. */
export type ApiCall = (line: string, options: { headers?: Record<string, string>; body?: unknown }) => Promise<{ status: number; body: any }>

/** What the HTTP steps need from a driver. */
export interface ApiStepContext {
  api: ApiCall
  mode: 'test' | 'live'
  account: string
  resolve: (input: unknown) => any
  recording: Recording
}

/**
 * Runs the steps that are plain HTTP calls (partner server, partner-client API
 * calls, control, raw `api`), the same under every driver; answers whether it
 * ran the step. `getConnection` and `setupAuth` go through a frame, so each driver runs them.
 *
 * @example
 * if (await runApiStep(step, { api, mode, account, resolve, recording })) continue
 */
export async function runApiStep(step: Step, context: ApiStepContext): Promise<boolean> {
  const { api, resolve, recording } = context
  const sk = { 'x-api-key': `sk_${context.mode}_${context.account}` }
  const bearer = (token: unknown) => ({ authorization: `Bearer ${resolve(token)}` })
  if ('server' in step) {
    if (step.server === 'revokeSession') {
      await api('DELETE /platform/v1/sessions', { headers: sk, body: { sessionToken: resolve(step.sessionToken) } })
      return true
    }
    const reply = await api('POST /platform/v1/sessions', { headers: sk, body: resolve(step.body) })
    if (reply.status !== 201) throw new Error(`createSession failed: ${JSON.stringify(reply.body)}`)
    recording.results[step.as] = reply.body.data
    return true
  }
  if ('client' in step && step.client !== 'getConnection' && step.client !== 'setupAuth') {
    if (step.client === 'getQuote') {
      const reply = await api('POST /platform/v1/quotes/buy', { headers: bearer(step.accessToken), body: resolve(step.body) })
      recording.results[step.as] = { ...reply, quote: reply.body?.data, encoded: reply.status === 200 ? encodeQuote(reply.body.data) : undefined }
    } else if (step.client === 'getPaymentMethods') {
      recording.results[step.as] = await api('GET /platform/v1/payment-methods', { headers: bearer(step.accessToken) })
    } else {
      recording.results[step.as] = await api(`GET /platform/v1/transactions${resolve(step.query ?? '')}`, { headers: bearer(step.accessToken) })
    }
    return true
  }
  if ('control' in step) {
    if (step.control === 'advanceClock') await api('POST /__sandbox/clock/advance', { headers: sk, body: { by: step.by } })
    else if (step.control === 'fault') await api('POST /__sandbox/faults', { headers: sk, body: step.fault })
    else await api('PUT /__sandbox/settings', { headers: sk, body: resolve(step.body) })
    return true
  }
  if ('api' in step) {
    const line = (resolve(step.api) as string).replace('{pk}', `pk_${context.mode}_${context.account}`).replace('{sk}', `sk_${context.mode}_${context.account}`)
    const headers = step.headers === undefined ? sk : (resolve(step.headers) as Record<string, string>)
    recording.results[step.as] = await api(line, { headers, body: resolve(step.body) })
    return true
  }
  return false
}

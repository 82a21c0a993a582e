import { encodeQuote } from '../../sandbox/frames/machines/purchase-flow.ts'
import { signWidgetUrl } from '../../sandbox/kernel/widget-url-signature.ts'
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

/** The steps that may be the `server`, `client` or `control` call `Call` (`getPaymentMethods` shares its step type). */
type StepOf<Key extends 'server' | 'client' | 'control', Call extends string> = Step extends infer S ? (S extends { [K in Key]: infer C } ? (Call extends C ? S : never) : never) : never

/*
 * The steps that are plain HTTP calls (partner server, partner-client API calls, control, raw `api`), the same under
 * every driver; `run-step.ts` picks the one a step is. `getConnection` and `setupAuth` go through a frame instead.
 */

/** The headers of a call with the run's secret key. */
export const secretKey = (context: Pick<ApiStepContext, 'mode' | 'account'>) => ({ 'x-api-key': `sk_${context.mode}_${context.account}` })
const bearer = (context: ApiStepContext, token: unknown) => ({ authorization: `Bearer ${context.resolve(token)}` })

/** `POST /platform/v1/sessions`; the session is the result `as` (a status other than 201 throws). */
export async function createSession(step: StepOf<'server', 'createSession'>, context: ApiStepContext): Promise<void> {
  const reply = await context.api('POST /platform/v1/sessions', { headers: secretKey(context), body: context.resolve(step.body) })
  if (reply.status !== 201) throw new Error(`createSession failed: ${JSON.stringify(reply.body)}`)
  context.recording.results[step.as] = reply.body.data
}

/** `DELETE /platform/v1/sessions` for the step's session token. */
export async function revokeSession(step: StepOf<'server', 'revokeSession'>, context: ApiStepContext): Promise<void> {
  await context.api('DELETE /platform/v1/sessions', { headers: secretKey(context), body: { sessionToken: context.resolve(step.sessionToken) } })
}

/** Signs a widget URL of the step's parameters with the run's secret key, as a partner's server does; result `{signature}`. */
export async function signWidget(step: StepOf<'server', 'signWidgetUrl'>, context: ApiStepContext): Promise<void> {
  const params = context.resolve(step.params) as Record<string, string>
  const signed = signWidgetUrl(`http://frames.invalid/platform/v1/widget?${new URLSearchParams(params)}`, secretKey(context)['x-api-key'])
  context.recording.results[step.as] = { signature: new URL(signed).searchParams.get('signature') }
}

/** `POST /platform/v1/quotes/buy`; result `{status, body, quote, encoded}` (`encoded` only for a 200). */
export async function getQuote(step: StepOf<'client', 'getQuote'>, context: ApiStepContext): Promise<void> {
  const reply = await context.api('POST /platform/v1/quotes/buy', { headers: bearer(context, step.accessToken), body: context.resolve(step.body) })
  context.recording.results[step.as] = { ...reply, quote: reply.body?.data, encoded: reply.status === 200 ? encodeQuote(reply.body.data) : undefined }
}

/** `GET /platform/v1/payment-methods`; result `{status, body}`. */
export async function getPaymentMethods(step: StepOf<'client', 'getPaymentMethods'>, context: ApiStepContext): Promise<void> {
  context.recording.results[step.as] = await context.api('GET /platform/v1/payment-methods', { headers: bearer(context, step.accessToken) })
}

/** `GET /platform/v1/transactions` with the step's query; result `{status, body}`. */
export async function listTransactions(step: StepOf<'client', 'listTransactions'>, context: ApiStepContext): Promise<void> {
  const line = `GET /platform/v1/transactions${context.resolve(step.query ?? '')}`
  context.recording.results[step.as] = await context.api(line, { headers: bearer(context, step.accessToken) })
}

/** Sandbox control: advances the tenant clock. */
export async function advanceClock(step: StepOf<'control', 'advanceClock'>, context: ApiStepContext): Promise<void> {
  await context.api('POST /__sandbox/clock/advance', { headers: secretKey(context), body: { by: step.by } })
}

/** Sandbox control: injects a fault. */
export async function injectFault(step: StepOf<'control', 'fault'>, context: ApiStepContext): Promise<void> {
  await context.api('POST /__sandbox/faults', { headers: secretKey(context), body: step.fault })
}

/** Sandbox control: changes the tenant's settings. */
export async function changeSettings(step: StepOf<'control', 'settings'>, context: ApiStepContext): Promise<void> {
  await context.api('PUT /__sandbox/settings', { headers: secretKey(context), body: context.resolve(step.body) })
}

/** A raw `'METHOD /path'` call (`{pk}`, `{sk}` are the run's keys; an absolute URL is called by its path; the secret key unless `headers`); result `{status, body}`. */
export async function rawApiCall(step: Extract<Step, { api: string }>, context: ApiStepContext): Promise<void> {
  const keys = { pk: `pk_${context.mode}_${context.account}`, sk: `sk_${context.mode}_${context.account}` }
  // An absolute URL the sandbox answered (an upload URL) is called by its path, on the driver's own server.
  const line = (context.resolve(step.api) as string).replace('{pk}', keys.pk).replace('{sk}', keys.sk).replace(/^([A-Z]+) https?:\/\/[^/]+/, '$1 ')
  const headers = step.headers === undefined ? secretKey(context) : (context.resolve(step.headers) as Record<string, string>)
  context.recording.results[step.as] = await context.api(line, { headers, body: context.resolve(step.body) })
}

import { encodeQuote } from '#portable/frames/machines/purchase-flow.ts'
import { tenantControl, type TenantControl } from '#http/tenant-control.ts'
import { signWidgetUrl } from '#kernel/widget-url-signature.ts'
import type { Recording } from '../recording.ts'
import type { Scenario, Step } from '../scenario.ts'

/** An HTTP call as a driver makes it: `'METHOD /path?query'`, headers and body; the reply's status, body and headers (lower-case names). */
export type ApiCall = (
  line: string,
  options: { headers?: Record<string, string>; body?: unknown },
) => Promise<{ status: number; body: any; headers: Record<string, string> }>

/** What the HTTP steps need from a driver. */
export interface ApiStepContext {
  api: ApiCall
  mode: 'test' | 'live'
  account: string
  resolve: (input: unknown) => any
  recording: Recording
}

/** The steps that may be the `server`, `client` or `control` call `Call` (`getPaymentMethods` shares its step type). */
type StepOf<Key extends 'server' | 'client' | 'control', Call extends string> = Step extends infer S
  ? S extends { [K in Key]: infer C }
    ? Call extends C
      ? S
      : never
    : never
  : never

/*
 * The steps that are plain HTTP calls (partner server, partner-client API calls, control, raw `api`), the same under
 * every driver; `run-step.ts` picks the one a step is. `getConnection` and `setupAuth` go through a frame instead.
 */

/** The headers of a call with the run's secret key. */
export const secretKey = (context: Pick<ApiStepContext, 'mode' | 'account'>) => ({
  'x-api-key': `sk_${context.mode}_${context.account}`,
})
const bearer = (context: ApiStepContext, token: unknown) => ({ authorization: `Bearer ${context.resolve(token)}` })

/** `POST /platform/v1/sessions`; the session is the result `as` (a status other than 201 throws). */
export async function createSession(step: StepOf<'server', 'createSession'>, context: ApiStepContext): Promise<void> {
  const reply = await context.api('POST /platform/v1/sessions', {
    headers: secretKey(context),
    body: context.resolve(step.body),
  })
  if (reply.status !== 201) throw new Error(`createSession failed: ${JSON.stringify(reply.body)}`)
  context.recording.results[step.as] = reply.body.data
}

/** `DELETE /platform/v1/sessions` for the step's session token. */
export async function revokeSession(step: StepOf<'server', 'revokeSession'>, context: ApiStepContext): Promise<void> {
  await context.api('DELETE /platform/v1/sessions', {
    headers: secretKey(context),
    body: { sessionToken: context.resolve(step.sessionToken) },
  })
}

/** Signs a widget URL of the step's parameters with the run's secret key, as a partner's server does; result `{signature}`. */
export async function signWidget(step: StepOf<'server', 'signWidgetUrl'>, context: ApiStepContext): Promise<void> {
  const params = context.resolve(step.params) as Record<string, string>
  const signed = signWidgetUrl(
    `http://frames.invalid/platform/v1/widget?${new URLSearchParams(params)}`,
    secretKey(context)['x-api-key'],
  )
  context.recording.results[step.as] = { signature: new URL(signed).searchParams.get('signature') }
}

/** A reply as a result keeps it: status and body. */
const statusAndBody = ({ status, body }: { status: number; body: unknown }) => ({ status, body })

/** The seconds a 429 or 503 asks to wait (`Retry-After: N`), or undefined when it asks nothing a retry can use. */
function retryAfter(reply: { status: number; headers: Record<string, string> }): number | undefined {
  const value = reply.headers['retry-after']
  return (reply.status === 429 || reply.status === 503) && value !== undefined && /^[0-9]{1,6}$/.test(value)
    ? Number(value)
    : undefined
}

/**
 * `POST /platform/v1/quotes/buy`; result `{status, body, quote, encoded, attempts}` (`encoded` only for a 200;
 * `attempts`: the statuses in order). With `retry`, a 429/503 with `Retry-After: N` advances the tenant clock N seconds
 * (the sandbox's time is the tenant clock: the partner's wait) and calls again, up to `retry` times; `afterWait` runs
 * after each advance (the driver settles what came due).
 */
export async function getQuote(
  step: StepOf<'client', 'getQuote'>,
  context: ApiStepContext,
  afterWait: () => Promise<void> = async () => {},
): Promise<void> {
  const body = context.resolve(step.body)
  const attempts: number[] = []
  for (;;) {
    const reply = await context.api('POST /platform/v1/quotes/buy', {
      headers: bearer(context, step.accessToken),
      body,
    })
    attempts.push(reply.status)
    const wait = retryAfter(reply)
    if (wait !== undefined && attempts.length <= (step.retry ?? 0)) {
      if (wait > 0)
        await context.api('POST /__sandbox/clock/advance', { headers: secretKey(context), body: { by: `${wait}s` } })
      await afterWait()
      continue
    }
    context.recording.results[step.as] = {
      ...statusAndBody(reply),
      quote: reply.body?.data,
      encoded: reply.status === 200 ? encodeQuote(reply.body.data) : undefined,
      attempts,
    }
    return
  }
}

/** `GET /platform/v1/payment-methods`; result `{status, body}`. */
export async function getPaymentMethods(
  step: StepOf<'client', 'getPaymentMethods'>,
  context: ApiStepContext,
): Promise<void> {
  context.recording.results[step.as] = statusAndBody(
    await context.api('GET /platform/v1/payment-methods', { headers: bearer(context, step.accessToken) }),
  )
}

/** `GET /platform/v1/transactions` with the step's query; result `{status, body}`. */
export async function listTransactions(
  step: StepOf<'client', 'listTransactions'>,
  context: ApiStepContext,
): Promise<void> {
  const line = `GET /platform/v1/transactions${context.resolve(step.query ?? '')}`
  context.recording.results[step.as] = statusAndBody(
    await context.api(line, { headers: bearer(context, step.accessToken) }),
  )
}

/** Sandbox control: advances the tenant clock. */
export async function advanceClock(step: StepOf<'control', 'advanceClock'>, context: ApiStepContext): Promise<void> {
  await context.api('POST /__sandbox/clock/advance', { headers: secretKey(context), body: { by: step.by } })
}

/** The run's control API (faults, request counts) over the driver's own calls, with the run's secret key. */
function runControl(context: Pick<ApiStepContext, 'api' | 'mode' | 'account'>): TenantControl {
  return tenantControl(
    (method, path, headers, body) => context.api(`${method} ${path}`, { headers, body }),
    secretKey(context)['x-api-key'],
  )
}

/** Sandbox control: arms a fault (refs resolved); its result `as` is the fault as stored; a refusal throws the sandbox's reason. */
export async function injectFault(step: StepOf<'control', 'fault'>, context: ApiStepContext): Promise<void> {
  const fault = await runControl(context).addFault(context.resolve(step.fault))
  if (step.as !== undefined) context.recording.results[step.as] = fault
}

/** Sandbox control: disarms every fault. */
export async function clearFaults(_step: StepOf<'control', 'clearFaults'>, context: ApiStepContext): Promise<void> {
  await runControl(context).clearFaults()
}

/**
 * Counts what the run's account sent for each `expect.requests` matcher (`GET /__sandbox/requests/count`), into
 * `recording.requests` in the same order: what both drivers call after the steps, and `checkScenario` checks.
 */
export async function countExpectedRequests(scenario: Scenario, context: ApiStepContext): Promise<void> {
  const control = runControl(context)
  for (const { match } of scenario.expect.requests ?? []) {
    const { count, truncated } = await control.countRequests(match)
    context.recording.requests.push({ match, count, truncated })
  }
}

/** Sandbox control: changes the tenant's settings. */
export async function changeSettings(step: StepOf<'control', 'settings'>, context: ApiStepContext): Promise<void> {
  await context.api('PUT /__sandbox/settings', { headers: secretKey(context), body: context.resolve(step.body) })
}

/** A raw `'METHOD /path'` call (`{pk}`, `{sk}` are the run's keys; an absolute URL is called by its path; the secret key unless `headers`); result `{status, body}`. */
export async function rawApiCall(step: Extract<Step, { api: string }>, context: ApiStepContext): Promise<void> {
  const keys = { pk: `pk_${context.mode}_${context.account}`, sk: `sk_${context.mode}_${context.account}` }
  // An absolute URL the sandbox answered (an upload URL) is called by its path, on the driver's own server.
  const line = (context.resolve(step.api) as string)
    .replace('{pk}', keys.pk)
    .replace('{sk}', keys.sk)
    .replace(/^([A-Z]+) https?:\/\/[^/]+/, '$1 ')
  const headers =
    step.headers === undefined ? secretKey(context) : (context.resolve(step.headers) as Record<string, string>)
  context.recording.results[step.as] = statusAndBody(
    await context.api(line, { headers, body: context.resolve(step.body) }),
  )
}

import { z } from 'zod'
import { byId, type DemoHost } from './demo-host.ts'
import { errorText, type Outcome } from './demo-outcome.ts'
import type { FrameCancel, watchFrameCancel } from './frame-cancel.ts'

/** What a flow gets besides the host: the partner's own buttons, the tenant's clock, and where to say what is going on. */
export interface FlowContext {
  host: DemoHost
  /** The tenant clock's time when the fixtures were last read (terms are accepted at the tenant's now). */
  tenantNow: () => string
  /** Shows a passing outcome while the flow waits for the partner's UI (the terms flow, a sell's deposit). */
  interim: (outcome: Outcome) => void
  /** Resolves when the customer cancels the frame in a way it posts no event for (`watchFrameCancel`), logged. */
  watchCancel: (frame: Parameters<typeof watchFrameCancel>[0], cancels: readonly string[]) => Promise<FrameCancel>
}

/** A flow of the menu: runs until it has its outcome. */
export type Flow = (context: FlowContext) => Promise<Outcome>

/**
 * One step of the partner's own UI (not a frame): `note` says where the flow stands and `label` is the button that takes
 * it on (a deposit, a clock advance). Replaces the previous step's; resolves when pressed.
 *
 * @example
 * await partnerStep('Sell sell_… waits for 0.5 ETH.', 'Send the deposit: 0.5 ETH')
 */
export function partnerStep(note: string, label: string): Promise<void> {
  const text = document.createElement('p')
  text.className = 'partner-note'
  text.textContent = note
  const button = document.createElement('button')
  button.type = 'button'
  button.textContent = label
  button.className = 'primary'
  byId('partner-ui').replaceChildren(text, button)
  return new Promise((resolve) =>
    button.addEventListener('click', () => ((button.disabled = true), resolve()), { once: true }),
  )
}

/**
 * A call to the demo's partner server (`/demo/api/…`), its JSON answer checked by `schema`. The customer's access token,
 * when given, goes as `Authorization: Bearer` (the Swaps group's calls); a refusal throws an Error with its code (a
 * platform `code`, a widget error's `type`) and message.
 *
 * @example
 * const sell = await partnerCall(host, SellView, 'GET', 'sell', { id })
 */
export async function partnerCall<T extends z.ZodType>(
  host: DemoHost,
  schema: T,
  method: 'GET' | 'POST',
  path: string,
  input: Record<string, unknown> = {},
  accessToken?: string,
): Promise<z.output<T>> {
  const withMode = { mode: host.mode(), ...input }
  const query = method === 'GET' ? `?${new URLSearchParams(withMode as Record<string, string>)}` : ''
  const response = await fetch(`/demo/api/${path}${query}`, {
    method,
    headers: {
      ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}),
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
    },
    ...(method === 'POST' ? { body: JSON.stringify(withMode) } : {}),
  })
  const body: unknown = await response.json().catch(() => null)
  const refusal = (body ?? {}) as { code?: unknown; type?: unknown; message?: unknown }
  if (!response.ok)
    throw Object.assign(
      new Error(typeof refusal.message === 'string' ? refusal.message : `${path} answered ${response.status}`),
      { code: String(refusal.code ?? refusal.type ?? `http_${response.status}`) },
    )
  const parsed = schema.safeParse(body)
  if (!parsed.success)
    throw Object.assign(new Error(`${path} answered a body the demo cannot read: ${parsed.error.issues[0]?.message}`), {
      code: 'invalid_answer',
    })
  return parsed.data
}

/** The currencies of a quote or a sell as the flows read them: their codes (`.extend(CURRENCY_CODES)`). */
export const CURRENCY_CODES = {
  baseCurrency: z.object({ code: z.string() }),
  quoteCurrency: z.object({ code: z.string() }),
}

/** How many times a flow offers a clock advance before it says the transaction did not move. */
const ADVANCES = 3

/**
 * Offers the tenant clock's advance (`by`, as the demo's Advance control takes it) as a partner step, reads the
 * transaction after it, and again until `reached` holds: on a running clock, a step may already be past or not yet due.
 *
 * @example
 * const done = await advanceUntil(host, { note, label: 'Advance the clock 20 s', by: '20s' }, readSell, (s) => s.status !== 'pending')
 */
export async function advanceUntil<T extends { status: string }>(
  host: DemoHost,
  step: { note: string; label: string; by: string },
  read: () => Promise<T>,
  reached: (transaction: T) => boolean,
): Promise<T> {
  let note = step.note
  for (let offered = 1; ; offered++) {
    await partnerStep(note, step.label)
    await host.post('/demo/api/control/clock/advance', { mode: host.mode(), by: step.by })
    const transaction = await read()
    if (reached(transaction)) return transaction
    if (offered === ADVANCES)
      throw Object.assign(new Error(`still ${transaction.status} after ${ADVANCES} advances of ${step.by}`), {
        code: 'not_settled',
      })
    note = `Still ${transaction.status}: advance the clock again.`
  }
}

/**
 * A frame's end that is not the `complete` a flow waits for, as the flow's outcome: the customer cancelled, or an error.
 *
 * @example
 * frameStopped('Sell', { kind: 'cancelled', payload: {} }) // { outcome: 'cancelled', text: 'Sell cancelled in the widget.' }
 */
export function frameStopped(what: string, end: { kind: string; payload?: unknown }): Outcome {
  if (end.kind === 'cancelled') return { outcome: 'cancelled', text: `${what} cancelled in the widget.` }
  return { outcome: 'failure', text: `${what} failed — ${end.kind === 'error' ? errorText(end.payload) : end.kind}` }
}

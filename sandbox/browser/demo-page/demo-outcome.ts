import type { ClientFrameEvent } from '../client/index.ts'

/** How a flow ended, for the result banner: `data-outcome` and the sentence it shows. */
export interface Outcome {
  outcome: 'success' | 'failure' | 'cancelled' | 'pending'
  text: string
  /** The transaction the flow made (a buy, a sell, a swap): while it is `pending` the page follows it to its end. */
  transaction?: { id: string; status: string }
  /** The partner's receipt of that transaction, as the banner shows it under its sentence. */
  receipt?: Array<{ label: string; value: string }>
}

/** A frame's event that ends what the frame does (the other events are steps on the way). */
export type FinalEvent = Extract<ClientFrameEvent, { kind: 'complete' | 'error' | 'cancelled' | 'unsupported' }>

/** Error codes after which the frame stays open for the customer to try again: not the end of a flow. */
const RETRYABLE = new Set(['validationError', 'card_declined'])

/**
 * Whether a frame event ends the frame's part of a flow: `complete`, `cancelled`, `unsupported`, or an `error` the
 * customer cannot fix in the frame.
 *
 * @example
 * isFinal({ kind: 'error', payload: { code: 'validationError', message: '…' }, frame: 'widget', channelId: 'ch_1' }) // false
 */
export function isFinal(event: ClientFrameEvent): boolean {
  if (event.kind === 'error') return !RETRYABLE.has(event.payload.code)
  return event.kind === 'complete' || event.kind === 'cancelled' || event.kind === 'unsupported'
}

/**
 * An error as one readable line, `code: message` (a frame's `error`, a platform error body, or a thrown Error).
 *
 * @example
 * errorText({ code: 'invalid_request', message: 'amount is too small' }) // 'invalid_request: amount is too small'
 */
export function errorText(error: unknown): string {
  if (typeof error !== 'object' || error === null) return String(error)
  const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined
  const message = 'message' in error && typeof error.message === 'string' ? error.message : JSON.stringify(error)
  return code ? `${code}: ${message}` : message
}

/**
 * What a connection status means for the flow that asked for it.
 *
 * @example
 * connectionOutcome({ status: 'active' }) // { outcome: 'success', text: 'Connected: the customer is active.' }
 */
export function connectionOutcome(connection: { status: string; mismatch?: true }): Outcome {
  const { status } = connection
  if (status === 'active') return { outcome: 'success', text: 'Connected: the customer is active.' }
  if (status === 'pending') return { outcome: 'pending', text: 'Connection pending: the customer’s KYC is in review.' }
  if (status === 'termsAcceptanceRequired')
    return { outcome: 'pending', text: 'Terms acceptance required: the partner shows its terms.' }
  if (connection.mismatch)
    return {
      outcome: 'failure',
      text: `Not connected: ${status}, mismatch (the email and the phone belong to two different customers).`,
    }
  return { outcome: 'failure', text: `Not connected: the connection is ${status}.` }
}

/**
 * A purchase frame's last event (and the challenge frame's, when one opened) as the flow's outcome.
 *
 * @example
 * purchaseOutcome(complete) // { outcome: 'pending', text: 'Payment submitted: transaction tx_… is pending (…)' }
 */
export function purchaseOutcome(end: FinalEvent, challenge?: FinalEvent): Outcome {
  if (challenge?.kind === 'cancelled') {
    // A declined buy challenge fails the transaction it held (decision 0063): the banner names it.
    const held =
      end.kind === 'complete' ? (end.payload as { transaction?: { id: string | null } }).transaction?.id : null
    return {
      outcome: 'cancelled',
      text: `Purchase cancelled: the customer cancelled the verification${held ? `; transaction ${held} is failed` : ''}.`,
    }
  }
  if (end.kind === 'error') return { outcome: 'failure', text: `Purchase failed — ${errorText(end.payload)}` }
  if (end.kind === 'unsupported') return { outcome: 'failure', text: `Wallet pay unsupported: ${end.payload.reason}` }
  if (end.kind === 'cancelled') return { outcome: 'cancelled', text: 'Purchase cancelled.' }
  const payload = end.payload as {
    transaction?: { id: string | null; status: string }
    failureCode?: string
    failureReason?: string
  }
  const transaction = payload.transaction
  if (!transaction) return { outcome: 'success', text: 'Done.' }
  const id = transaction.id ?? '(no transaction)'
  if (transaction.status === 'failed') {
    const why = payload.failureCode
      ? ` — ${payload.failureCode}${payload.failureReason ? `: ${payload.failureReason}` : ''}`
      : ''
    return { outcome: 'failure', text: `Payment failed: transaction ${id} is failed${why}` }
  }
  if (transaction.status === 'completed')
    return { outcome: 'success', text: `Payment completed: transaction ${id} is completed.` }
  const verified = challenge?.kind === 'complete' ? ' after the verification' : ''
  return {
    outcome: 'pending',
    text: `Payment submitted${verified}: transaction ${id} is ${transaction.status} (the webhooks tell the partner server what follows).`,
    ...(transaction.id === null ? {} : { transaction: { id: transaction.id, status: transaction.status } }),
  }
}

const record = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null
const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined)
const field = (value: unknown, name: string): unknown =>
  record(value) && Object.hasOwn(value, name) ? value[name] : undefined

/** Where a pending buy is (its first stage in progress, `stage_three_processing` → `processing`), if it says. */
function stageOf(data: unknown): string | undefined {
  const stages = field(data, 'stages')
  if (!Array.isArray(stages)) return undefined
  const running = stages.find((stage) => field(stage, 'status') === 'in_progress')
  return text(field(running, 'stage'))?.replace(/^stage_[a-z]+_/, '')
}

/**
 * A transaction the page follows, as the banner tells it from the latest word on it (`data` of its last webhook, or
 * of the frame's `complete`): `completed` is a success, `failed` a failure (with its failure code or reason), any
 * other status pending; with the partner's receipt (transaction, status, stage or failure).
 *
 * @example
 * followedOutcome('Card buy', 'txn_1', { status: 'completed' }).outcome // 'success'
 * followedOutcome('Card buy', 'txn_1', { status: 'pending', stages: [{ stage: 'stage_two_verification', status: 'in_progress' }] }).text
 * // 'Card buy: transaction txn_1 is pending (verification): the webhooks say when it ends; “Settle now” runs the clock to it.'
 */
export function followedOutcome(label: string, id: string, data: unknown): Outcome {
  const status = text(field(data, 'status')) ?? 'pending'
  const failure = text(field(data, 'failureCode')) ?? text(field(data, 'failureReason'))
  const stage = stageOf(data)
  const receipt = [
    { label: 'Transaction', value: id },
    { label: 'Status', value: status },
    ...(failure ? [{ label: 'Failure', value: failure }] : stage ? [{ label: 'Stage', value: stage }] : []),
  ]
  if (status === 'completed') return { outcome: 'success', text: `${label}: transaction ${id} is completed.`, receipt }
  if (status === 'failed')
    return {
      outcome: 'failure',
      text: `${label}: transaction ${id} is failed${failure ? ` — ${failure}` : ''}.`,
      receipt,
    }
  return {
    outcome: 'pending',
    text: `${label}: transaction ${id} is ${status}${stage ? ` (${stage})` : ''}: the webhooks say when it ends; “Settle now” runs the clock to it.`,
    transaction: { id, status },
    receipt,
  }
}

/**
 * Shows a flow's outcome in the result banner (`#outcome`, a live `role=status` region): its word, its sentence, the
 * receipt when there is one, and a button for `action` (“Settle now” while a transaction is pending); `undefined`
 * hides it.
 *
 * @example
 * showOutcome(document.getElementById('outcome')!, { outcome: 'success', text: 'Connected: the customer is active.' })
 */
export function showOutcome(
  banner: HTMLElement,
  outcome: Outcome | undefined,
  action?: { id: string; label: string; run: () => void },
): void {
  banner.hidden = outcome === undefined
  if (!outcome) return void (delete banner.dataset.outcome, banner.replaceChildren())
  banner.dataset.outcome = outcome.outcome
  const label = document.createElement('strong')
  label.textContent = `${outcome.outcome.toUpperCase()} `
  banner.replaceChildren(label, outcome.text)
  if (outcome.receipt) {
    const receipt = document.createElement('dl')
    receipt.className = 'receipt'
    for (const { label: term, value } of outcome.receipt) {
      const dt = document.createElement('dt')
      dt.textContent = term
      const dd = document.createElement('dd')
      dd.textContent = value
      receipt.append(dt, dd)
    }
    banner.append(receipt)
  }
  if (action) {
    const button = document.createElement('button')
    button.type = 'button'
    button.id = action.id
    button.textContent = action.label
    button.addEventListener('click', () => ((button.disabled = true), action.run()), { once: true })
    banner.append(button)
  }
}

import { setFramesTheme } from '../client/index.ts'
import { createLog } from './demo-log.ts'
import { FLOWS } from './demo-flows.ts'
import { byId, createHost, type DemoConfig } from './demo-host.ts'
import { errorText, followedOutcome, showOutcome, type Outcome } from './demo-outcome.ts'
import { DEMO_UPSTREAM_HEADER } from '#portable/demo/demo-upstream-header.ts'
import { isFailureWebhook } from './failure-webhook.ts'
import { watchFrameCancel, type FrameAction } from './frame-cancel.ts'
import { webhookTransaction } from './row-transaction.ts'

/** The demo page's script: a partner app that runs the chosen flow with the browser client and logs every message. */
const config = (window as unknown as { DEMO_CONFIG: DemoConfig }).DEMO_CONFIG
const log = createLog(byId('log'), byId('diagram'))
const status = (text: string) => (byId('status').textContent = text)
const host = createHost(config, log, status)
const banner = byId<HTMLElement>('outcome')

// Every API call of the page joins the timeline (the client's platform calls and the partner server's), and the
// partner server's own secret-key call behind a session (named by the demo route's header).
const realFetch = window.fetch.bind(window)
window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url, location.href)
  const method = init?.method ?? 'GET'
  const response = await realFetch(input, init)
  const partner = url.pathname.startsWith('/demo/api/')
  log.add({
    direction: 'api',
    channel: partner ? 'partner' : 'api',
    frame: '-',
    kind: `${method} ${url.pathname} → ${response.status}`,
    actor: 'host',
  })
  if (partner) void claimAnswered(response.clone())
  const upstream = partner ? response.headers.get(DEMO_UPSTREAM_HEADER) : null
  if (upstream)
    log.add({
      direction: 'api',
      channel: 'api',
      frame: '-',
      kind: `${upstream} → ${response.status}`,
      actor: 'partner',
    })
  return response
}

/**
 * A partner server's answer that names a transaction (a swap executed: `data.transactionId`; a sell or a swap read:
 * `data.id` with its `status`) makes it the current run's: its webhooks land in the run as they come.
 */
async function claimAnswered(response: Response): Promise<void> {
  if (!response.headers.get('content-type')?.includes('json')) return
  const data = ((await response.json().catch(() => undefined)) as { data?: unknown } | undefined)?.data
  if (typeof data !== 'object' || data === null) return
  const { id, status, transactionId } = data as { id?: unknown; status?: unknown; transactionId?: unknown }
  if (typeof transactionId === 'string') log.claim(transactionId)
  if (typeof id === 'string' && typeof status === 'string') log.claim(id)
}

/** The tenant clock's time when the fixtures were read (terms are accepted at the tenant's now, not the wall clock's). */
let tenantNow = '2026-01-01T00:00:00.000Z'

async function loadFixtures() {
  const response = await fetch(`/demo/api/control/fixtures?mode=${host.mode()}`)
  const data = (await response.json()).data
  tenantNow = data.clock.now
  const customers = data.customers as Array<{
    email: string | null
    phoneNumber: string | null
    outcome: string | null
  }>
  const select = byId<HTMLSelectElement>('customer')
  select.replaceChildren(
    ...customers
      .filter((c) => c.email && c.phoneNumber)
      .map((c) => new Option(`${c.email} (${c.outcome ?? 'customer'})`, `${c.email}|${c.phoneNumber}`)),
  )
}

async function copy(text: string) {
  byId<HTMLTextAreaElement>('copied').value = text
  await navigator.clipboard?.writeText(text).catch(() => undefined)
  status('copied')
}

/** The journal seq the log starts after: "Copy as scenario" records from there (set by Clear and by a tenant reset). */
let journalSince = 0
const control = (path: string, body: Record<string, unknown> = {}) =>
  host.post(`/demo/api/control/${path}`, { mode: host.mode(), ...body })
const on = (id: string, action: () => Promise<unknown>) =>
  byId(id).addEventListener('click', () => action().catch((error: unknown) => status(errorText(error))))

/** The frames are where the viewer acts next: in view at every width (below the setup when the layout is stacked). */
const revealFrames = () =>
  byId('frames-panel').scrollIntoView({ block: window.innerWidth < 1100 ? 'start' : 'nearest' })
// Again as each frame mounts: only then is the page below the panel tall enough to bring it to the top.
new MutationObserver(
  (changes) =>
    changes.some((change) => [...change.addedNodes].some((node) => node instanceof HTMLIFrameElement)) &&
    revealFrames(),
).observe(byId('frames'), { childList: true, subtree: true })

/** Empties the frames panel and the partner's own buttons. */
const clearFrames = () => {
  byId('frames').replaceChildren()
  byId('partner-ui').replaceChildren()
}

/** The run under way: its number (a later run makes an earlier one's outcome stale) and how the partner closes it. */
let current = { run: 0, close: () => undefined as void }

/** The latest `data` the webhooks gave of each transaction (a flow's transaction may move before its flow ends). */
const latest = new Map<string, unknown>()
/** What to do with a followed transaction's next webhook, by transaction id: the run's banner moves on. */
const following = new Map<string, (data: unknown) => void>()

/** Runs the tenant clock on far enough for a buy (or a sell after its deposit) to settle: 20 s of sandbox time. */
const SETTLE_BY = '30s'
const settle = async () => {
  tenantNow = (await control('clock/advance', { by: SETTLE_BY })).data.now
  status(`clock: ${tenantNow} (settled)`)
  await pollWebhooks().catch(() => undefined)
}

/** A transaction id as a banner names it: a buy's `txn_…`, a sell's `sell_…`, a swap's `swp_…`. */
const NAMED_TRANSACTION = /\b(?:txn|sell|swp)_[A-Za-z0-9]+/g

/**
 * Shows how run `run` (of `label`) stands: on its folded summary always, in the banner while it is the current run;
 * a pending transaction is followed to its end (its webhooks), with “Settle now” meanwhile.
 */
function standing(run: number, label: string, outcome: Outcome): void {
  log.setOutcome(`${outcome.outcome.toUpperCase()} ${outcome.text}`, run)
  const pending = outcome.outcome === 'pending' && outcome.transaction !== undefined
  if (run === current.run) {
    const action = {
      id: 'settle-now',
      label: 'Settle now',
      run: () => void settle().catch((e) => status(errorText(e))),
    }
    showOutcome(banner, outcome, pending ? action : undefined)
    status(`${label}: ${outcome.outcome}`)
  }
  // The transactions the banner names are the run's (a flow that made one without a frame's `complete` saying so).
  if (run === current.run) for (const [id] of outcome.text.matchAll(NAMED_TRANSACTION)) log.claim(id)
  if (!pending || following.has(outcome.transaction!.id)) return
  const { id } = outcome.transaction!
  log.claim(id)
  following.set(id, (data) => {
    const next = followedOutcome(label, id, data)
    if (next.outcome !== 'pending') following.delete(id)
    standing(run, label, next)
  })
  if (latest.has(id)) following.get(id)!(latest.get(id))
}

/** The customer's actions in a frame after a journal seq, read by the partner server; `undefined` once `run` is over. */
const actionsOf =
  (run: number) =>
  async (channelId: string, after: number): Promise<{ actions: FrameAction[]; last: number } | undefined> => {
    if (run !== current.run) return undefined
    const query = new URLSearchParams({ mode: host.mode(), channel: channelId, after: String(after) })
    const response = await realFetch(`/demo/api/frame-actions?${query}`)
    return response.ok ? (await response.json()).data : { actions: [], last: after }
  }

on('run', async () => {
  current.close()
  const run = current.run + 1
  clearFrames()
  const select = byId<HTMLSelectElement>('flow')
  const id = select.value
  const label = select.selectedOptions[0]?.textContent ?? id
  const flow = FLOWS.get(id)
  showOutcome(banner, undefined)
  status(`running ${label}: use the frames`)
  revealFrames()
  const closed = new Promise<Outcome>((resolve) => {
    current = {
      run,
      close: () =>
        resolve({
          outcome: 'cancelled',
          text: `${label} cancelled: the customer closed the frames before the flow finished.`,
        }),
    }
  })
  log.startRun(label)
  byId<HTMLButtonElement>('close-frames').disabled = false
  await clearing
  const watchCancel: Parameters<NonNullable<typeof flow>>[0]['watchCancel'] = async (frame, cancels) => {
    const cancel = await watchFrameCancel(frame, cancels, actionsOf(run))
    if (run === current.run)
      log.add({
        direction: 'customer',
        channel: cancel.channelId,
        frame: cancel.frame,
        kind: cancel.cancelledBy,
        cancelled: true,
      })
    return cancel
  }
  const outcome = await Promise.race([
    flow
      ? flow({
          host,
          tenantNow: () => tenantNow,
          interim: (o) => run === current.run && showOutcome(banner, o),
          watchCancel,
        })
      : Promise.reject(new Error(`no flow ${id}`)),
    closed,
  ]).catch((error: unknown): Outcome => ({ outcome: 'failure', text: `${label} failed — ${errorText(error)}` }))
  if (run !== current.run) return
  byId<HTMLButtonElement>('close-frames').disabled = true
  standing(run, label, outcome)
})
// The partner's own close (its modal's ×): the frames go, the log says the customer closed them, and the flow says it was cancelled.
on('close-frames', async () => {
  log.add({ direction: 'customer', channel: 'host', frame: '-', kind: 'close the frames', cancelled: true })
  current.close()
  clearFrames()
})
on('advance', async () =>
  status(`clock: ${(tenantNow = (await control('clock/advance', { by: byId('advance-by').value })).data.now)}`),
)
on('fault', async () => {
  await control('faults', { status: Number(byId('fault-status').value) })
  status('the next buy quote fails')
})
on('reset-tenant', async () => {
  await control('reset')
  journalSince = 0
  status('tenant reset')
})
on('copy-json', () => copy(JSON.stringify(log.rows(), null, 2)))
on('copy-scenario', async () =>
  copy(await (await realFetch(`/demo/api/record?mode=${host.mode()}&since=${journalSince}`)).text()),
)
/** The head of the journal being read after a Clear: a flow started right after waits for it, so none of its steps fall before. */
let clearing: Promise<void> = Promise.resolve()
on('clear-log', async () => {
  log.clear()
  // What the log shows from now on is what the scenario records: the journal after its current head.
  clearing = realFetch(`/demo/api/control/journal-head?mode=${host.mode()}`)
    .then(async (head) => void (head.ok && (journalSince = (await head.json()).data.seq)))
    .catch(() => undefined)
  await clearing
})
/** A webhook as `GET /demo/api/webhooks` gives it: the partner server's verdict on one delivery. */
type ReceivedWebhook = { seq: number } & (
  | { verified: true; event: { type: string; data: unknown } }
  | { verified: false; error: { code: string } }
)

/** The last webhook `seq` shown, per mode; absent until the first poll, which shows nothing older than the page. */
const webhooksSeen = new Map<'test' | 'live', number>()

/**
 * The partner server's webhooks (polled outside the log's API rows), each a `webhook` row naming its transaction (the
 * run that made it shows it): rejections and failure events (`isFailureWebhook`) shown as failures; a followed
 * transaction's banner moves on with them.
 */
async function pollWebhooksOnce() {
  const mode = host.mode()
  const seen = webhooksSeen.get(mode)
  const response = await realFetch(`/demo/api/webhooks?mode=${mode}&after=${seen ?? 0}`)
  if (!response.ok) return
  const { data } = (await response.json()) as { data: { webhooks: ReceivedWebhook[]; last: number } }
  // The first poll, or a partner server that restarted (its seq went back): from now on.
  if (seen === undefined || data.last < seen) return void webhooksSeen.set(mode, data.last)
  for (const webhook of data.webhooks) {
    const failure = !webhook.verified || isFailureWebhook(webhook.event.type, webhook.event.data)
    const kind = webhook.verified ? webhook.event.type : `rejected (${webhook.error.code})`
    const transaction = webhook.verified ? webhookTransaction(webhook.event.type, webhook.event.data) : undefined
    log.add({
      direction: 'webhook',
      channel: 'webhook',
      frame: '-',
      kind,
      payload: webhook.verified ? webhook.event : webhook.error,
      failure,
      ...(transaction === undefined ? {} : { transaction }),
    })
    webhooksSeen.set(mode, webhook.seq)
    if (transaction === undefined || !webhook.verified) continue
    latest.set(transaction, webhook.event.data)
    following.get(transaction)?.(webhook.event.data)
  }
}
/** One poll at a time (the timer's and “Settle now”'s): two at once would show a webhook twice. */
let polling: Promise<void> | undefined
const pollWebhooks = (): Promise<void> => (polling ??= pollWebhooksOnce().finally(() => (polling = undefined)))
const WEBHOOK_POLL_MS = 1000
const pollWebhooksForever = (): void =>
  void pollWebhooks()
    .catch(() => undefined)
    .finally(() => setTimeout(pollWebhooksForever, WEBHOOK_POLL_MS))

// The frames follow the page's theme (the client's SDK-internal setTheme, decision record 0072), without a reload.
byId<HTMLSelectElement>('theme').addEventListener('change', (event) => {
  const theme = (event.target as HTMLSelectElement).value === 'dark' ? 'dark' : 'light'
  document.documentElement.dataset.theme = theme
  setFramesTheme(theme)
})
byId<HTMLSelectElement>('mode').addEventListener('change', () =>
  loadFixtures().catch((error: unknown) => status(errorText(error))),
)
// Ready once the fixtures are read and the first webhook poll has registered the partner server's endpoint.
Promise.all([loadFixtures(), pollWebhooks().catch(() => undefined)]).then(
  () => {
    ;(window as unknown as { demoReady: boolean }).demoReady = true
    setTimeout(pollWebhooksForever, WEBHOOK_POLL_MS)
  },
  (error: unknown) => status(errorText(error)),
)

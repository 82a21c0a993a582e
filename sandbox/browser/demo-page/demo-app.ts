import { setFramesTheme } from '../client/index.ts'
import { createLog } from './demo-log.ts'
import { FLOWS } from './demo-flows.ts'
import { byId, createHost, type DemoConfig } from './demo-host.ts'
import { errorText, showOutcome, type Outcome } from './demo-outcome.ts'
import { DEMO_UPSTREAM_HEADER } from '#portable/demo/demo-upstream-header.ts'
import { isFailureWebhook } from './failure-webhook.ts'

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
  byId<HTMLButtonElement>('close-frames').disabled = false
  await clearing
  const outcome = await Promise.race([
    flow
      ? flow({ host, tenantNow: () => tenantNow, interim: (o) => run === current.run && showOutcome(banner, o) })
      : Promise.reject(new Error(`no flow ${id}`)),
    closed,
  ]).catch((error: unknown): Outcome => ({ outcome: 'failure', text: `${label} failed — ${errorText(error)}` }))
  if (run !== current.run) return
  byId<HTMLButtonElement>('close-frames').disabled = true
  showOutcome(banner, outcome)
  status(`${label}: ${outcome.outcome}`)
})
// The partner's own close (its modal's ×): the frames go, and the flow says it was cancelled.
on('close-frames', async () => {
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

/** The partner server's webhooks (polled outside the log's API rows), each a `webhook` row: rejections and failure events (`isFailureWebhook`) shown as failures. */
async function pollWebhooks() {
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
    log.add({
      direction: 'webhook',
      channel: 'webhook',
      frame: '-',
      kind,
      payload: webhook.verified ? webhook.event : webhook.error,
      failure,
    })
    webhooksSeen.set(mode, webhook.seq)
  }
}
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

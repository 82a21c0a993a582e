import { createClient, type ClientFrameEvent, type SetupOptions } from '../client/index.ts'
import { encodeQuote } from '../frames/machines/purchase-flow.ts'
import type { BuyQuote } from '../contract/index.ts'
import { createLog } from './demo-log.ts'

/** The demo page's script: a partner app that runs the chosen flow with the browser client and logs every message. */
const config = (window as unknown as { DEMO_CONFIG: { apiOrigin: string; framesOrigin: string; account: string } }).DEMO_CONFIG
const $ = <T extends HTMLElement = HTMLInputElement>(id: string) => document.getElementById(id) as T
const log = createLog($('log'), $('diagram'))
const mode = () => $<HTMLSelectElement>('mode').value as 'test' | 'live'
const status = (text: string) => ($('status').textContent = text)
const WALLET = { address: '0x52908400098527886E0F7030069857D2E4169EE7' }

// Every API call of the page joins the timeline (the client's platform calls and the partner server's).
const realFetch = window.fetch.bind(window)
window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url, location.href)
  const method = init?.method ?? 'GET'
  const response = await realFetch(input, init)
  const partner = url.pathname.startsWith('/demo/api/')
  log.add({ direction: 'api', channel: partner ? 'partner' : 'api', frame: '-', kind: `${method} ${url.pathname} → ${response.status}`, actor: 'host' })
  return response
}

const client = () => createClient({ framesOrigin: config.framesOrigin, apiOrigin: config.apiOrigin, apiKey: `pk_${mode()}_${config.account}` })

/** Frame options: the visible container and the appearance controls (none for the headless check and reset), and the log hooks. */
function setup(extra: Record<string, string> = {}, headless = false): SetupOptions {
  const container = headless ? undefined : document.createElement('div')
  if (container) $('frames').append(container)
  const customTheme = $<HTMLTextAreaElement>('custom-theme').value.trim()
  const appearance = headless ? {} : { theme: $<HTMLSelectElement>('theme').value, brandColor: $('brand').value, ...(customTheme ? { customTheme } : {}) }
  return {
    container,
    params: { ...appearance, ...extra },
    onEvent: (event: ClientFrameEvent) => log.add({ direction: 'frame→host', channel: event.channelId, frame: event.frame, kind: event.kind, payload: 'payload' in event ? event.payload : undefined }),
    onSend: (message) => log.add({ direction: 'host→frame', channel: message.channelId, frame: message.frame, kind: message.kind, payload: 'payload' in message ? message.payload : undefined }),
  }
}

async function post(path: string, body: unknown) {
  const response = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const json = await response.json()
  if (!response.ok) throw new Error(json.message ?? `${path} answered ${response.status}`)
  return json
}

/** The customer picked: a fixture, or the custom email and phone when both are filled. */
function customer(override?: { email: string; phoneNumber: string }) {
  if (override) return override
  const email = $('custom-email').value.trim()
  const phoneNumber = $('custom-phone').value.trim()
  if (email && phoneNumber) return { email, phoneNumber }
  const [fixtureEmail, fixturePhone] = $<HTMLSelectElement>('customer').value.split('|')
  return { email: fixtureEmail!, phoneNumber: fixturePhone! }
}

/** The partner server part opens a session (secret key server-side). */
async function session(who = customer(), termsAcceptedAt?: string): Promise<string> {
  return (await post('/demo/api/session', { mode: mode(), ...who, ...(termsAcceptedAt ? { termsAcceptedAt } : {}) })).data.sessionToken
}

async function connected(who?: { email: string; phoneNumber: string }) {
  const connection = await client().getConnection(await session(customer(who)), setup({}, true))
  if (connection.status !== 'active') throw new Error(`the connection is ${connection.status}, not active`)
  return connection.credentials
}

/** A signed buy quote for the amount, with the customer's first card or a wallet. */
async function quote(accessToken: string, type: 'card' | 'apple_pay' | 'google_pay', amount = Number($('amount').value)) {
  let paymentMethod: { type: string; id?: string } = { type }
  if (type === 'card') {
    const methods = await client().getPaymentMethods(accessToken)
    paymentMethod = { type, id: (methods.body as { data: { paymentMethods: Array<{ id: string }> } }).data.paymentMethods[0]!.id }
  }
  const reply = await client().getQuote(accessToken, { source: { asset: { code: 'usd' }, amount }, destination: { asset: { code: 'eth' } }, wallet: WALLET, paymentMethod })
  if (reply.status !== 200) throw new Error(`the quote answered ${reply.status}: ${JSON.stringify(reply.body)}`)
  return encodeQuote((reply.body as { data: BuyQuote }).data)
}

/** Mounts a purchase frame; a `challenge` event opens the challenge frame beside it. */
async function purchase(frame: 'buy-button' | 'apple-pay' | 'google-pay', type: 'card' | 'apple_pay' | 'google_pay', amount?: number) {
  const credentials = await connected()
  const signed = await quote(credentials.accessToken, type, amount)
  const options = setup()
  const onEvent = options.onEvent!
  const c = client()
  options.onEvent = (event) => {
    onEvent(event)
    if (event.kind === 'challenge') c.setupChallenge(event.payload.url, setup({ clientToken: credentials.clientToken }))
  }
  const setups = { 'buy-button': c.setupBuyButton, 'apple-pay': c.setupApplePay, 'google-pay': c.setupGooglePay }
  await setups[frame](credentials.clientToken, signed, options)
}

/** A button of the partner's own UI (not a frame), for steps such as accepting terms. */
function partnerButton(label: string, onClick: () => Promise<void>) {
  const button = document.createElement('button')
  button.type = 'button'
  button.textContent = label
  button.className = 'primary'
  button.addEventListener('click', () => onClick().catch((error: Error) => status(error.message)))
  $('partner-ui').append(button)
}

const magic = { ny: { email: 'active.us-ny@sandbox.test', phoneNumber: '+12125550101' }, gb: { email: 'active.gb@sandbox.test', phoneNumber: '+447700900104' }, terms: { email: 'terms@sandbox.test', phoneNumber: '+12125550105' } }

/** The flows, by the ids of the page's menu. */
const flows: Record<string, () => Promise<void>> = {
  connect: async () => {
    const who = customer()
    const result = await client().connect(await session(who), setup())
    status(`connected: ${result.status}`)
  },
  'card-buy': () => purchase('buy-button', 'card'),
  'apple-pay': () => purchase('apple-pay', 'apple_pay'),
  'google-pay': () => purchase('google-pay', 'google_pay'),
  'challenge-48': () => purchase('buy-button', 'card', 48),
  'challenge-49': () => purchase('buy-button', 'card', 49),
  'wallet-failure': () => purchase('google-pay', 'google_pay', 41.13),
  terms: async () => {
    const first = await client().getConnection(await session(magic.terms), setup({}, true))
    status(`connection: ${first.status}; the partner shows its terms`)
    partnerButton('Accept the terms', async () => {
      const again = await client().getConnection(await session(magic.terms, tenantNow), setup({}, true))
      status(`connection: ${again.status}`)
    })
  },
  mismatch: async () => {
    const connection = await client().getConnection(await session({ email: magic.ny.email, phoneNumber: magic.gb.phoneNumber }), setup({}, true))
    status(`connection: ${connection.status}${connection.mismatch ? ' (mismatch)' : ''}`)
  },
  reset: async () => {
    client().resetConnection((await connected()).clientToken, setup({}, true))
  },
  'add-card': async () => {
    client().setupAddCard((await connected()).clientToken, setup())
  },
  widget: async () => {
    client().setupWidget(setup())
  },
  'customer-export': async () => {
    client().setupCustomerExport((await connected()).clientToken, setup())
  },
}

/** The tenant clock's time when the fixtures were read (terms are accepted at the tenant's now, not the wall clock's). */
let tenantNow = '2026-01-01T00:00:00.000Z'

async function loadFixtures() {
  const response = await fetch(`/demo/api/control/fixtures?mode=${mode()}`)
  const data = (await response.json()).data
  tenantNow = data.clock.now
  const customers = data.customers as Array<{ email: string | null; phoneNumber: string | null; outcome: string | null }>
  const select = $<HTMLSelectElement>('customer')
  select.replaceChildren(...customers.filter((c) => c.email && c.phoneNumber).map((c) => new Option(`${c.email} (${c.outcome ?? 'customer'})`, `${c.email}|${c.phoneNumber}`)))
}

async function copy(text: string) {
  $<HTMLTextAreaElement>('copied').value = text
  await navigator.clipboard?.writeText(text).catch(() => undefined)
  status('copied')
}

let journalSince = 0
const control = (path: string, body: Record<string, unknown> = {}) => post(`/demo/api/control/${path}`, { mode: mode(), ...body })
const on = (id: string, action: () => Promise<unknown>) =>
  $(id).addEventListener('click', () => action().catch((error: Error) => status(error.message)))

on('run', async () => {
  $('frames').replaceChildren()
  $('partner-ui').replaceChildren()
  const flow = $<HTMLSelectElement>('flow').value
  status(`running ${flow}…`)
  await flows[flow]!()
  if ($('status').textContent === `running ${flow}…`) status(`${flow} started: use the frames`)
})
on('advance', async () => status(`clock: ${(tenantNow = (await control('clock/advance', { by: $('advance-by').value })).data.now)}`))
on('fault', async () => {
  await control('faults', { status: Number($('fault-status').value) })
  status('the next buy quote fails')
})
on('reset-tenant', async () => {
  await control('reset')
  journalSince = 0
  status('tenant reset')
})
on('copy-json', () => copy(JSON.stringify(log.rows(), null, 2)))
on('copy-scenario', async () => copy(await (await fetch(`/demo/api/record?mode=${mode()}&since=${journalSince}`)).text()))
on('clear-log', async () => log.clear())
/** A webhook as `GET /demo/api/webhooks` gives it: the partner server's verdict on one delivery. */
type ReceivedWebhook = { seq: number } & ({ verified: true; event: { type: string } } | { verified: false; error: { code: string } })

/** The last webhook `seq` shown, per mode; absent until the first poll, which shows nothing older than the page. */
const webhooksSeen = new Map<'test' | 'live', number>()

/** The partner server's webhooks (polled outside the log's API rows), each a `webhook` row: failures shown as such. */
async function pollWebhooks() {
  const current = mode()
  const seen = webhooksSeen.get(current)
  const response = await realFetch(`/demo/api/webhooks?mode=${current}&after=${seen ?? 0}`)
  if (!response.ok) return
  const { data } = (await response.json()) as { data: { webhooks: ReceivedWebhook[]; last: number } }
  // The first poll, or a partner server that restarted (its seq went back): from now on.
  if (seen === undefined || data.last < seen) return void webhooksSeen.set(current, data.last)
  for (const webhook of data.webhooks) {
    const failure = !webhook.verified || webhook.event.type === 'transaction_failed'
    const kind = webhook.verified ? webhook.event.type : `rejected (${webhook.error.code})`
    log.add({ direction: 'webhook', channel: 'webhook', frame: '-', kind, payload: webhook.verified ? webhook.event : webhook.error, failure })
    webhooksSeen.set(current, webhook.seq)
  }
}
const WEBHOOK_POLL_MS = 1000
const pollWebhooksForever = (): void => void pollWebhooks().catch(() => undefined).finally(() => setTimeout(pollWebhooksForever, WEBHOOK_POLL_MS))

$<HTMLSelectElement>('theme').addEventListener('change', (event) => (document.documentElement.dataset.theme = (event.target as HTMLSelectElement).value))
$<HTMLSelectElement>('mode').addEventListener('change', () => loadFixtures().catch((error: Error) => status(error.message)))
// Ready once the fixtures are read and the first webhook poll has registered the partner server's endpoint.
Promise.all([loadFixtures(), pollWebhooks().catch(() => undefined)]).then(() => {
  ;(window as unknown as { demoReady: boolean }).demoReady = true
  setTimeout(pollWebhooksForever, WEBHOOK_POLL_MS)
}, (error: Error) => status(error.message))

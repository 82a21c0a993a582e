import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import type { DEMO_FLOWS } from '#portable/demo/demo-flow-labels.ts'

/**
 * One thing the viewer does while a flow runs: an action in a frame (a form's submit; `{fresh}` in a field's value
 * becomes a value no run has used), or a button of the page (the partner's own, or the banner's “Settle now”).
 */
type DriverStep = { frame: string; action: string; fields?: Record<string, string> } | { partnerButton: string }

/** How to run one flow of the menu to its end, and what its result banner and diagram then show. */
interface FlowPlan {
  steps: DriverStep[]
  /** The banner's final word (a pending transaction is followed to its end: the plan presses “Settle now”). */
  outcome: 'success' | 'failure' | 'cancelled' | 'pending'
  /** Words the banner's text contains. */
  text: RegExp
  /** The frames drawn as lanes (by the start of their lane's name), besides the page's, the partner server's and the API's. */
  frames: string[]
  /** The run makes a transaction whose webhooks land in its log, each naming it. */
  webhooks?: true
  /** What the viewer does on the page before the run (a fault injected). */
  before?: (page: Page) => Promise<void>
  /** What the browser itself logs of the run and the page cannot keep quiet: a fault's answer (`Failed to load resource … 503`). */
  console?: RegExp
}

const WALLET = '0x52908400098527886E0F7030069857D2E4169EE7'
const sellInWidget: DriverStep[] = [
  { frame: 'widget', action: 'chooseAmount', fields: { amount: '0.5' } },
  { frame: 'widget', action: 'enterWallet', fields: { address: WALLET } },
  { frame: 'widget', action: 'confirmSell' },
]
/** A swap's partner buttons up to its deposit (`deposit` names the deposit's button), then screening's advance. */
const swapTo = (deposit: string): DriverStep[] =>
  ['Swap 100 USDC', 'Advance the clock 5 s', deposit, 'Advance the clock 10 s'].map((partnerButton) => ({
    partnerButton,
  }))
const SETTLE: DriverStep = { partnerButton: 'Settle now' }
const tapAndPay = (frame: string): DriverStep[] => [
  { frame, action: 'tapPay' },
  { frame, action: 'confirmSheet' },
]
const COMPLETED = /transaction \S+ is completed/
const CODE: DriverStep = { frame: 'auth', action: 'enterCode', fields: { code: '000000' } }

/** Every flow of the menu, with the page's default customer (the first fixture, active in New York) and amount (100). */
export const FLOW_PLANS: Record<keyof typeof DEMO_FLOWS, FlowPlan> = {
  connect: {
    steps: [
      { frame: 'connect', action: 'enterEmail', fields: { email: 'connect-{fresh}@example.com' } },
      { frame: 'connect', action: 'enterCode', fields: { code: '000000' } },
      { frame: 'connect', action: 'acceptTerms' },
    ],
    outcome: 'success',
    text: /Connected: the customer is active/,
    frames: ['connect'],
  },
  'card-buy': {
    steps: [...tapAndPay('buy-button'), SETTLE],
    outcome: 'success',
    text: COMPLETED,
    frames: ['check', 'buy-button'],
    webhooks: true,
  },
  'apple-pay': {
    steps: [...tapAndPay('apple-pay'), SETTLE],
    outcome: 'success',
    text: COMPLETED,
    frames: ['check', 'apple-pay'],
    webhooks: true,
  },
  'google-pay': {
    steps: [...tapAndPay('google-pay'), SETTLE],
    outcome: 'success',
    text: COMPLETED,
    frames: ['check', 'google-pay'],
    webhooks: true,
  },
  'challenge-48': {
    steps: [...tapAndPay('buy-button'), { frame: 'challenge', action: 'completeChallenge' }, SETTLE],
    outcome: 'success',
    text: COMPLETED,
    frames: ['check', 'buy-button', 'challenge'],
    webhooks: true,
  },
  'challenge-49': {
    steps: [...tapAndPay('buy-button'), { frame: 'challenge', action: 'enterCvv', fields: { cvv: '123' } }, SETTLE],
    outcome: 'success',
    text: COMPLETED,
    frames: ['check', 'buy-button', 'challenge'],
    webhooks: true,
  },
  terms: {
    steps: [{ partnerButton: 'Accept the terms' }, CODE],
    outcome: 'success',
    text: /Connected: the customer is active/,
    frames: ['check', 'auth'],
  },
  mismatch: { steps: [], outcome: 'failure', text: /connectionRequired, mismatch/, frames: ['check'] },
  'wallet-failure': {
    steps: tapAndPay('google-pay'),
    outcome: 'failure',
    text: /Payment failed: .*transactionNotAllowed/,
    frames: ['check', 'google-pay'],
    webhooks: true,
  },
  reset: { steps: [], outcome: 'success', text: /Logged out/, frames: ['check', 'reset'] },
  'add-card': {
    steps: [
      {
        frame: 'add-card',
        action: 'enterCard',
        fields: { number: '4242424242424242', expiryMonth: '12', expiryYear: '2030', cvc: '123' },
      },
    ],
    outcome: 'success',
    text: /Card added: visa ending 4242/,
    frames: ['check', 'add-card'],
  },
  widget: {
    steps: [
      { frame: 'widget', action: 'chooseAmount', fields: { amount: '100' } },
      { frame: 'widget', action: 'enterWallet', fields: { address: WALLET } },
      { frame: 'widget', action: 'pay' },
      SETTLE,
    ],
    outcome: 'success',
    text: COMPLETED,
    frames: ['check', 'widget'],
    webhooks: true,
  },
  'customer-export': {
    steps: [{ frame: 'customer-export', action: 'consent' }],
    outcome: 'success',
    text: /Export consent given/,
    frames: ['check', 'customer-export'],
  },
  sell: {
    steps: [...sellInWidget, { partnerButton: 'Send the deposit' }, { partnerButton: 'Advance the clock 20 s' }],
    outcome: 'success',
    text: /Sell sell_\S+ completed: 0\.5 ETH sold for [\d.]+ USD/,
    frames: ['check', 'widget'],
  },
  'sell-refund': {
    steps: [...sellInWidget, { partnerButton: 'Send the wrong amount' }],
    outcome: 'failure',
    text: /Sell sell_\S+ failed \(refund\): the deposit of 0\.4 ETH did not match the 0\.5 ETH asked/,
    frames: ['check', 'widget'],
  },
  swap: {
    steps: [...swapTo('Deposit 100 USDC'), { partnerButton: 'Advance the clock 30 s' }],
    outcome: 'success',
    text: /Swap swp_\S+ completed: 100 USDC swapped for [\d.]+ ETH/,
    frames: ['check'],
  },
  'swap-requote-accepted': {
    steps: [
      ...swapTo('Deposit 80 USDC'),
      { partnerButton: 'Accept the requote' },
      { partnerButton: 'Advance the clock 30 s' },
    ],
    outcome: 'success',
    text: /Swap swp_\S+ completed at the requote: 80 USDC swapped for [\d.]+ ETH/,
    frames: ['check'],
  },
  'swap-requote-rejected': {
    steps: [
      ...swapTo('Deposit 80 USDC'),
      { partnerButton: 'Reject the requote' },
      { partnerButton: 'Advance the clock 30 s' },
    ],
    outcome: 'cancelled',
    text: /Swap swp_\S+ refunded: the customer rejected the requote, so the swap failed \(depositAmountIncorrect\)/,
    frames: ['check'],
  },
}

/**
 * The runs the menu alone does not show, each after the menu's flows in the same page: terms twice in a row (the
 * second finds its customer as the first did), a fault on the buy quote, and each way a customer cancels (a wallet
 * sheet, a challenge, a connect frame's Cancel, the partner's “Close the frames”).
 */
export const EXTRA_RUNS: Array<{ name: string; flow: keyof typeof DEMO_FLOWS; plan: FlowPlan }> = [
  { name: 'terms a second time', flow: 'terms', plan: FLOW_PLANS.terms },
  {
    name: 'a card buy whose quote answers 503 (a fault)',
    flow: 'card-buy',
    plan: {
      steps: [],
      outcome: 'failure',
      text: /failed — .*503/,
      frames: ['check'],
      console:
        /^error: Failed to load resource: the server responded with a status of 503 .*\/platform\/v1\/quotes\/buy\)$/,
      before: async (page) => {
        await page.fill('#fault-status', '503')
        await page.click('#fault')
        await page.getByText('the next buy quote fails').waitFor(POLL)
      },
    },
  },
  {
    name: 'an Apple Pay sheet cancelled',
    flow: 'apple-pay',
    plan: {
      steps: [
        { frame: 'apple-pay', action: 'tapPay' },
        { frame: 'apple-pay', action: 'cancelSheet' },
      ],
      outcome: 'cancelled',
      text: /closed the apple-pay sheet/,
      frames: ['check', 'apple-pay'],
    },
  },
  {
    name: 'a 48 challenge cancelled',
    flow: 'challenge-48',
    plan: {
      steps: [...tapAndPay('buy-button'), { frame: 'challenge', action: 'cancelChallenge' }],
      outcome: 'cancelled',
      text: /cancelled the verification; transaction \S+ is failed/,
      frames: ['check', 'buy-button', 'challenge'],
    },
  },
  {
    name: 'a connect frame closed by its Cancel',
    flow: 'connect',
    plan: {
      steps: [{ frame: 'connect', action: 'cancel' }],
      outcome: 'cancelled',
      text: /closed the connect frame/,
      frames: ['connect'],
    },
  },
  {
    name: 'a card buy whose frames the partner closes',
    flow: 'card-buy',
    plan: {
      steps: [{ frame: 'buy-button', action: 'tapPay' }, { partnerButton: 'Close the frames' }],
      outcome: 'cancelled',
      text: /closed the frames/,
      frames: ['check', 'buy-button'],
    },
  },
]

/** Poll timeouts of the driver: a busy 2-core machine, never the 5 s default. */
export const POLL = { timeout: 15_000 }

/**
 * The demo page, opened and ready, at a width and theme (`#theme` set as a viewer sets it), its console watched
 * (`watchConsole`).
 *
 * @example
 * const page = await openDemo(browser, sandbox.apiUrl, { width: 390, height: 844 }, 'dark')
 */
export async function openDemo(
  browser: { newPage(options: object): Promise<Page> },
  apiUrl: string,
  viewport: { width: number; height: number },
  theme: 'light' | 'dark',
): Promise<Page> {
  const page = await browser.newPage({ viewport })
  watchConsole(page)
  await page.goto(`${apiUrl}/demo`)
  await page.waitForFunction(() => (window as unknown as { demoReady?: boolean }).demoReady === true, undefined, POLL)
  await page.selectOption('#theme', theme)
  return page
}

/** Distinct values for `{fresh}` in a step's fields: a customer no run has met. */
let freshCount = 0
const fresh = (value: string) => value.replace('{fresh}', `${process.pid}-${Date.now()}-${++freshCount}`)

/** A button's accessible name that is `label`, or starts with it and goes on after a colon or a space. */
const labelled = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:$|[: ])`)

/** Does one step: fills and submits a visible frame's form, or presses a button of the page. */
export async function doStep(page: Page, step: DriverStep): Promise<void> {
  // A partner button is named by its label's start: a deposit's label goes on with its amount ("Send the deposit: 0.5 ETH").
  if ('partnerButton' in step) return page.getByRole('button', { name: labelled(step.partnerButton) }).click(POLL)
  const form = page
    .frameLocator(`#frames iframe[title="${step.frame} frame"]`)
    .locator(`form[data-action="${step.action}"]`)
  await form.waitFor(POLL)
  for (const [name, value] of Object.entries(step.fields ?? {}))
    await form.locator(`input[name="${name}"]`).fill(fresh(value))
  await form.locator('button[type="submit"]').click(POLL)
}

/** Clears the log (unless `clear` is false: the run then folds the one before away), picks the flow (and the amount) and runs it. */
export async function startFlow(page: Page, flow: string, amount?: number, { clear = true } = {}): Promise<void> {
  if (clear) await page.click('#clear-log')
  await page.selectOption('#flow', flow)
  if (amount !== undefined) await page.fill('#amount', String(amount))
  await page.click('#run')
}

/** The result banner once it shows: `data-outcome` and text. */
export async function bannerOf(page: Page): Promise<{ outcome: string; text: string }> {
  const banner = page.locator('#outcome[data-outcome]')
  await banner.waitFor(POLL)
  return { outcome: (await banner.getAttribute('data-outcome'))!, text: (await banner.textContent())! }
}

/** The diagram's lane names (`text.head` of its SVG). */
const lanesOf = (page: Page) => page.locator('#diagram svg text.head').allTextContents()

/** The diagram's drawn width and its box's, and whether the page scrolls sideways. */
const fitOf = (page: Page) =>
  page.evaluate(() => {
    const box = document.getElementById('diagram')!
    const svg = box.querySelector('svg')
    return {
      svg: svg?.getBoundingClientRect().width ?? 0,
      box: box.clientWidth,
      pageScroll: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    }
  })

/** Each page's console errors and warnings and uncaught errors, its frames' included, as `type: text`. */
const consoles = new WeakMap<Page, string[]>()

/**
 * Keeps the console errors and warnings (and uncaught errors) of a page and of every frame in it, for `runFlow`.
 *
 * @example
 * watchConsole(page) // before page.goto
 */
function watchConsole(page: Page): void {
  const said: string[] = []
  consoles.set(page, said)
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      said.push(`${message.type()}: ${message.text()} (${message.location().url})`)
  })
  page.on('pageerror', (error) => said.push(`pageerror: ${error.message}`))
}

/** Where the diagram of the current run is drawn, against the viewport. */
const diagramView = (page: Page) =>
  page.evaluate(() => {
    const diagram = document.getElementById('diagram')!
    const box = (diagram.querySelector('svg') ?? diagram).getBoundingClientRect()
    return {
      run: diagram.dataset.run,
      top: box.top,
      bottom: box.bottom,
      left: box.left,
      right: box.right,
      width: innerWidth,
      height: innerHeight,
    }
  })

/** The transaction ids the current run's log rows name, and the webhook rows of a transaction event that name none. */
const namedTransactions = (page: Page) =>
  page.locator('#log li').evaluateAll((items) => ({
    named: items.flatMap((item) => ((item as HTMLElement).dataset.transaction ?? []) as string[]),
    unnamed: items
      .filter((item) => (item as HTMLElement).dataset.direction === 'webhook')
      .filter((item) => /^(transaction|sell_transaction_|swap_)/.test((item as HTMLElement).dataset.kind ?? ''))
      .filter((item) => (item as HTMLElement).dataset.transaction === undefined).length,
  }))

/**
 * Runs one flow of the menu as its plan says and asserts what the Done-when asks of every run: its banner
 * reaches its final word (a pending transaction followed to its end), the run's log names no other transaction (and
 * its webhook rows name theirs), the diagram fits its box and has the flow's lanes, the page does not scroll
 * sideways, at 1440×900 the diagram of the current run is in view, and no console error or warning (page or frame).
 *
 * @example
 * await runFlow(page, 'card-buy', FLOW_PLANS['card-buy'])
 */
export async function runFlow(page: Page, flow: string, plan: FlowPlan, { clear = true } = {}): Promise<void> {
  const said = consoles.get(page) ?? []
  const before = said.length
  await plan.before?.(page)
  const run = Number((await page.locator('#diagram').getAttribute('data-run')) ?? 0) + 1
  await startFlow(page, flow, flow === 'card-buy' ? 100 : undefined, { clear })
  for (const step of plan.steps) await doStep(page, step)
  await expect.poll(async () => (await bannerOf(page)).outcome, POLL).toBe(plan.outcome)
  const { text } = await bannerOf(page)
  expect(text).toMatch(plan.text)
  // The run's transaction, as its banner names it: a buy's txn_…, a sell's sell_…, a swap's swp_….
  const transaction = /\b(?:txn|sell|swp)_[A-Za-z0-9]+/.exec(text)?.[0]
  if (plan.webhooks) {
    expect(transaction, 'the banner names the transaction').toBeDefined()
    await expect
      .poll(() => page.locator(`#log li[data-direction="webhook"][data-transaction="${transaction}"]`).count(), POLL)
      .toBeGreaterThan(0)
  }
  const lanes = ['partner server', 'sandbox API', 'host page']
  await expect
    .poll(async () => {
      const names = await lanesOf(page)
      return [
        ...lanes.filter((lane) => names.includes(lane)),
        ...plan.frames.filter((frame) => names.some((name) => name.startsWith(frame))),
      ]
    }, POLL)
    .toEqual([...lanes, ...plan.frames])
  const { named, unnamed } = await namedTransactions(page)
  expect(
    named.filter((id) => id !== transaction),
    "the run's log holds no event of another transaction",
  ).toEqual([])
  expect(unnamed, 'every webhook row of a transaction names it').toBe(0)
  const fit = await fitOf(page)
  expect(fit.svg, 'the diagram is drawn within its box').toBeLessThanOrEqual(fit.box + 1)
  expect(fit.pageScroll, 'the page does not scroll sideways').toBeLessThanOrEqual(0)
  const view = await diagramView(page)
  expect(view.run, 'the diagram draws the current run').toBe(String(run))
  if (view.width === 1440 && view.height === 900)
    expect(
      view.top >= 0 && view.top < view.height && view.left >= 0 && view.right <= view.width,
      `the diagram of the current run is in view at 1440×900 (its box: ${JSON.stringify(view)})`,
    ).toBe(true)
  const heard = said.slice(before).filter((line) => !plan.console?.test(line))
  expect(heard, 'no console error or warning, page or frames').toEqual([])
}

import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import type { DEMO_FLOWS } from '#portable/demo/demo-flow-labels.ts'

/** One thing the viewer does while a flow runs: an action in a frame (a form's submit), or a button of the partner's page. */
type DriverStep = { frame: string; action: string; fields?: Record<string, string> } | { partnerButton: string }

/** How to run one flow of the menu to its end, and what its result banner and diagram then show. */
interface FlowPlan {
  steps: DriverStep[]
  outcome: 'success' | 'failure' | 'cancelled' | 'pending'
  /** Words the banner's text contains. */
  text: RegExp
  /** The frames drawn as lanes (by the start of their lane's name), besides the page's, the partner server's and the API's. */
  frames: string[]
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
const tapAndPay = (frame: string): DriverStep[] => [
  { frame, action: 'tapPay' },
  { frame, action: 'confirmSheet' },
]

/** Every flow of the menu, with the page's default customer (the first fixture, active in New York) and amount (100). */
export const FLOW_PLANS: Record<keyof typeof DEMO_FLOWS, FlowPlan> = {
  connect: { steps: [], outcome: 'success', text: /Connected: the customer is active/, frames: ['connect'] },
  'card-buy': {
    steps: tapAndPay('buy-button'),
    outcome: 'pending',
    text: /Payment submitted: transaction \S+ is pending/,
    frames: ['check', 'buy-button'],
  },
  'apple-pay': {
    steps: tapAndPay('apple-pay'),
    outcome: 'pending',
    text: /Payment submitted: transaction \S+ is pending/,
    frames: ['check', 'apple-pay'],
  },
  'google-pay': {
    steps: tapAndPay('google-pay'),
    outcome: 'pending',
    text: /Payment submitted: transaction \S+ is pending/,
    frames: ['check', 'google-pay'],
  },
  'challenge-48': {
    steps: [...tapAndPay('buy-button'), { frame: 'challenge', action: 'completeChallenge' }],
    outcome: 'pending',
    text: /Payment submitted after the verification: transaction \S+ is pending/,
    frames: ['check', 'buy-button', 'challenge'],
  },
  'challenge-49': {
    steps: [...tapAndPay('buy-button'), { frame: 'challenge', action: 'enterCvv', fields: { cvv: '123' } }],
    outcome: 'pending',
    text: /Payment submitted after the verification: transaction \S+ is pending/,
    frames: ['check', 'buy-button', 'challenge'],
  },
  terms: {
    steps: [{ partnerButton: 'Accept the terms' }],
    outcome: 'success',
    text: /Connected: the customer is active/,
    frames: ['check'],
  },
  mismatch: { steps: [], outcome: 'failure', text: /connectionRequired, mismatch/, frames: ['check'] },
  'wallet-failure': {
    steps: tapAndPay('google-pay'),
    outcome: 'failure',
    text: /Payment failed: .*transactionNotAllowed/,
    frames: ['check', 'google-pay'],
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
    ],
    outcome: 'pending',
    text: /Payment submitted: transaction \S+ is pending/,
    frames: ['check', 'widget'],
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

/** Poll timeouts of the driver: a busy 2-core machine, never the 5 s default. */
export const POLL = { timeout: 15_000 }

/**
 * The demo page, opened and ready, at a width and theme (`#theme` set as a viewer sets it).
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
  await page.goto(`${apiUrl}/demo`)
  await page.waitForFunction(() => (window as unknown as { demoReady?: boolean }).demoReady === true, undefined, POLL)
  await page.selectOption('#theme', theme)
  return page
}

/** Does one step: fills and submits a visible frame's form, or presses a partner button. */
export async function doStep(page: Page, step: DriverStep): Promise<void> {
  if ('partnerButton' in step) return page.getByRole('button', { name: step.partnerButton }).click(POLL)
  const form = page
    .frameLocator(`#frames iframe[title="${step.frame} frame"]`)
    .locator(`form[data-action="${step.action}"]`)
  await form.waitFor(POLL)
  for (const [name, value] of Object.entries(step.fields ?? {})) await form.locator(`input[name="${name}"]`).fill(value)
  await form.locator('button[type="submit"]').click(POLL)
}

/** Clears the log, picks the flow (and the amount) and runs it. */
export async function startFlow(page: Page, flow: string, amount?: number): Promise<void> {
  await page.click('#clear-log')
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

/**
 * Runs one flow of the menu as its plan says and asserts its banner, the diagram's fit in its box, no sideways
 * scroll of the page, and the lanes (page, partner server, API and the flow's frames).
 *
 * @example
 * await runFlow(page, 'card-buy', FLOW_PLANS['card-buy'])
 */
export async function runFlow(page: Page, flow: string, plan: FlowPlan): Promise<void> {
  await startFlow(page, flow, flow === 'card-buy' ? 100 : undefined)
  for (const step of plan.steps) await doStep(page, step)
  await expect.poll(async () => (await bannerOf(page)).outcome, POLL).toBe(plan.outcome)
  expect((await bannerOf(page)).text).toMatch(plan.text)
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
  const fit = await fitOf(page)
  expect(fit.svg, 'the diagram is drawn within its box').toBeLessThanOrEqual(fit.box + 1)
  expect(fit.pageScroll, 'the page does not scroll sideways').toBeLessThanOrEqual(0)
}

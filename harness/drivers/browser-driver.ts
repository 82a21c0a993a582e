import type { Browser, Page } from 'playwright-core'
import { startServer, type RunningSandbox } from '#adapters/node-http/index.ts'
import { PUBLIC_TEST_SECRET } from '#http/index.ts'
import { launchChromium } from '#page-host/chromium.ts'
import { startHostPage, type HostPageServer } from '#page-host/host-page-server.ts'
import { newRecording, resolveInput, type Recording } from '../recording.ts'
import type { Scenario } from '../scenario.ts'
import { browserFrames, type BrowserFrames } from './browser-frames.ts'
import { trackEffects } from './effect-tracker.ts'
import { countExpectedRequests } from './api-steps.ts'
import { fetchApi } from './fetch-api.ts'
import { reactNativeFrames } from './react-native-frames.ts'
import { runStep } from './run-step.ts'
import { WebhookInboxes } from './webhook-inboxes.ts'
import { WebhookListeners } from './webhook-listeners.ts'
import { startWebhookReceiver, type WebhookReceiverServer } from './webhook-receiver-server.ts'

/** One seed's sandbox server and the host page (its own origin) that embeds its frames. */
export interface BrowserSite {
  sandbox: RunningSandbox
  host: HostPageServer
  /** Loaded host pages between runs (a new page costs more than a scenario's steps). */
  idle: Page[]
  /** Where the server's webhooks to the runs' endpoints arrive. */
  webhooks: WebhookReceiverServer
}

/**
 * What the browser driver runs on: Chromium, and a server plus host page per seed and frame host, started on first use
 * (the React Native host has servers of its own, so a run under it may use the same account as one on the web host).
 */
export interface BrowserEnv {
  browser: Browser
  site(seed: number, host?: FrameHost): Promise<BrowserSite>
  close(): Promise<void>
}

/** The seed of a scenario without one: `RAMP_SCENARIO_SEED`, else 1 (as in the node driver). */
export const defaultSeed = () => Number(process.env.RAMP_SCENARIO_SEED ?? 1)

/**
 * Starts the browser driver's environment: Chromium (or the one given, which
 * `close` leaves open) and the default seed's server (`startServer({port: 0,
 * framesPort: 0})`) with its host page; other seeds get theirs when asked.
 *
 * @example
 * const env = await startBrowserEnv()
 * const recording = await runInBrowser(env, scenario)
 * await env.close()
 */
export async function startBrowserEnv(options: { browser?: Browser } = {}): Promise<BrowserEnv> {
  const browser = options.browser ?? (await launchChromium())
  const sites = new Map<string, Promise<BrowserSite>>()
  const start = async (seed: number): Promise<BrowserSite> => {
    // The node driver's core signs with the public test secret; so does this server: same seed, same tokens on both drivers.
    const sandbox = await startServer({ port: 0, framesPort: 0, seed, secret: PUBLIC_TEST_SECRET })
    return {
      sandbox,
      host: await startHostPage(sandbox.apiUrl, sandbox.framesUrl),
      idle: [],
      webhooks: await startWebhookReceiver(new WebhookInboxes()),
    }
  }
  const env: BrowserEnv = {
    browser,
    site(seed, host = 'web') {
      const key = `${seed}:${host}`
      if (!sites.has(key)) sites.set(key, start(seed))
      return sites.get(key)!
    },
    async close() {
      for (const site of sites.values()) {
        const { host, sandbox, idle, webhooks } = await site
        await Promise.all(idle.splice(0).map((page) => page.close()))
        await host.close()
        await sandbox.close()
        await webhooks.close()
      }
      if (!options.browser) await browser.close()
    },
  }
  await env.site(defaultSeed())
  return env
}

let runs = 0

/**
 * How the browser driver hosts frames: `web`, in iframes of a host page through the browser client; `react-native`,
 * each frame page top-level in a page of its own with `ReactNativeWebView` injected, the harness playing the app.
 */
export type FrameHost = 'web' | 'react-native'

/** The frame host the environment asks for (`RAMP_HOST=react-native`, else web): how the Playwright catalog picks it. */
export const hostFromEnv = (): FrameHost => (process.env.RAMP_HOST === 'react-native' ? 'react-native' : 'web')

/** Where one run's frames live, and how it ends: a host page (kept for the next run when clean) or a browser context. */
async function hostFrames(
  env: BrowserEnv,
  site: BrowserSite,
  host: FrameHost,
  recording: Recording,
): Promise<{ frames: BrowserFrames; end(clean: boolean): Promise<void> }> {
  if (host === 'react-native') {
    const context = await env.browser.newContext()
    const { settle, stop } = trackEffects(context)
    const frames = reactNativeFrames({ context, framesUrl: site.sandbox.framesUrl, settle }, recording)
    return { frames, end: async () => (stop(), await context.close().catch(() => undefined)) }
  }
  const page = await hostPage(env, site)
  const { settle, stop } = trackEffects(page)
  const frames = browserFrames({ page, origin: new URL(site.host.url).origin, settle }, recording)
  return {
    frames,
    async end(clean) {
      stop()
      // A page a run failed on may still be busy: close it rather than reuse it.
      if (clean && !page.isClosed()) site.idle.push(page)
      else await page.close().catch(() => undefined)
    },
  }
}

/** A loaded host page with nothing mounted and no events: a reused one, or a new one. */
async function hostPage(env: BrowserEnv, site: BrowserSite): Promise<Page> {
  let page = site.idle.pop()
  if (!page) {
    page = await env.browser.newPage()
    await page.goto(site.host.url)
    await page.waitForFunction(() => (window as any).ready === true)
  }
  await page.evaluate(() => {
    const w = window as any
    for (const mounted of Object.values(w.frames_ ?? {})) (mounted as { destroy(): void }).destroy()
    document.querySelectorAll('iframe').forEach((iframe) => {
      iframe.remove()
    })
    document.getElementById('frames')!.replaceChildren()
    w.frames_ = {}
    w.connections = {}
    w.frameEvents = []
    w.record = (event: unknown) => w.frameEvents.push({ ...(event as object), at: Date.now() })
  })
  return page
}

/**
 * Runs a scenario in Chromium, step for step as `runInNode` does: server,
 * control and API steps by `fetch` to the real server, `getConnection`, `setupAuth` and
 * frames through the browser client on a host page of its own origin, customer
 * actions by filling and submitting the frame's `form[data-action]`. A frame
 * that CSP refuses posts nothing. Records events per channel, results and a timeline.
 * With `host: 'react-native'` the frames run as a React Native app shows them (`react-native-frames.ts`).
 */
export async function runInBrowser(
  env: BrowserEnv,
  scenario: Scenario,
  { host = 'web' }: { host?: FrameHost } = {},
): Promise<Recording> {
  const site = await env.site(scenario.seed ?? defaultSeed(), host)
  const mode = scenario.mode ?? 'test'
  const account = scenario.account ?? `browser_${process.pid}_${++runs}`
  const recording = newRecording()
  const resolve = (input: unknown) => resolveInput(input, recording.results) as any

  const { frames, end } = await hostFrames(env, site, host, recording)
  const webhooks = new WebhookListeners(site.webhooks)
  let clean = false
  try {
    const api = fetchApi(site.sandbox.apiUrl, frames.note)
    const driver = { api, mode, account, resolve, recording, frames, webhooks }
    try {
      for (const step of scenario.steps) await runStep(step, driver)
      await frames.settle()
      await webhooks.finish(driver)
      await countExpectedRequests(scenario, driver)
    } catch (error) {
      // What happened up to the failing step, for the report (`error.recording`).
      await frames.finish().catch(() => undefined)
      throw Object.assign(error instanceof Error ? error : new Error(String(error)), { recording })
    }
    await frames.finish()
    clean = true
    return recording
  } finally {
    webhooks.close()
    await end(clean)
  }
}

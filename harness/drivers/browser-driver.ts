import type { Browser, Page, Request } from 'playwright-core'
import type { FrameName, FrameOutbound } from '../../sandbox/contract/index.ts'
import { startServer, type RunningSandbox } from '../../sandbox/adapters/node-http/index.ts'
import { PUBLIC_TEST_SECRET } from '../../sandbox/core/index.ts'
import { challengeParams } from '../../sandbox/frames/testing/frame-script.ts'
import { launchChromium } from '../../sandbox/testing/chromium.ts'
import { startHostPage, type HostPageServer } from '../../sandbox/testing/host-page-server.ts'
import { resolveInput, type Recording, type TimelineEntry } from '../recording.ts'
import type { Scenario, Step } from '../scenario.ts'
import { channelIdOf } from './node-driver.ts'
import { runApiStep } from './api-steps.ts'
import { pause, within } from './timers.ts'

/** One seed's sandbox server and the host page (its own origin) that embeds its frames. */
export interface BrowserSite {
  sandbox: RunningSandbox
  host: HostPageServer
  /** Loaded host pages between runs (a new page costs more than a scenario's steps). */
  idle: Page[]
}

/** What the browser driver runs on: Chromium, and a server plus host page per seed, started on first use. */
export interface BrowserEnv {
  browser: Browser
  site(seed: number): Promise<BrowserSite>
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
  const sites = new Map<number, Promise<BrowserSite>>()
  const start = async (seed: number): Promise<BrowserSite> => {
    // The node driver's core signs with the public test secret; so does this server: same seed, same tokens on both drivers.
    const sandbox = await startServer({ port: 0, framesPort: 0, seed, secret: PUBLIC_TEST_SECRET })
    return { sandbox, host: await startHostPage(sandbox.apiUrl, sandbox.framesUrl), idle: [] }
  }
  const env: BrowserEnv = {
    browser,
    site(seed) {
      if (!sites.has(seed)) sites.set(seed, start(seed))
      return sites.get(seed)!
    },
    async close() {
      for (const site of sites.values()) {
        const { host, sandbox, idle } = await site
        await Promise.all(idle.splice(0).map((page) => page.close()))
        await host.close()
        await sandbox.close()
      }
      if (!options.browser) await browser.close()
    },
  }
  await env.site(defaultSeed())
  return env
}

type PageEvent = FrameOutbound & { frame: FrameName; channelId: string; at: number }

const WAIT_MS = 10_000
let runs = 0

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
    document.querySelectorAll('iframe').forEach((iframe) => iframe.remove())
    document.getElementById('frames')!.replaceChildren()
    w.frames_ = {}
    w.connections = {}
    w.frameEvents = []
    w.record = (event: unknown) => w.frameEvents.push({ ...(event as object), at: Date.now() })
  })
  return page
}

/** Effect requests of frames (`POST /__frames/effect`): the browser-side counterpart of `runtime.idle()`. */
function trackEffects(page: Page) {
  const running = new Set<Request>()
  let generation = 0
  const isEffect = (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname === '/__frames/effect'
  // A buy frame awaiting its challenge waits on another frame: that effect does not keep the frames busy.
  const waitsOnAnotherFrame = (request: Request) => /"type"\s*:\s*"purchase\.awaitChallenge"/.test(request.postData() ?? '')
  const started = (request: Request) => {
    if (!isEffect(request)) return
    generation++
    if (!waitsOnAnotherFrame(request)) running.add(request)
  }
  const done = (request: Request) => {
    if (isEffect(request)) generation++
    running.delete(request)
  }
  page.on('request', started)
  page.on('requestfinished', done)
  page.on('requestfailed', done)
  const stop = () => {
    page.off('request', started)
    page.off('requestfinished', done)
    page.off('requestfailed', done)
  }
  /** Resolves once no effect has run, started or finished for two looks in a row (results reach the host in between). */
  const settle = async (): Promise<void> => {
    const deadline = Date.now() + WAIT_MS
    let seen = -1
    while (Date.now() < deadline) {
      if (running.size === 0 && seen === generation) return
      seen = running.size === 0 ? generation : -1
      await pause(30)
    }
  }
  return { settle, stop }
}

/**
 * Runs a scenario in Chromium, step for step as `runInNode` does: server,
 * control and API steps by `fetch` to the real server, `getConnection`, `setupAuth` and
 * frames through the browser client on a host page of its own origin, customer
 * actions by filling and submitting the frame's `form[data-action]`. A frame
 * that CSP refuses posts nothing. Records events per channel, results and a timeline.
 */
export async function runInBrowser(env: BrowserEnv, scenario: Scenario): Promise<Recording> {
  const site = await env.site(scenario.seed ?? defaultSeed())
  const mode = scenario.mode ?? 'test'
  const account = scenario.account ?? `browser_${process.pid}_${++runs}`
  const recording: Recording = { channels: {}, results: {}, timeline: [] }
  const timeline: Array<TimelineEntry & { at: number }> = []
  const note = (entry: TimelineEntry) => timeline.push({ ...entry, at: Date.now() })
  const channelIds = new Map<string, string>()
  const refused = new Set<string>()
  const resolve = (input: unknown) => resolveInput(input, recording.results) as any

  const page = await hostPage(env, site)
  const { settle, stop } = trackEffects(page)
  let clean = false
  try {

    const eventsOf = async (channel: string): Promise<FrameOutbound[]> => {
      const all = (await page.evaluate(() => (window as any).frameEvents)) as PageEvent[]
      return all.filter((e) => e.channelId === channelIds.get(channel)).map(({ frame: _f, channelId: _c, at: _a, ...event }) => event as FrameOutbound)
    }
    /** Waits for the frame's handshake; false when Chromium refused to load it (frame-ancestors). */
    const mounted = async (channel: string, frameName: FrameName): Promise<boolean> => {
      const id = channelIds.get(channel)!
      const deadline = Date.now() + WAIT_MS
      while (Date.now() < deadline) {
        if (await page.evaluate((channelId) => (window as any).frameEvents.some((e: PageEvent) => e.channelId === channelId), id)) return true
        const frame = await (await page.$(`iframe[data-channel-id="${id}"]`))?.contentFrame()
        if (frame?.url().startsWith('chrome-error:')) {
          refused.add(channel)
          note({ actor: 'browser', target: channel, what: `refused ${frameName}: frame-ancestors does not allow ${new URL(site.host.url).origin}` })
          return false
        }
        await pause(20)
      }
      throw new Error(`channel ${channel}: the frame neither posted handshake nor was refused within ${WAIT_MS} ms`)
    }
    /** Whether the channel posts an event of this kind within `ms`. */
    const waitForEvent = (channelId: string, kind: string, ms: number) =>
      page.waitForFunction(({ channelId, kind }) => (window as any).frameEvents.some((e: PageEvent) => e.channelId === channelId && e.kind === kind), { channelId, kind }, { timeout: ms }).then(() => true, () => false)
    /** Forgets what a channel had: its frame is replaced (as the node driver starts its events afresh). */
    const claim = async (channel: string, channelId: string) => {
      const previous = channelIds.get(channel)
      channelIds.set(channel, channelId)
      refused.delete(channel)
      await page.evaluate(({ channel, previous }) => {
        const w = window as any
        w.frames_[channel]?.destroy()
        delete w.frames_[channel]
        document.querySelector(`iframe[data-channel-id="${previous}"]`)?.remove()
        w.frameEvents = w.frameEvents.filter((e: PageEvent) => e.channelId !== previous)
      }, { channel, previous })
    }
    const open = async (channel: string, frame: FrameName, params: Record<string, string>) => {
      const values = { channelId: channelIdOf(channel), ...params }
      await claim(channel, values.channelId)
      note({ actor: 'host', target: channel, what: `open ${frame}` })
      await page.evaluate(({ channel, frame, values }) => {
        const w = window as any
        const container = document.createElement('section')
        container.dataset.channel = channel
        document.getElementById('frames')!.append(container)
        w.frames_[channel] = w.sandbox.setupFrame(frame, { container, params: { apiKey: undefined, ...values }, onEvent: w.record })
      }, { channel, frame, values })
      if (await mounted(channel, frame)) await settle()
    }
    const api = async (line: string, options: { headers?: Record<string, string>; body?: unknown }) => {
      const [method, target] = line.split(' ') as [string, string]
      const headers: Record<string, string> = { ...options.headers }
      const body = options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body)
      if (body !== undefined && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json'
      const response = await fetch(`${site.sandbox.apiUrl}${target}`, { method, headers, body })
      const text = await response.text()
      let parsed: unknown = text === '' ? undefined : text
      try {
        parsed = JSON.parse(text)
      } catch {
        // not JSON: keep the text
      }
      note({ actor: 'partner', target: 'api', what: `${line} → ${response.status}` })
      return { status: response.status, body: parsed as any }
    }
    const context = { api, mode, account, resolve, recording }

    const getConnection = async (step: Extract<Step, { client: 'getConnection' }>) => {
      const channel = step.channel ?? `${step.as}-check`
      const channelId = channelIdOf(channel)
      await claim(channel, channelId)
      note({ actor: 'host', target: channel, what: 'getConnection' })
      await page.evaluate(({ token, channelId, as, skipKyc }) => {
        const w = window as any
        w.connections[as] = w.sandbox.getConnection(token, { onEvent: w.record, params: { channelId }, skipKyc }).then(
          (connection: unknown) => ({ ok: true, connection }),
          (error: Error) => ({ ok: false, message: error.message }),
        )
      }, { token: resolve(step.sessionToken), channelId, as: step.as, skipKyc: step.skipKyc === true })
      if (!(await mounted(channel, 'check'))) throw new Error('getConnection: the check frame was refused by frame-ancestors')
      await recordConnection(channel, step.as, 'getConnection', 'check')
    }
    /** Waits for the client call's promise (`window.connections[as]`) and records its connection as `as`. */
    const recordConnection = async (channel: string, as: string, call: string, frame: FrameName) => {
      const outcome = await within(page.evaluate((as) => (window as any).connections[as], as), WAIT_MS)
      if (!outcome?.ok) throw new Error(`${call}: the ${frame} frame posted ${JSON.stringify(await eventsOf(channel))}`)
      recording.results[as] = outcome.connection
      await settle()
    }

    /** `client.setupAuth` in a container (the customer types the code into it), then the code, then the connection. */
    const setupAuth = async (step: Extract<Step, { client: 'setupAuth' }>) => {
      const channel = step.channel ?? `${step.as}-auth`
      const channelId = channelIdOf(channel)
      await claim(channel, channelId)
      note({ actor: 'host', target: channel, what: 'setupAuth' })
      await page.evaluate(({ token, channel, channelId, as }) => {
        const w = window as any
        const container = document.createElement('section')
        container.dataset.channel = channel
        document.getElementById('frames')!.append(container)
        w.connections[as] = w.sandbox.setupAuth(token, { container, onEvent: w.record, params: { channelId } }).then(
          (connection: unknown) => ({ ok: true, connection }),
          (error: Error) => ({ ok: false, message: error.message }),
        )
      }, { token: resolve(step.clientToken), channel, channelId, as: step.as })
      if (!(await mounted(channel, 'auth'))) throw new Error('setupAuth: the auth frame was refused by frame-ancestors')
      await settle()
      await customer({ customer: 'enterCode', channel, fields: { code: String(resolve(step.code ?? '000000')) } })
      await recordConnection(channel, step.as, 'setupAuth', 'auth')
    }

    const customer = async (step: Extract<Step, { customer: string }>) => {
      if (!channelIds.has(step.channel) || refused.has(step.channel)) return
      const form = page.frameLocator(`iframe[data-channel-id="${channelIds.get(step.channel)}"]`).locator(`form[data-action="${step.customer}"]`)
      // As in process, an action the frame does not offer now changes nothing.
      if (!(await form.waitFor({ timeout: 2_000 }).then(() => true, () => false))) {
        note({ actor: 'customer', target: step.channel, what: `${step.customer} (not offered)` })
        return
      }
      for (const [name, value] of Object.entries(resolve(step.fields ?? {}) as Record<string, unknown>)) {
        const input = form.locator(`input[name="${name}"]`)
        if ((await input.count()) === 0) throw new Error(`customer ${step.customer} on ${step.channel}: the form has no field ${name}`)
        await input.fill(String(value))
      }
      // The machine validates what the customer typed, as in process; the browser's own checks would stop the submit first.
      await form.evaluate((element) => ((element as HTMLFormElement).noValidate = true))
      note({ actor: 'customer', target: step.channel, what: step.customer })
      await form.locator('button[type="submit"]').click()
      await settle()
    }

    const run = async (step: Step) => {
      if (await runApiStep(step, context)) return settle()
      if ('client' in step && step.client === 'setupAuth') await setupAuth(step)
      else if ('client' in step) await getConnection(step as Extract<Step, { client: 'getConnection' }>)
      else if ('open' in step) await open(step.channel, step.open, resolve(step.params))
      else if ('openChallenge' in step) {
        const id = channelIds.get(step.from)
        const asked = id !== undefined && !refused.has(step.from) && (await waitForEvent(id, 'challenge', 2_000))
        // No challenge to open is a finding, not a crash (as in process): the expectations will show the divergent event.
        if (!asked) note({ actor: 'host', target: step.openChallenge, what: `no challenge event on ${step.from} to open` })
        else await open(step.openChallenge, 'challenge', challengeParams({ [step.from]: await eventsOf(step.from) } as never, resolve(step.params ?? {})))
      } else if ('customer' in step) await customer(step)
      else if ('host' in step) {
        note({ actor: 'host', target: step.channel, what: 'setQuote' })
        await page.evaluate(({ channel, quote }) => (window as any).frames_[channel].send({ kind: 'setQuote', payload: { quote } }), { channel: step.channel, quote: resolve(step.quote) })
        await settle()
      } else if ('until' in step) {
        const id = channelIds.get(step.until)
        if (id !== undefined && !refused.has(step.until)) await waitForEvent(id, step.kind, 5_000)
      }
    }
    const finish = async () => {
      const events = (await page.evaluate(() => (window as any).frameEvents)) as PageEvent[]
      for (const [channel, id] of channelIds) {
        const posted = events.filter((e) => e.channelId === id)
        recording.channels[channel] = posted.map(({ frame: _f, channelId: _c, at: _a, ...event }) => event as FrameOutbound)
        for (const e of posted) timeline.push({ actor: `frame:${e.frame}`, target: channel, what: e.kind, ...('payload' in e ? { detail: e.payload } : {}), at: e.at })
      }
      recording.timeline = timeline.sort((a, b) => a.at - b.at).map(({ at: _at, ...entry }) => entry)
    }
    try {
      for (const step of scenario.steps) await run(step)
      await settle()
    } catch (error) {
      // What happened up to the failing step, for the report (`error.recording`).
      await finish().catch(() => undefined)
      throw Object.assign(error instanceof Error ? error : new Error(String(error)), { recording })
    }
    await finish()
    clean = true
    return recording
  } finally {
    stop()
    // A page a run failed on may still be busy: close it rather than reuse it.
    if (clean && !page.isClosed()) site.idle.push(page)
    else await page.close().catch(() => undefined)
  }
}

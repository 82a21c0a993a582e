import type { BrowserContext, Page, Request } from 'playwright-core'
import { pause } from './timers.ts'

/** How long the browser driver waits for a frame to mount or its effects to settle. */
export const WAIT_MS = 10_000

/**
 * Tracks the effect requests (`POST /__frames/effects/{type}`) of a page's frames, or of every page of a context (the React
 * Native host's page per frame): the browser-side counterpart of
 * `runtime.idle()`. `settle` resolves once no effect has run, started or finished for two looks in a row (results reach
 * the host in between), or after {@link WAIT_MS}; `stop` stops listening.
 *
 * @example
 * const { settle, stop } = trackEffects(page)
 * await settle()
 */
export function trackEffects(source: Page | BrowserContext): { settle(): Promise<void>; stop(): void } {
  const running = new Set<Request>()
  let generation = 0
  const isEffect = (request: Request) =>
    request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/__frames/effects/')
  // A buy frame awaiting its challenge waits on another frame: that effect does not keep the frames busy.
  const waitsOnAnotherFrame = (request: Request) =>
    /"type"\s*:\s*"purchase\.awaitChallenge"/.test(request.postData() ?? '')
  const started = (request: Request) => {
    if (!isEffect(request)) return
    generation++
    if (!waitsOnAnotherFrame(request)) running.add(request)
  }
  const done = (request: Request) => {
    if (isEffect(request)) generation++
    running.delete(request)
  }
  // Page and BrowserContext emit the same request events; one signature serves both.
  const events = source as Page
  events.on('request', started)
  events.on('requestfinished', done)
  events.on('requestfailed', done)
  const stop = () => {
    events.off('request', started)
    events.off('requestfinished', done)
    events.off('requestfailed', done)
  }
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

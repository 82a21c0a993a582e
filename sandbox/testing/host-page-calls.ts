import type { Page } from 'playwright-core'
import { clickInFrame } from '#frames/testing/click-in-frame.ts'

/** How a client call in the host page ended: its value (a mounted frame as `{channelId}`), or the error it threw or rejected with. */
type CallOutcome<T = any> =
  | { ok: true; value: T }
  | {
      ok: false
      error: { name: string; code?: string; message: string; frameError?: { code: string; message: string } }
    }

/** A frame event as a call's `onEvent` got it. */
interface CallEvent {
  kind: string
  payload?: any
  frame: string
  channelId: string
}

let calls = 0

/**
 * Starts `window.sandbox[method](...args, setup)` in a host page (see `host-page-server.ts`): the setup gets a
 * container of its own (`section[data-call=id]`, so frames can be found and acted in) and an `onEvent` that records
 * into `window.frameEvents`, merged with `setup`. API calls ignore the extra argument. Returns the call's id.
 *
 * @example
 * const id = await startCall(page, 'setupAddCard', [clientToken])
 * await act(page, id, 'enterCard', { number: '4242424242424242', expiryMonth: '12', expiryYear: '2030', cvc: '123' })
 * await waitForEvent(page, id, 'complete')
 */
export async function startCall(
  page: Page,
  method: string,
  args: unknown[],
  setup: Record<string, unknown> = {},
): Promise<string> {
  const id = `call-${++calls}`
  await page.evaluate(
    ({ id, method, args, setup }) => {
      const w = window as any
      const container = document.createElement('section')
      container.dataset.call = id
      document.getElementById('frames')!.append(container)
      const onEvent = (event: object) => w.frameEvents.push({ ...event, call: id })
      const plain = (value: any) =>
        value && typeof value === 'object' && 'iframe' in value && 'channelId' in value
          ? { channelId: value.channelId }
          : value
      w.calls ??= {}
      w.calls[id] = Promise.resolve()
        .then(() => w.sandbox[method](...args, { container, onEvent, ...setup }))
        .then(
          (value: unknown) => ({ ok: true, value: plain(value) }),
          (error: any) => ({
            ok: false,
            error: {
              name: error?.name,
              code: error?.code,
              message: String(error?.message ?? error),
              frameError: error?.frameError,
            },
          }),
        )
    },
    { id, method, args, setup },
  )
  return id
}

/** Awaits a call started by {@link startCall}. @example const { value } = await outcome(page, id) */
export function outcome<T = any>(page: Page, id: string): Promise<CallOutcome<T>> {
  return page.evaluate((id) => (window as any).calls[id], id)
}

/** Starts a call and awaits it. @example await call(page, 'getPaymentMethods', [accessToken]) */
export async function call<T = any>(
  page: Page,
  method: string,
  args: unknown[],
  setup: Record<string, unknown> = {},
): Promise<CallOutcome<T>> {
  return outcome<T>(page, await startCall(page, method, args, setup))
}

/** The frame events a call's `onEvent` got, in order. */
export function eventsOf(page: Page, id: string): Promise<CallEvent[]> {
  return page.evaluate(
    (id) =>
      (window as any).frameEvents
        .filter((e: { call?: string }) => e.call === id)
        .map(({ call: _call, ...event }: { call?: string }) => event),
    id,
  )
}

/** Waits until a call's frame has posted an event of `kind`; returns that event. */
export async function waitForEvent(page: Page, id: string, kind: string, timeout = 15_000): Promise<CallEvent> {
  await page.waitForFunction(
    ({ id, kind }) =>
      (window as any).frameEvents.some((e: { call?: string; kind: string }) => e.call === id && e.kind === kind),
    { id, kind },
    { timeout },
  )
  return (await eventsOf(page, id)).find((e) => e.kind === kind)!
}

/** The customer fills and submits a form of the frame a call mounted (`form[data-action]`, inputs by name). */
export async function act(page: Page, id: string, action: string, fields: Record<string, string> = {}): Promise<void> {
  const form = page.frameLocator(`section[data-call="${id}"] iframe`).locator(`form[data-action="${action}"]`)
  await form.waitFor({ timeout: 15_000 })
  const iframe = page.locator(`section[data-call="${id}"] iframe`)
  await iframe.scrollIntoViewIfNeeded()
  for (const [name, value] of Object.entries(fields)) await form.locator(`input[name="${name}"]`).fill(value)
  await clickInFrame(iframe, form.locator('button[type="submit"]'))
}

/** How many iframes a call's container holds (a failed wallet setup removes its frame). */
export function framesOf(page: Page, id: string): Promise<number> {
  return page.evaluate((id) => document.querySelectorAll(`section[data-call="${id}"] iframe`).length, id)
}

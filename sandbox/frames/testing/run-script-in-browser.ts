import type { Page } from 'playwright-core'
import type { FrameName } from '#contract/index.ts'
import { challengeParams, type EventsByFrame, type ScriptStep } from './frame-script.ts'
import { clickInFrame } from './click-in-frame.ts'

async function eventsByFrame(page: Page): Promise<EventsByFrame> {
  return page.evaluate(() => {
    const grouped: Record<string, unknown[]> = {}
    for (const { frame, channelId: _channel, ...event } of (window as any).frameEvents)
      (grouped[frame] ??= []).push(event)
    return grouped
  })
}

async function open(page: Page, frame: FrameName, params: Record<string, string>): Promise<void> {
  await page.evaluate(
    ({ name, values }) => {
      const w = window as any
      const container = document.createElement('section')
      container.id = `frame-${name}`
      document.getElementById('frames')!.append(container)
      w.sandbox.setupFrame(name, { container, params: { apiKey: undefined, ...values }, onEvent: w.record })
    },
    { name: frame, values: params },
  )
  await page.waitForFunction(
    (name) => (window as any).frameEvents.some((e: any) => e.frame === name && e.kind === 'handshake'),
    frame,
  )
}

/**
 * Runs a script in Chromium through the host page: frames are mounted with the
 * browser client; customer actions fill and submit the frame's forms.
 */
export async function runScriptInBrowser(page: Page, steps: ScriptStep[]): Promise<EventsByFrame> {
  await page.evaluate(() => {
    ;(window as any).frameEvents = []
    document.getElementById('frames')!.replaceChildren()
  })
  for (const step of steps) {
    if ('open' in step) await open(page, step.open, step.params)
    else if ('openChallenge' in step)
      await open(page, 'challenge', challengeParams(await eventsByFrame(page), step.openChallenge))
    else if ('act' in step) {
      const form = page.frameLocator(`#frame-${step.act} iframe`).locator(`form[data-action="${step.action.type}"]`)
      await form.waitFor({ timeout: 10_000 })
      const iframe = page.locator(`#frame-${step.act} iframe`)
      await iframe.scrollIntoViewIfNeeded()
      for (const [name, value] of Object.entries(step.action))
        if (name !== 'type' && value !== undefined) await form.locator(`input[name="${name}"]`).fill(String(value))
      await clickInFrame(iframe, form.locator('button[type="submit"]'))
      await form.waitFor({ state: 'detached', timeout: 2_000 }).catch(() => undefined)
    } else {
      await page.waitForFunction(
        ({ frame, kind }) => (window as any).frameEvents.some((e: any) => e.frame === frame && e.kind === kind),
        { frame: step.until, kind: step.kind },
        { timeout: 10_000 },
      )
    }
  }
  return eventsByFrame(page)
}

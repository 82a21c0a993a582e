import { describe, expect, it } from 'vitest'
import mismatch from '#scenarios/connect/mismatch.scenario.ts'
import cardChallenge from '#scenarios/challenges/wallet-ownership-completed-card.scenario.ts'
import applePay from '#scenarios/payments/apple-pay-buy.scenario.ts'
import addCard from '#scenarios/platform/add-card.scenario.ts'
import { checkScenario } from '../check-scenario.ts'
import type { Scenario } from '../scenario.ts'
import { defaultSeed, runInBrowser } from './browser-driver.ts'
import { useBrowserEnv } from './browser-env-test-kit.ts'
import { openWebView } from './react-native-bridge.ts'
import { sameSequence } from './same-sequence.ts'

const env = useBrowserEnv()

/** The same account under both hosts (each has its own server), so seeded data and ids are equal. */
const withAccount = (scenario: Scenario, name: string) => ({ ...scenario, account: `${name}_${process.pid}` })

/** Runs a scenario under the React Native host and the web host; both meet its expectations and agree. */
async function underBothHosts(scenario: Scenario, name: string) {
  const run = withAccount(scenario, name)
  const inApp = await runInBrowser(env.current, run, { host: 'react-native' })
  expect(checkScenario(run, inApp)).toEqual([])
  const onWeb = await runInBrowser(env.current, run, { host: 'web' })
  expect(sameSequence(inApp, onWeb, ['react-native', 'web']).differences.join('\n\n')).toBe('')
  return inApp
}

describe('React Native host mode', () => {
  it('records the same sequence as the web host for a headless check frame', async () => {
    const inApp = await underBothHosts(mismatch, 'rn_check')
    expect(inApp.channels.check).toHaveLength(2)
  }, 60_000)

  it('records the same sequences as the web host for a card buy whose challenge frame opens from its challenge event', async () => {
    const inApp = await underBothHosts(cardChallenge, 'rn_challenge')
    expect(inApp.channels.challenge?.[0]).toEqual({ kind: 'handshake' })
  }, 60_000)

  it('records the same sequence as the web host for an Apple Pay buy', async () => {
    await underBothHosts(applePay, 'rn_apple_pay')
  }, 60_000)

  it('records the same sequence as the web host for adding a card', async () => {
    await underBothHosts(addCard, 'rn_add_card')
  }, 60_000)

  it("shows a frame top-level with the bridge injected: its handshake arrives as the envelope text, and the app's ack reaches it", async () => {
    const context = await env.current.browser.newContext()
    try {
      const heard: string[] = []
      const { framesUrl } = (await env.current.site(defaultSeed(), 'react-native')).sandbox
      const view = await openWebView(
        context,
        `${framesUrl}/platform/v1/reset?channelId=rn_bridge`,
        'rn_bridge',
        (text) => heard.push(text),
      )
      await expect.poll(() => heard.length, { timeout: 10_000 }).toBeGreaterThan(0)
      expect(heard[0]).toBe(JSON.stringify({ version: 2, meta: { channelId: 'rn_bridge' }, kind: 'handshake' }))
      expect(
        await view.page.evaluate(() => window.parent === window && document.querySelectorAll('iframe').length === 0),
      ).toBe(true)
      await view.post({ kind: 'ack' })
      // Without a token the frame has nothing to run: after the ack it reports its error, as on the web.
      await expect.poll(() => heard.map((text) => JSON.parse(text).kind), { timeout: 10_000 }).toContain('error')
    } finally {
      await context.close()
    }
  }, 60_000)
})

import { test as base } from '@playwright/test'
import { checkScenario } from '../check-scenario.ts'
import { loadScenarios } from '../load-scenarios.ts'
import { hostFromEnv, runInBrowser, startBrowserEnv, type BrowserEnv } from '../drivers/browser-driver.ts'
import { reactNativeExclusion } from '../drivers/host-exclusions.ts'
import { runInNode } from '../drivers/node-driver.ts'
import { sameSequence } from '../drivers/same-sequence.ts'
import { expect } from '../playwright-matchers.ts'
import type { Recording } from '../recording.ts'
import { tagLabels } from '../scenario-tags.ts'
import { sequenceDiagram, sequenceDiagramHtml } from '#portable/demo/sequence-diagram.ts'

/** The browser driver's environment, once per worker: Playwright's Chromium, the server and the host page. */
const test = base.extend<object, { sandbox: BrowserEnv }>({
  sandbox: [
    async ({ browser }, use) => {
      const env = await startBrowserEnv({ browser })
      await use(env)
      await env.close()
    },
    { scope: 'worker', timeout: 30_000 },
  ],
})

const catalog = await loadScenarios()

/**
 * The frame host (`RAMP_HOST`): web (default), the browser driver's host page, compared with the node driver; or
 * react-native, every frame top-level with the React Native bridge, compared with the web host.
 */
const host = hostFromEnv()

test('the catalog has scenarios', () => {
  expect(catalog.length).toBeGreaterThan(0)
})

for (const { id, scenario } of catalog) {
  test(`${id}: ${scenario.title} ${tagLabels(scenario)}`, async ({ sandbox }, testInfo) => {
    // A fresh tenant per test (and per retry); the node driver gets the same account so seeded data agree.
    const account =
      scenario.account ?? `pw_${testInfo.testId.replace(/[^A-Za-z0-9]/g, '_')}_${testInfo.retry}`.slice(0, 64)
    const run = { ...scenario, account }
    const title = `${id}: ${scenario.title}`
    const attachTimeline = async (recording: Recording) => {
      await testInfo.attach('timeline (Mermaid)', {
        body: sequenceDiagram(recording.timeline, title),
        contentType: 'text/plain',
      })
      await testInfo.attach('timeline', {
        body: sequenceDiagramHtml(recording.timeline, title),
        contentType: 'text/html',
      })
    }
    const exclusion = host === 'react-native' ? reactNativeExclusion(scenario) : undefined
    test.skip(exclusion !== undefined, `not under the React Native host: ${exclusion}`)
    const started = performance.now()
    const inBrowser = await runInBrowser(sandbox, run, { host }).catch(
      async (error: Error & { recording?: Recording }) => {
        if (error.recording) await attachTimeline(error.recording)
        throw error
      },
    )
    testInfo.annotations.push({ type: 'browser-driver-ms', description: (performance.now() - started).toFixed(0) })
    await attachTimeline(inBrowser)

    const failures = checkScenario(run, inBrowser)
    expect.soft(failures, failures.join('\n\n')).toEqual([])
    if (host === 'react-native') {
      // Each host has its own server: the same account on both, so ids and seeded data agree.
      const onWeb = await runInBrowser(sandbox, run, { host: 'web' })
      const same = sameSequence(inBrowser, onWeb, ['react-native', 'web'])
      expect(same.differences, `the React Native and web hosts disagree:\n${same.differences.join('\n\n')}`).toEqual([])
      return
    }
    const inNode = await runInNode(run)
    const same = sameSequence(inBrowser, inNode)
    expect(same.differences, `browser and node drivers disagree:\n${same.differences.join('\n\n')}`).toEqual([])
  })
}

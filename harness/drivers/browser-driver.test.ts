import { describe, expect, it } from 'vitest'
import mismatch from '#scenarios/connect/mismatch.scenario.ts'
import { checkScenario } from '../check-scenario.ts'
import { defineScenario, ref } from '../scenario.ts'
import { runInBrowser } from './browser-driver.ts'
import { useBrowserEnv } from './browser-env-test-kit.ts'
import { runInNode } from './node-driver.ts'
import { sameSequence } from './same-sequence.ts'

const env = useBrowserEnv()

/** The same account in both drivers (each has its own core), so seeded data are equal too. */
const withAccount = <S extends object>(scenario: S, name: string) => ({
  ...scenario,
  account: `${name}_${process.pid}`,
})

describe('browser driver', () => {
  it('records the same sequence as the node driver for a check frame flagging mismatch', async () => {
    const scenario = withAccount(mismatch, 'same_mismatch')
    const inBrowser = await runInBrowser(env.current, scenario)
    const inNode = await runInNode(scenario)
    expect(checkScenario(scenario, inBrowser)).toEqual([])
    expect(inBrowser.channels.check).toHaveLength(2)
    expect(sameSequence(inBrowser, inNode).differences.join('\n\n')).toBe('')
  }, 30_000)

  it('resolves getConnection in the page with decrypted credentials', async () => {
    const scenario = withAccount(
      defineScenario({
        title: 'a known customer connects',
        tags: ['connect'],
        steps: [
          {
            server: 'createSession',
            as: 'session',
            body: {
              externalCustomerId: 'u1',
              deviceIp: '203.0.113.7',
              email: 'active.us-ny@sandbox.test',
              phoneNumber: '+12125550101',
            },
          },
          { client: 'getConnection', sessionToken: ref('session.sessionToken'), as: 'conn' },
          { client: 'getPaymentMethods', accessToken: ref('conn.credentials.accessToken'), as: 'methods' },
        ],
        expect: {
          channels: { 'conn-check': { events: [{ kind: 'handshake' }, { kind: 'complete' }] } },
          responses: { methods: { status: 200 } },
        },
      }),
      'browser_connects',
    )
    const inBrowser = await runInBrowser(env.current, scenario)
    expect(checkScenario(scenario, inBrowser)).toEqual([])
    expect(inBrowser.results.conn).toMatchObject({ credentials: { accessToken: expect.stringMatching(/^at_/) } })
    expect(sameSequence(inBrowser, await runInNode(scenario)).differences).toEqual([])
  }, 30_000)

  it('records nothing from a frame that frame-ancestors refuses, as the node driver', async () => {
    const scenario = withAccount(
      defineScenario({
        title: 'a frame under a host origin the tenant does not allow posts nothing',
        tags: ['frames'],
        steps: [
          { control: 'settings', body: { allowedOrigins: ['https://partner.example'] } },
          { server: 'createSession', as: 'session', body: { externalCustomerId: 'u1', deviceIp: '203.0.113.7' } },
          {
            open: 'check',
            channel: 'check',
            params: { sessionToken: ref('session.sessionToken'), publicKey: 'a'.repeat(64) },
          },
        ],
        expect: { channels: { check: { mode: 'never', events: [{ kind: 'handshake' }] } } },
      }),
      'browser_refused',
    )
    const inBrowser = await runInBrowser(env.current, scenario)
    expect(inBrowser.channels.check).toEqual([])
    expect(inBrowser.timeline.map((entry) => entry.what)).toContainEqual(expect.stringMatching(/^refused check/))
    expect(sameSequence(inBrowser, await runInNode(scenario)).pass).toBe(true)
  }, 30_000)
})

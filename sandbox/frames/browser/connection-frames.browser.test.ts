import { describe, it } from 'vitest'
import { magic, platformAccount } from '#http/routes/platform-test-kit.ts'
import { useBrowserSandbox } from '#testing/browser-sandbox.ts'
import { generateHostKeyPair } from '#portable/frames/credentials.ts'
import { expectEvents, expectSameSequence } from '../testing/expect-events.ts'
import { flowScript, type FrameFlow } from '../testing/frame-script.ts'
import { runScriptInBrowser } from '../testing/run-script-in-browser.ts'
import { runScriptInProcess } from '../testing/run-script-in-process.ts'

const env = useBrowserSandbox()

/** Runs a flow (built per account) in Chromium and in process, checks both against `expected`, and that they agree. */
async function bothDrivers(
  build: (account: ReturnType<typeof platformAccount>) => Promise<FrameFlow>,
  expected: Parameters<typeof expectEvents>[1],
) {
  const browserFlow = await build(platformAccount(env.sandbox.core))
  const inBrowser = (await runScriptInBrowser(env.page, flowScript(browserFlow)))[browserFlow.frame] ?? []
  const processFlow = await build(platformAccount(env.sandbox.core))
  const inProcess = (await runScriptInProcess(env.sandbox.core, flowScript(processFlow)))[processFlow.frame] ?? []
  expectEvents(inBrowser, expected)
  expectEvents(inProcess, expected)
  expectSameSequence(inBrowser, inProcess)
}

const publicKey = async () => (await generateHostKeyPair()).publicKeyHex

describe('connection frames in Chromium and in process', { timeout: 30_000 }, () => {
  it('flags mismatch: true when email and phone belong to two customers', async () => {
    await bothDrivers(
      async (account) => ({
        frame: 'check',
        params: {
          sessionToken: await account.session({ email: magic.usNy.email, phoneNumber: magic.gb.phoneNumber }),
          publicKey: await publicKey(),
        },
      }),
      [
        { kind: 'handshake' },
        { kind: 'complete', payload: { status: 'connectionRequired', mismatch: true, credentials: '<credentials>' } },
      ],
    )
  })

  it('asks for terms, then is active once a new session carries termsAcceptedAt', async () => {
    await bothDrivers(
      async (account) => ({
        frame: 'check',
        params: { sessionToken: await account.session(magic.terms), publicKey: await publicKey() },
      }),
      [{ kind: 'handshake' }, { kind: 'complete', payload: { status: 'termsAcceptanceRequired' } }],
    )
    await bothDrivers(
      async (account) => {
        await account.session(magic.terms)
        return {
          frame: 'check',
          params: {
            sessionToken: await account.session({ ...magic.terms, termsAcceptedAt: '2026-01-01T00:00:00.000Z' }),
            publicKey: await publicKey(),
          },
        }
      },
      [
        { kind: 'handshake' },
        { kind: 'complete', payload: { status: 'active', customer: { country: 'USA', administrativeArea: 'NY' } } },
      ],
    )
  })

  it('connects a new customer by email, one-time code and terms', async () => {
    await bothDrivers(
      async (account) => ({
        frame: 'connect',
        params: { sessionToken: await account.session(magic.stranger), publicKey: await publicKey() },
        actions: [
          { type: 'enterEmail', email: 'new.person@example.com' },
          { type: 'enterCode', code: '000000' },
          { type: 'acceptTerms' },
        ],
      }),
      [{ kind: 'handshake' }, { kind: 'complete', payload: { status: 'active', customer: { country: 'USA' } } }],
    )
  })
})

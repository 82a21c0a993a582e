import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { startServer } from '#adapters/node-http/index.ts'
import { details } from '#http/routes/customer-test-kit.ts'
import { magic, platformAccount } from '#http/routes/platform-test-kit.ts'
import { identityIdOf } from '#domain/customers/index.ts'
import { useBrowserSandbox } from '#testing/browser-sandbox.ts'
import { deprecationWarning, IDENTITY_CALL_REPLACEMENTS } from './identity-calls.ts'

const env = useBrowserSandbox()
const TIMEOUT = 30_000

type Connection = {
  status: string
  customer?: { id: string; kyc: { status: string } }
  credentials: { accessToken: string; clientToken: string }
}

/**
 * The Customer API onboarding path in the page: a session for a new customer (terms accepted in the partner's UI),
 * `getConnection` with `skipKyc`, then `setupAuth` in a container where the customer types the code 000000.
 */
async function onboard(page: Page): Promise<{ lookup: Connection; auth: Connection }> {
  const sessionToken = await platformAccount(env.sandbox.core).session({
    ...magic.stranger,
    termsAcceptedAt: '2026-01-01T00:00:00.000Z',
  })
  const lookup: Connection = await page.evaluate(
    (token) => (window as any).sandbox.getConnection(token, { skipKyc: true }),
    sessionToken,
  )
  expect(lookup.status, 'getConnection with skipKyc').toBe('authenticationRequired')
  await page.evaluate((clientToken) => {
    const w = window as any
    const container = document.createElement('section')
    container.id = 'auth'
    document.body.append(container)
    w.authenticated = w.sandbox.setupAuth(clientToken, { container })
  }, lookup.credentials.clientToken)
  const form = page.frameLocator('#auth iframe').locator('form[data-action="enterCode"]')
  await form.locator('input[name="code"]').fill('000000')
  await form.locator('button[type="submit"]').click()
  return { lookup, auth: await page.evaluate(() => (window as any).authenticated) }
}

/** The console warnings a page logs from now on. */
function warningsOf(page: Page): string[] {
  const warnings: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text())
  })
  return warnings
}

/** Runs the six web identity calls in the page, in a whole KYC walk: details, update, two uploads, files, verify, read. */
function runIdentityCalls(page: Page, accessToken: string) {
  return page.evaluate(
    async ({ token, details }) => {
      const client = (window as any).sandbox
      const png = new Uint8Array([
        0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20,
      ])
      const upload = async (documentType: string) => {
        const url = await client.getIdentityUploadUrl(token, {
          documentType,
          contentType: 'image/png',
          size: png.length,
        })
        const put = await fetch(url.body.data.uploadUrl, {
          method: 'PUT',
          headers: { 'content-type': 'image/png' },
          body: png,
        })
        return { url, put: put.status }
      }
      const created = await client.createIdentity(token, details)
      const updated = await client.updateIdentity(token, { ...details, lastName: 'Byron' })
      const passport = await upload('passport')
      const selfie = await upload('selfie')
      const files = await client.submitIdentityFiles(token, [
        passport.url.body.data.uploadId,
        selfie.url.body.data.uploadId,
      ])
      const verified = await client.verifyIdentity(token)
      const read = await client.getIdentity(token)
      return { created, updated, passport, selfie, files, verified, read }
    },
    { token: accessToken, details: details() },
  )
}

describe('getConnection with skipKyc, then setupAuth, in Chromium', () => {
  it(
    'answers authenticationRequired for a new customer, and setupAuth with the code gives full credentials while KYC is outstanding',
    async () => {
      const page = await env.newHostPage()
      const { lookup, auth } = await onboard(page)
      expect(lookup).toMatchObject({
        status: 'authenticationRequired',
        customer: { id: expect.stringMatching(/^cus_/), kyc: { status: 'not_started' } },
      })
      expect(auth).toMatchObject({
        status: 'active',
        customer: { id: lookup.customer!.id, kyc: { status: 'not_started' } },
      })
      const methods = await page.evaluate(
        (token) => (window as any).sandbox.getPaymentMethods(token),
        auth.credentials.accessToken,
      )
      expect(methods.status).toBe(200)
      await page.close()
    },
    TIMEOUT,
  )
})

describe('web identity calls in Chromium (deprecated)', () => {
  it(
    'run the Customer API behaviour for the token customer against the server',
    async () => {
      const page = await env.newHostPage()
      const { lookup, auth } = await onboard(page)
      const results = await runIdentityCalls(page, auth.credentials.accessToken)
      expect(results.created).toMatchObject({
        status: 200,
        body: { data: { details: { lastName: 'Lovelace' }, kyc: { requirements: ['identity_document', 'selfie'] } } },
      })
      expect(results.updated).toMatchObject({ status: 200, body: { data: { details: { lastName: 'Byron' } } } })
      expect([
        results.passport.url.status,
        results.passport.put,
        results.selfie.url.status,
        results.selfie.put,
      ]).toEqual([201, 200, 201, 200])
      expect(results.files).toMatchObject({
        status: 200,
        body: { data: { kyc: { requirements: [] }, files: [{ status: 'confirmed' }, { status: 'confirmed' }] } },
      })
      expect(results.verified).toMatchObject({ status: 200, body: { data: { kyc: { status: 'pending' } } } })
      expect(results.read).toMatchObject({
        status: 200,
        body: {
          data: { identityId: identityIdOf(lookup.customer!.id), id: lookup.customer!.id, kyc: { status: 'pending' } },
        },
      })
      await page.close()
    },
    TIMEOUT,
  )

  it(
    'warn once per client and call, naming the Customer API call that replaces each',
    async () => {
      const page = await env.newHostPage()
      const warnings = warningsOf(page)
      const { auth } = await onboard(page)
      await runIdentityCalls(page, auth.credentials.accessToken)
      await page.evaluate((token) => (window as any).sandbox.getIdentity(token), auth.credentials.accessToken)
      const expected = Object.keys(IDENTITY_CALL_REPLACEMENTS).map((name) =>
        deprecationWarning(name as keyof typeof IDENTITY_CALL_REPLACEMENTS),
      )
      expect(warnings.sort()).toEqual(expected.sort())
      await page.close()
    },
    TIMEOUT,
  )

  it(
    'are absent from a client made with strictDeprecations, and a --strict-deprecations sandbox answers them 404',
    async () => {
      const strict = await startServer({ port: 0, framesPort: 0, strictDeprecations: true })
      try {
        const { connection } = await platformAccount(strict.core).connect(magic.guest)
        const page = await env.newHostPage()
        const outcome = await page.evaluate(
          ({ apiOrigin, framesOrigin, token, names }) => {
            const { createClient } = (window as any).sandboxClient
            const strictClient = createClient({ apiOrigin, framesOrigin, strictDeprecations: true })
            const unaware = createClient({ apiOrigin, framesOrigin })
            return Promise.all([names.filter((name: string) => name in strictClient), unaware.getIdentity(token)])
          },
          {
            apiOrigin: strict.apiUrl,
            framesOrigin: strict.framesUrl,
            token: connection.credentials.accessToken,
            names: Object.keys(IDENTITY_CALL_REPLACEMENTS),
          },
        )
        expect(outcome[0]).toEqual([])
        expect(outcome[1]).toMatchObject({
          status: 404,
          body: { code: 'not_found', message: expect.stringContaining('retired under --strict-deprecations') },
        })
        await page.close()
      } finally {
        await strict.close()
      }
    },
    TIMEOUT,
  )
})

import { magicContacts } from '#fixtures/magic-customers.ts'

/**
 * What a partner's backend does before its page opens a frame: creates a session for its customer (the magic active
 * NY customer) with its secret key, and hands the page the session token. For the stand-in partner sites of tests.
 *
 * @example
 * const sessionToken = await createPartnerSession(sandbox.apiUrl, 'sk_test_sandbox', 'readme-buyer')
 */
export async function createPartnerSession(
  api: string,
  secretKey: string,
  externalCustomerId: string,
): Promise<string> {
  const created = await fetch(`${api}/platform/v1/sessions`, {
    method: 'POST',
    headers: { 'x-api-key': secretKey, 'content-type': 'application/json' },
    body: JSON.stringify({ externalCustomerId, deviceIp: '203.0.113.7', ...magicContacts.usNy }),
  })
  if (created.status !== 201)
    throw new Error(`the sandbox refused the session: ${created.status} ${await created.text()}`)
  return ((await created.json()) as { data: { sessionToken: string } }).data.sessionToken
}

import { Connection, SessionCreated, dataOf } from '#contract/index.ts'
import { magicContacts } from '#fixtures/magic-customers.ts'
import type { SandboxCore } from '../sandbox-core.ts'
import { conforms, send } from '../test-request.ts'

let counter = 0

/** A fresh test account, its secret-key header, and helpers to make sessions and connections in it. */
export function platformAccount(core: SandboxCore, mode: 'test' | 'live' = 'test') {
  const account = `platform${++counter}`
  const headers = { 'x-api-key': `sk_${mode}_${account}` }
  return {
    account,
    headers,
    tenant: () => core.tenants.get(account, mode),
    async session(body: Record<string, unknown> = {}) {
      const response = await send(core, 'POST /platform/v1/sessions', {
        headers,
        body: { externalCustomerId: 'user-1', deviceIp: '203.0.113.7', ...body },
      })
      if (response.status !== 201) throw new Error(`session not created: ${JSON.stringify(response.body)}`)
      return conforms(dataOf(SessionCreated), response.body).data.sessionToken
    },
    /** A session for `body`, then its connection as the check frame decides it (with `skipKyc`, as `getConnection` passes it). */
    async connect(body: Record<string, unknown> = {}, options: { skipKyc?: boolean } = {}) {
      const sessionToken = await this.session(body)
      const response = await send(core, 'POST /__sandbox/connections', { headers, body: { sessionToken, ...options } })
      if (response.status !== 200) throw new Error(`no connection: ${JSON.stringify(response.body)}`)
      return { sessionToken, connection: conforms(dataOf(Connection), response.body).data }
    },
  }
}

/** The magic customers' emails and phones (DESIGN §5, from the fixtures), and a stranger's (a new customer). */
export const magic = { ...magicContacts, stranger: { email: 'new.person@example.com', phoneNumber: '+12125550199' } }

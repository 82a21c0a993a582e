import { Connection, SessionCreated, dataOf } from '../../contract/index.ts'
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
      const response = await send(core, 'POST /platform/v1/sessions', { headers, body: { externalCustomerId: 'user-1', deviceIp: '203.0.113.7', ...body } })
      if (response.status !== 201) throw new Error(`session not created: ${JSON.stringify(response.body)}`)
      return conforms(dataOf(SessionCreated), response.body).data.sessionToken
    },
    async connect(body: Record<string, unknown> = {}) {
      const sessionToken = await this.session(body)
      const response = await send(core, 'POST /__sandbox/connections', { headers, body: { sessionToken } })
      if (response.status !== 200) throw new Error(`no connection: ${JSON.stringify(response.body)}`)
      return { sessionToken, connection: conforms(dataOf(Connection), response.body).data }
    },
  }
}

/** The magic customers' emails and phones (DESIGN §5). */
export const magic = {
  usNy: { email: 'active.us-ny@sandbox.test', phoneNumber: '+12125550101' },
  usWa: { email: 'active.us-wa@sandbox.test', phoneNumber: '+12065550102' },
  eea: { email: 'active.eea@sandbox.test', phoneNumber: '+4930555010300' },
  gb: { email: 'active.gb@sandbox.test', phoneNumber: '+447700900104' },
  terms: { email: 'terms@sandbox.test', phoneNumber: '+12125550105' },
  kycPending: { email: 'kyc-pending@sandbox.test', phoneNumber: '+12125550106' },
  kycFailed: { email: 'kyc-failed@sandbox.test', phoneNumber: '+12125550107' },
  unavailable: { email: 'unavailable@sandbox.test', phoneNumber: '+12125550108' },
  guest: { email: 'guest@sandbox.test', phoneNumber: '+12125550109' },
  stranger: { email: 'new.person@example.com', phoneNumber: '+12125550199' },
} as const

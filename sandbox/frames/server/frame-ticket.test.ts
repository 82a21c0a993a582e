import { describe, expect, it } from 'vitest'
import { magic, platformAccount } from '#http/routes/platform-test-kit.ts'
import { createSandboxCore } from '#http/sandbox-core.ts'
import { framesHandler } from './frames-test-kit.ts'
import { framesClient } from './frames-test-kit.ts'

const core = createSandboxCore({ origins: { api: 'http://127.0.0.1:4010', frames: 'http://127.0.0.1:4011' } })
const frames = framesHandler(core)
const HOUR = 3_600_000

const { call, ticketOf: pageTicket } = framesClient(frames)

/** The ticket a frame page was given. */
const ticketOf = (frame: string, query: Record<string, string>) => pageTicket(frame, query, 'ticket-1')

/** An effect without its fields: while the ticket holds it is `invalid_request`; once it has expired, `invalid_token`. */
async function effectCode(ticket: string): Promise<string> {
  const reply = await call('POST', '/__frames/effects/credentials.encrypt', {
    ticket,
    effect: { type: 'credentials.encrypt' },
  })
  expect(reply.status).toBe(200)
  return (reply.body as { error: { code: string } }).error.code
}

const journalStatus = async (ticket: string) =>
  (await call('POST', '/__frames/event', { ticket, direction: 'out', message: { kind: 'handshake' } })).status

describe('frame tickets', () => {
  it('let an apiKey-only frame run effects for 1 h of tenant time, then answer invalid_token', async () => {
    const account = platformAccount(core)
    const ticket = await ticketOf('reset', { apiKey: `pk_test_${account.account}` })
    account.tenant().clock.advance(HOUR - 1)
    expect(await effectCode(ticket)).toBe('invalid_request')
    account.tenant().clock.advance(1)
    expect(await effectCode(ticket)).toBe('invalid_token')
  })

  it("refuse an apiKey-only frame's journal calls with 401 once its hour is up", async () => {
    const account = platformAccount(core)
    const ticket = await ticketOf('reset', { apiKey: `pk_test_${account.account}` })
    expect(await journalStatus(ticket)).toBe(204)
    account.tenant().clock.advance(HOUR)
    expect(await journalStatus(ticket)).toBe(401)
  })

  it("expire with the session of a check frame's sessionToken (24 h), on journal calls too", async () => {
    const account = platformAccount(core)
    const sessionToken = await account.session(magic.usNy)
    const ticket = await ticketOf('check', { sessionToken, publicKey: 'a'.repeat(64) })
    account.tenant().clock.advance(24 * HOUR - 1)
    expect(await journalStatus(ticket)).toBe(204)
    account.tenant().clock.advance(1)
    expect(await journalStatus(ticket)).toBe(401)
    expect(await effectCode(ticket)).toBe('invalid_token')
  })

  it('expire with a clientToken (1 h), on journal calls too', async () => {
    const account = platformAccount(core)
    const { connection } = await account.connect(magic.usNy)
    const ticket = await ticketOf('reset', { clientToken: connection.credentials.clientToken })
    account.tenant().clock.advance(HOUR)
    expect(await journalStatus(ticket)).toBe(401)
  })
})

import { describe, expect, it } from 'vitest'
import { createSandboxCore } from '#http/sandbox-core.ts'
import { platformAccount } from '#http/routes/platform-test-kit.ts'
import { resolveFrameContext } from './frame-context.ts'
import { runEffect } from './index.ts'

const core = createSandboxCore()

/** The context of a reset frame authorized by an apiKey only, and its tenant. */
async function apiKeyReset() {
  const account = platformAccount(core)
  const context = await resolveFrameContext(core, 'reset', {
    channelId: 'channel-1',
    apiKey: `pk_test_${account.account}`,
  })
  const journaled = () =>
    account
      .tenant()
      .journal.list({ kind: 'state' })
      .filter((e) => e.kind === 'state' && e.event === 'auth:reset')
  return { context, journaled }
}

describe('auth.reset effect', () => {
  it('succeeds with an apiKey only, revoking nothing', async () => {
    const { context } = await apiKeyReset()
    expect(await runEffect(context, { type: 'auth.reset' })).toEqual({ effect: 'auth.reset', ok: true, value: null })
  })

  it('journals the customer the page cleared from the browser', async () => {
    const { context, journaled } = await apiKeyReset()
    await runEffect(context, { type: 'auth.reset', browserState: { cleared: true, customerId: 'cus_abc' } })
    expect(journaled()).toMatchObject([
      { detail: { authorizedBy: 'apiKey', revokedSessions: 0, browserState: 'cleared', clearedCustomerId: 'cus_abc' } },
    ])
  })

  it('journals that the browser had nothing stored', async () => {
    const { context, journaled } = await apiKeyReset()
    await runEffect(context, { type: 'auth.reset', browserState: { cleared: false } })
    expect(journaled()).toMatchObject([{ detail: { browserState: 'nothing stored' } }])
    expect(journaled()[0]).not.toHaveProperty('detail.clearedCustomerId')
  })

  it('fails with invalid_request naming the field when the page reports a malformed browser state', async () => {
    const { context, journaled } = await apiKeyReset()
    const result = await runEffect(context, { type: 'auth.reset', browserState: { cleared: 'yes' } })
    expect(result).toEqual({
      effect: 'auth.reset',
      ok: false,
      error: { code: 'invalid_request', message: expect.stringContaining('browserState.cleared') },
    })
    expect(journaled()).toEqual([])
  })
})

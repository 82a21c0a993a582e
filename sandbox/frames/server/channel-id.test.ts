import { describe, expect, it } from 'vitest'
import { Envelope } from '#contract/index.ts'
import { createSandboxCore } from '#http/sandbox-core.ts'
import { magic, platformAccount } from '#http/routes/platform-test-kit.ts'
import { openInProcessFrame } from './in-process-frame.ts'
import { checkMachine } from '#portable/frames/machines/check.ts'

const core = createSandboxCore()

async function runCheck(channelId: string) {
  const account = platformAccount(core)
  const sessionToken = await account.session(magic.usNy)
  const frame = await openInProcessFrame(core, checkMachine, { channelId, sessionToken, publicKey: 'a'.repeat(64) })
  frame.runtime.receive({ kind: 'ack' })
  await frame.runtime.idle()
  return { account, events: frame.events }
}

describe('channelId', () => {
  it('of one character opens a frame that completes, journaled on that channel', async () => {
    const { account, events } = await runCheck('a')
    expect(events.map((e) => e.kind)).toEqual(['handshake', 'complete'])
    expect(events[1]).toMatchObject({ payload: { status: 'active' } })
    const channels = account
      .tenant()
      .journal.list({ kind: 'frame' })
      .map((e) => (e.kind === 'frame' ? e.channelId : ''))
    expect(channels).toEqual(['a', 'a', 'a'])
  })

  it('of 129 characters is refused with invalid_parameters naming channelId and the rule', async () => {
    const { events } = await runCheck('c'.repeat(129))
    expect(events).toEqual([
      { kind: 'handshake' },
      {
        kind: 'error',
        payload: { code: 'invalid_parameters', message: 'channelId must be 1–128 characters of A-Z a-z 0-9 _ -' },
      },
    ])
  })

  it.each([
    ['a UUID', '3f2b8c1e-9d4a-4e6b-8f0a-1c2d3e4f5a6b'],
    ["the client's ch_ and 24 hex digits", 'ch_0123456789abcdef01234567'],
    ['128 characters', 'c'.repeat(128)],
  ])('of %s routes an envelope', (_name, channelId) => {
    expect(Envelope.safeParse({ version: 2, meta: { channelId }, kind: 'ack' }).success).toBe(true)
  })
})

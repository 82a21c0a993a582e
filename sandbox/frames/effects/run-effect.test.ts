import { describe, expect, it } from 'vitest'
import { createSandboxCore } from '#http/sandbox-core.ts'
import { resolveFrameContext } from './frame-context.ts'
import { runEffect } from './index.ts'

const core = createSandboxCore()

describe('runEffect', () => {
  it("answers invalid_token, running nothing, once the frame's authorization has expired (in-process frames as served ones)", async () => {
    const context = await resolveFrameContext(core, 'reset', { channelId: 'run-effect-1', apiKey: 'pk_test_runeffect' })
    expect(await runEffect(context, { type: 'probe.nothing' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_request' },
    })
    context.tenant.clock.advance(3_600_000)
    expect(await runEffect(context, { type: 'probe.nothing' })).toEqual({
      effect: 'probe.nothing',
      ok: false,
      error: {
        code: 'invalid_token',
        message:
          "the reset frame's authorization expired at 2026-01-01T01:00:00.000Z (with its token or session; a frame opened with an apiKey only lasts 1 h): open it again",
      },
    })
  })
})

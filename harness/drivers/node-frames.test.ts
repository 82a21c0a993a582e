import { afterEach, describe, expect, it, vi } from 'vitest'
import identityChallengeCompleted from '#scenarios/challenges/identity-challenge-completed.scenario.ts'
import { checkScenario } from '../check-scenario.ts'
import { runInNode } from './node-driver.ts'

describe('node driver, waiting for a frame event', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  // The buy frame completes after its challenge, on effects still running when the challenge frame has settled: the
  // wait follows those effects, never a timer (with timers frozen, a wait that polls on a timer never ends).
  it('waits for the effects that post the event, not for a timer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] })
    const recording = await runInNode(identityChallengeCompleted)
    expect(checkScenario(identityChallengeCompleted, recording)).toEqual([])
  }, 15_000)
})

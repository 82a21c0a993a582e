import { openInProcessFrame, settleFrame, type FramesOrigin, type InProcessFrame } from '../server/in-process-frame.ts'
import { frameMachines } from '#portable/frames/machines/index.ts'
import { challengeParams, type EventsByFrame, type ScriptStep } from './frame-script.ts'

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const settle = settleFrame

/** Runs a script against the machines without a DOM; returns every frame's events. */
export async function runScriptInProcess(core: FramesOrigin, steps: ScriptStep[]): Promise<EventsByFrame> {
  const frames = new Map<string, InProcessFrame<{ type: string }>>()
  const events = (): EventsByFrame => Object.fromEntries([...frames].map(([name, frame]) => [name, frame.events]))
  const open = async (name: keyof typeof frameMachines, params: Record<string, string>) => {
    const frame = await openInProcessFrame(core, frameMachines[name]!, { channelId: `script-${name}`, ...params })
    frames.set(name, frame)
    frame.runtime.receive({ kind: 'ack' })
    await settle(frame)
  }
  for (const step of steps) {
    if ('open' in step) await open(step.open, step.params)
    else if ('openChallenge' in step) await open('challenge', challengeParams(events(), step.openChallenge))
    else if ('act' in step) {
      const frame = frames.get(step.act)!
      frame.runtime.act(step.action)
      await settle(frame)
    } else {
      const frame = frames.get(step.until)!
      for (let i = 0; i < 100 && !frame.events.some((e) => e.kind === step.kind); i++) await pause(50)
    }
  }
  await Promise.all([...frames.values()].map((frame) => settle(frame)))
  return events()
}

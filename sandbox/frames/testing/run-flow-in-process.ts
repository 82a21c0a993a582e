import type { FrameOutbound } from '../../contract/index.ts'
import type { SandboxCore } from '../../core/sandbox-core.ts'
import { openInProcessFrame } from '../in-process-frame.ts'
import { frameMachines } from '../machines/index.ts'
import type { FrameFlow } from './frame-flow.ts'

/** Runs a flow against the machines without a DOM; returns every event the frame posted. */
export async function runFlowInProcess(core: SandboxCore, flow: FrameFlow): Promise<FrameOutbound[]> {
  const machine = frameMachines[flow.frame]
  if (!machine) throw new Error(`no machine for ${flow.frame}`)
  const frame = await openInProcessFrame(core, machine, { channelId: 'flow-channel', ...flow.params })
  frame.runtime.receive({ kind: 'ack' })
  await frame.runtime.idle()
  for (const action of flow.actions ?? []) {
    frame.runtime.act(action)
    await frame.runtime.idle()
  }
  return frame.events
}

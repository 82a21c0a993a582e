import { createSandboxCore, type SandboxCore } from '#http/sandbox-core.ts'
import { wireBody } from '#http/plain-http.ts'
import { send } from '#http/test-request.ts'
import { newRecording, resolveInput, type Recording } from '../recording.ts'
import type { Scenario } from '../scenario.ts'
import { countExpectedRequests, type ApiCall } from './api-steps.ts'
import { nodeFrames } from './node-frames.ts'
import { nodeWebhookListeners, nodeWebhookTransport } from './node-webhooks.ts'
import { runStep } from './run-step.ts'

export { nodeWebhookTransport } from './node-webhooks.ts'

const cores = new Map<number, SandboxCore>()
let runs = 0

/**
 * Runs a scenario in process: the core's routes for API calls, the frame machines
 * for frames, no browser and no sockets. One core per seed (or the one given); one account per run.
 * Webhooks reach the run's inboxes through the core's transport: a core given here needs
 * `webhookTransport: nodeWebhookTransport()` for a scenario that listens.
 *
 * @example
 * const recording = await runInNode(scenario)
 */
export async function runInNode(scenario: Scenario, options: { core?: SandboxCore } = {}): Promise<Recording> {
  const seed = scenario.seed ?? Number(process.env.RAMP_SCENARIO_SEED ?? 1)
  let core = options.core ?? cores.get(seed)
  if (!core) cores.set(seed, (core = createSandboxCore({ seed, webhookTransport: nodeWebhookTransport() })))
  const mode = scenario.mode ?? 'test'
  const account = scenario.account ?? `scenario_${process.pid}_${++runs}`
  const recording = newRecording()
  const resolve = (input: unknown) => resolveInput(input, recording.results) as any
  const api: ApiCall = async (line, options) => {
    const reply = await send(core, line, options)
    recording.timeline.push({ actor: 'partner', target: 'api', what: `${line} → ${reply.status}` })
    // A copy, as the wire gives: a result kept now never shows a record's later state.
    return {
      status: reply.status,
      body: wireBody(reply) as any,
      headers: Object.fromEntries(
        Object.entries(reply.headers ?? {}).map(([name, value]) => [name.toLowerCase(), String(value)]),
      ),
    }
  }
  const frames = nodeFrames(core, recording)
  const webhooks = nodeWebhookListeners()
  const driver = { api, mode, account, resolve, recording, frames, webhooks }
  try {
    for (const step of scenario.steps) await runStep(step, driver)
    await frames.finish()
    await webhooks.finish(driver)
    await countExpectedRequests(scenario, driver)
  } finally {
    webhooks.close()
  }
  return recording
}

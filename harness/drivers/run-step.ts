import { challengeParams } from '#frames/testing/frame-script.ts'
import type { Step } from '../scenario.ts'
import * as call from './api-steps.ts'
import type { PendingConnection, StepDriver } from './frame-backend.ts'

/** Throws for a step no case took: at compile time `step` must be `never` here, so a new step kind needs a case. */
function unknownStep(step: never): never {
  throw new Error(`unknown step: ${JSON.stringify(step)}`)
}

/** Records the connection of a client call as `as`, or throws with what its frame posted instead. */
async function recordConnection(
  driver: StepDriver,
  pending: PendingConnection,
  as: string,
  channel: string,
  frame: 'check' | 'auth',
  name: string,
) {
  const connection = await pending.connection()
  if (connection === undefined)
    throw new Error(`${name}: the ${frame} frame posted ${JSON.stringify(await driver.frames.events(channel))}`)
  driver.recording.results[as] = connection
}

/** `getConnection`: a check frame resolves the session (channel `<as>-check` by default). */
async function getConnection(step: Extract<Step, { client: 'getConnection' }>, driver: StepDriver): Promise<void> {
  const channel = step.channel ?? `${step.as}-check`
  const pending = await driver.frames.getConnection(channel, driver.resolve(step.sessionToken), step.skipKyc === true)
  if (!pending) throw new Error('getConnection: the check frame was refused by frame-ancestors')
  await recordConnection(driver, pending, step.as, channel, 'check', 'getConnection')
}

/** `setupAuth`: an auth frame for the clientToken; the customer enters the code (channel `<as>-auth` by default). */
async function setupAuth(step: Extract<Step, { client: 'setupAuth' }>, driver: StepDriver): Promise<void> {
  const channel = step.channel ?? `${step.as}-auth`
  const pending = await driver.frames.setupAuth(channel, driver.resolve(step.clientToken))
  if (!pending) throw new Error('setupAuth: the auth frame was refused by frame-ancestors')
  const code = String(driver.resolve(step.code ?? '000000'))
  await driver.frames.act(channel, 'enterCode', () => ({ code }))
  await recordConnection(driver, pending, step.as, channel, 'auth', 'setupAuth')
}

/** Opens the challenge frame the last `challenge` event of `from` asked for; none is a finding, noted, not a crash. */
async function openChallenge(step: Extract<Step, { openChallenge: string }>, driver: StepDriver): Promise<void> {
  const { frames } = driver
  if (!(await frames.posted(step.from, 'challenge'))) {
    // The expectations will show the divergent event.
    frames.note({ actor: 'host', target: step.openChallenge, what: `no challenge event on ${step.from} to open` })
    return
  }
  await frames.open(
    step.openChallenge,
    'challenge',
    challengeParams({ [step.from]: await frames.events(step.from) } as never, driver.resolve(step.params ?? {})),
  )
}

/** A partner-server step: a session created or revoked, or a widget URL signed, with the secret key. */
function serverStep(step: Extract<Step, { server: string }>, driver: StepDriver): Promise<void> {
  switch (step.server) {
    case 'createSession':
      return call.createSession(step, driver)
    case 'revokeSession':
      return call.revokeSession(step, driver)
    case 'signWidgetUrl':
      return call.signWidget(step, driver)
    default:
      return unknownStep(step)
  }
}

/** A sandbox-control step: the clock advanced, a fault injected or cleared, settings changed. */
async function controlStep(step: Extract<Step, { control: string }>, driver: StepDriver): Promise<void> {
  switch (step.control) {
    // Retries the advance made due run in the background: settled, so every driver reads the same deliveries.
    case 'advanceClock':
      await call.advanceClock(step, driver)
      return driver.webhooks.settle(driver)
    case 'fault':
      return call.injectFault(step, driver)
    case 'clearFaults':
      return call.clearFaults(step, driver)
    case 'settings':
      return call.changeSettings(step, driver)
    default:
      return unknownStep(step)
  }
}

/** A partner-client step: an API call, or a connection through a frame. */
async function clientStep(step: Extract<Step, { client: string }>, driver: StepDriver): Promise<void> {
  switch (step.client) {
    case 'getConnection':
      return getConnection(step, driver)
    case 'setupAuth':
      return setupAuth(step, driver)
    // A retry's wait advances the clock: what came due settles, as after an advanceClock step.
    case 'getQuote':
      await call.getQuote(step, driver, () => driver.webhooks.settle(driver))
      return driver.frames.settle()
    case 'getPaymentMethods':
      await call.getPaymentMethods(step, driver)
      return driver.frames.settle()
    case 'listTransactions':
      await call.listTransactions(step, driver)
      return driver.frames.settle()
    default:
      return unknownStep(step)
  }
}

/**
 * Runs one scenario step with a driver: the one place that tells step kinds apart, for the node and the browser driver
 * alike. API steps are HTTP calls (`api-steps.ts`), after which the frames settle; frame steps go to `driver.frames`.
 * A step of no known kind throws.
 *
 * @example
 * for (const step of scenario.steps) await runStep(step, { api, mode, account, resolve, recording, frames, webhooks })
 */
export async function runStep(step: Step, driver: StepDriver): Promise<void> {
  const { frames, resolve } = driver
  switch (true) {
    case 'server' in step:
      await serverStep(step, driver)
      return frames.settle()
    case 'client' in step:
      return clientStep(step, driver)
    case 'control' in step:
      await controlStep(step, driver)
      return frames.settle()
    case 'api' in step:
      await call.rawApiCall(step, driver)
      return frames.settle()
    case 'open' in step:
      await frames.open(step.channel, step.open, resolve(step.params))
      return
    case 'openChallenge' in step:
      return openChallenge(step, driver)
    case 'customer' in step:
      return frames.act(step.channel, step.customer, () => resolve(step.fields ?? {}))
    case 'host' in step:
      frames.note({ actor: 'host', target: step.channel, what: step.host })
      return frames.send(step.channel, { kind: step.host, payload: { quote: resolve(step.quote) } })
    case 'until' in step:
      return frames.waitFor(step.until, step.kind)
    case 'webhooks' in step:
      return driver.webhooks.listen(step, driver)
    default: {
      const never: never = step
      return unknownStep(never)
    }
  }
}

import { magicContacts } from '#fixtures/magic-customers.ts'
import { WALLET_ADDRESS } from '#harness/steps.ts'

/** Where a served sandbox answers. */
interface FlowTarget {
  api: string
  frames: string
}

/** How one account's flow went: every step done, refused with 429 on its first call, or failed at a step. */
export type FlowOutcome =
  | { account: string; kind: 'done' }
  | { account: string; kind: 'refused'; message: string }
  | { account: string; kind: 'failed'; step: string; detail: string }

/** A seeded pause generator (mulberry32): the same account pauses the same way run after run. */
function pauses(seed: number, maxMs: number): () => Promise<void> {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    const ms = Math.floor((((t ^ (t >>> 14)) >>> 0) / 2 ** 32) * maxMs)
    return new Promise((resolve) => setTimeout(resolve, ms))
  }
}

class StepFailed extends Error {
  constructor(
    readonly step: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`${step} answered ${status}: ${JSON.stringify(body)}`)
  }
}

/**
 * One partner flow for one account against a served sandbox, pausing at random (seeded) up to `maxPauseMs`
 * between steps: session, connection, buy quote, clock advance, an Apple Pay purchase through the frames origin,
 * a second clock advance, and the transaction listed. Each step checks its answer, and the clock advances check
 * that the account kept its state (`advancedMs` adds up: an account rebuilt mid-flow would start again from 0).
 *
 * @example
 * const outcome = await runAccountFlow({ api: sandbox.apiUrl, frames: sandbox.framesUrl }, 'flow_1', { seed: 1, maxPauseMs: 200 })
 */
export async function runAccountFlow(
  target: FlowTarget,
  account: string,
  options: { seed: number; maxPauseMs: number },
): Promise<FlowOutcome> {
  const pause = pauses(options.seed, options.maxPauseMs)
  const secret = { 'x-api-key': `sk_test_${account}`, 'content-type': 'application/json' }
  let first = true
  const call = async (step: string, url: string, init: RequestInit, expected: number): Promise<any> => {
    const response = await fetch(url, init)
    const text = await response.text()
    const body = text === '' ? undefined : text.startsWith('<') ? text : JSON.parse(text)
    if (response.status === 429 && first) throw Object.assign(new StepFailed(step, 429, body), { refusedFirst: true })
    first = false
    if (response.status !== expected) throw new StepFailed(step, response.status, body)
    return body
  }
  try {
    const session = await call(
      'session',
      `${target.api}/platform/v1/sessions`,
      {
        method: 'POST',
        headers: secret,
        body: JSON.stringify({
          externalCustomerId: `${account}-customer`,
          deviceIp: '203.0.113.7',
          ...magicContacts.usNy,
        }),
      },
      201,
    )
    await pause()
    const connection = await call(
      'connection',
      `${target.api}/__sandbox/connections`,
      { method: 'POST', headers: secret, body: JSON.stringify({ sessionToken: session.data.sessionToken }) },
      200,
    )
    const { accessToken, clientToken } = connection.data.credentials
    const bearer = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' }
    await pause()
    const quoteBody = {
      source: { asset: { code: 'usd' }, amount: 50 },
      destination: { asset: { code: 'eth' } },
      wallet: { address: WALLET_ADDRESS },
      paymentMethod: { type: 'apple_pay' },
    }
    const quote = (
      await call(
        'quote',
        `${target.api}/platform/v1/quotes/buy`,
        { method: 'POST', headers: bearer, body: JSON.stringify(quoteBody) },
        200,
      )
    ).data
    await pause()
    const advanced = await call(
      'clock advance',
      `${target.api}/__sandbox/clock/advance`,
      { method: 'POST', headers: secret, body: JSON.stringify({ by: '1s' }) },
      200,
    )
    if (advanced.data.advancedMs !== 1000) throw new StepFailed('clock advance', 200, advanced)
    await pause()
    const page = await call(
      'buy frame',
      `${target.frames}/platform/v1/apple-pay?${new URLSearchParams({ channelId: `flow-${account}`, clientToken, quote: Buffer.from(JSON.stringify(quote)).toString('base64url') })}`,
      {},
      200,
    )
    const ticket = JSON.parse(
      /<script type="application\/json" id="frame-config">(.*?)<\/script>/s.exec(String(page))![1]!,
    ).ticket
    const purchase = await call(
      'purchase',
      `${target.frames}/__frames/effects/purchase.execute`,
      { method: 'POST', body: JSON.stringify({ ticket, effect: { type: 'purchase.execute', quote } }) },
      200,
    )
    if (!purchase.ok) throw new StepFailed('purchase', 200, purchase)
    await pause()
    const again = await call(
      'second clock advance',
      `${target.api}/__sandbox/clock/advance`,
      { method: 'POST', headers: secret, body: JSON.stringify({ by: '1s' }) },
      200,
    )
    if (again.data.advancedMs !== 2000) throw new StepFailed('second clock advance', 200, again)
    const listed = await call('transactions', `${target.api}/platform/v1/transactions`, { headers: bearer }, 200)
    if (!listed.data.some((t: { id: string }) => t.id === purchase.value.transaction.id))
      throw new StepFailed('transactions', 200, listed)
    return { account, kind: 'done' }
  } catch (error) {
    if (error instanceof StepFailed) {
      if ((error as StepFailed & { refusedFirst?: boolean }).refusedFirst)
        return { account, kind: 'refused', message: String((error.body as { message?: string })?.message) }
      return { account, kind: 'failed', step: error.step, detail: error.message.slice(0, 400) }
    }
    return { account, kind: 'failed', step: 'network', detail: String(error) }
  }
}

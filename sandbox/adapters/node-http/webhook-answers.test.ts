import { afterEach, describe, expect, it } from 'vitest'
import { StateJournalEntry, TriggeredWebhook, WebhookDelivery, dataOf } from '#contract/index.ts'
import { createSandboxCore } from '#http/sandbox-core.ts'
import { conforms, send } from '#http/test-request.ts'
import { fetchTransport, handlerTransport, type WebhookTransport } from '#kernel/webhook-transport.ts'
import { httpWebhookTransport } from './http-webhook-transport.ts'
import { answeringReceiver, type CountingReceiver } from './receiver-test-kit.ts'

/**
 * What counts as a delivered webhook (issue 38, item 2): one table of receiver answers, run through every transport a
 * sandbox sends with. Only a 2xx delivers; a 3xx is not followed (an endpoint that redirects http → https would
 * otherwise show "delivered" while the receiver got nothing), and it, a 4xx, a 5xx, a timeout, a reset and garbage
 * each fail an attempt that is retried 30 s, 2 min, 8 min and 32 min later (decision 0059), the fifth failing the
 * delivery, each attempt as `GET /__sandbox/webhooks/deliveries` and the journal show it.
 */

/** What the receiver does with an attempt: answer a status, or misbehave. */
type Misbehaviour = 'timeout' | 'reset' | 'garbage'
type Answer = number | Misbehaviour

const ANSWERS: Array<{ answer: Answer; delivers: boolean }> = [
  ...[200, 201, 202, 204].map((answer) => ({ answer, delivers: true })),
  ...[301, 302, 307, 308, 400, 404, 410, 429, 500, 503, 'timeout', 'reset', 'garbage'].map((answer) => ({
    answer: answer as Answer,
    delivers: false,
  })),
]

/** The retry schedule in sandbox ms, written out (not imported), so a changed delay fails here. */
const RETRY_DELAYS_MS = [30_000, 120_000, 480_000, 1_920_000]

/** How long an attempt at the `timeout` receiver waits, instead of 5 s: the transports take it per attempt. */
const SHORT_TIMEOUT_MS = 100

/** Where a redirect points: a path of the same receiver, so a followed redirect would be seen. */
const FOLLOWED = '/followed'

/** A receiver of one transport, answering each attempt as its path says (`/hooks/<answer>`), keeping the paths it saw. */
interface Receiving {
  transport: WebhookTransport
  base: string
  paths: string[]
  close(): Promise<void>
}

/** A transport under test: how to start a receiver for it, and how it words each misbehaviour in an attempt's error. */
interface Way {
  name: string
  start(): Promise<Receiving>
  says: Record<Misbehaviour, string | RegExp>
}

const answerOf = (path: string): Answer => {
  const last = path.slice(path.lastIndexOf('/') + 1)
  return last === 'timeout' || last === 'reset' || last === 'garbage' ? last : Number(last)
}

/** The transport with a short timeout for the receiver that never answers (every other attempt keeps the 5 s). */
const withShortTimeout = (transport: WebhookTransport): WebhookTransport => ({
  ...transport,
  post: (request) =>
    transport.post(
      answerOf(new URL(request.url).pathname) === 'timeout' ? { ...request, timeoutMs: SHORT_TIMEOUT_MS } : request,
    ),
})

/** A loopback receiver on a real socket (127.0.0.1, port 0), sent to by `transport`. */
async function socketReceiving(transport: WebhookTransport): Promise<Receiving> {
  const paths: string[] = []
  let base = ''
  const receiver: CountingReceiver = await answeringReceiver((request, response) => {
    const path = request.url ?? ''
    paths.push(path)
    const answer = answerOf(path)
    if (answer === 'timeout') return
    if (answer === 'reset') return void request.socket.destroy()
    if (answer === 'garbage') return void request.socket.end('not http at all\r\n\r\n')
    response.writeHead(answer, answer >= 300 && answer < 400 ? { location: `${base}${FOLLOWED}` } : {}).end()
  }, '')
  base = receiver.url
  return { transport: withShortTimeout(transport), base, paths, close: () => receiver.close() }
}

/** A handler in process, as `createSandbox({ webhooks: handler })` and the harness's node driver hand deliveries to. */
function handlerReceiving(): Promise<Receiving> {
  const paths: string[] = []
  const base = 'http://127.0.0.1:9'
  const transport = handlerTransport((request) => {
    const path = new URL(request.url).pathname
    paths.push(path)
    const answer = answerOf(path)
    if (answer === 'timeout') return new Promise<Response>(() => undefined)
    if (answer === 'reset') return Response.error()
    if (answer === 'garbage') return 'not http at all' as unknown as Response
    return new Response(null, {
      status: answer,
      headers: answer >= 300 && answer < 400 ? { location: `${base}${FOLLOWED}` } : {},
    })
  })
  return Promise.resolve({ transport: withShortTimeout(transport), base, paths, close: () => Promise.resolve() })
}

const timedOut = `no answer within ${SHORT_TIMEOUT_MS} ms`

const WAYS: Way[] = [
  {
    name: 'the node server’s transport (node:http)',
    start: () => socketReceiving(httpWebhookTransport),
    says: { timeout: timedOut, reset: /^connection failed \(/, garbage: /^connection failed \(HPE_/ },
  },
  {
    name: 'fetch (the core’s default, and msw’s webhooks: "fetch")',
    start: () => socketReceiving(fetchTransport),
    says: { timeout: timedOut, reset: /^connection failed \(/, garbage: /^connection failed \(HPE_/ },
  },
  {
    name: 'a handler in process (msw’s webhooks: handler, the node driver)',
    start: handlerReceiving,
    says: {
      timeout: timedOut,
      reset: 'connection failed (the handler answered Response.error(), a network error)',
      garbage: 'the handler answered a string ("not http at all"), not a Response (or nothing, which counts as 200)',
    },
  },
]

const receivings: Receiving[] = []
afterEach(async () => {
  await Promise.all(receivings.splice(0).map((receiving) => receiving.close()))
})

let accounts = 0

/** A fresh sandbox whose one account has an endpoint answering `answer`, and its control calls. */
async function endpointAnswering(way: Way, answer: Answer) {
  const receiving = await way.start()
  receivings.push(receiving)
  const core = createSandboxCore({ webhookTransport: receiving.transport })
  const headers = { 'x-api-key': `sk_test_answers${++accounts}` }
  const hook = `/hooks/${answer}`
  expect(
    (await send(core, 'POST /__sandbox/webhooks/endpoints', { headers, body: { url: `${receiving.base}${hook}` } }))
      .status,
  ).toBe(201)
  const triggered = await send(core, 'POST /__sandbox/webhooks/trigger', {
    headers,
    body: { type: 'transaction_updated' },
  })
  const deliveryId = conforms(dataOf(TriggeredWebhook), triggered.body).data.deliveries[0]!.id
  return {
    hook,
    paths: receiving.paths,
    /** Waits until every attempt under way has ended (the control API's settle, no sleep), then reads the delivery as a partner does. */
    settled: async () => {
      expect((await send(core, 'POST /__sandbox/webhooks/settle', { headers })).status).toBe(200)
      const list = conforms(
        dataOf(WebhookDelivery.array()),
        (await send(core, 'GET /__sandbox/webhooks/deliveries', { headers })).body,
      ).data
      return list.find((delivery) => delivery.id === deliveryId)!
    },
    advance: async (ms: number) =>
      expect((await send(core, 'POST /__sandbox/clock/advance', { headers, body: { by: `${ms}ms` } })).status).toBe(
        200,
      ),
    attemptsJournaled: async () =>
      conforms(
        dataOf(StateJournalEntry.array()),
        (await send(core, 'GET /__sandbox/journal?kind=state', { headers })).body,
      )
        .data.filter((entry) => entry.event === 'webhook:attempted' && entry.detail.deliveryId === deliveryId)
        .map(({ detail }) => ({
          attempt: detail.attempt,
          status: detail.status,
          error: detail.error,
          outcome: detail.outcome,
        })),
  }
}

const ms = (iso: string | null) => Date.parse(iso!)

describe.each(WAYS)('what a receiver answers, through $name', (way) => {
  it.each(ANSWERS.filter(({ delivers }) => delivers))(
    'delivers on a $answer, at the first attempt, and never sends it again',
    async ({ answer }) => {
      const hooks = await endpointAnswering(way, answer)
      expect(await hooks.settled()).toMatchObject({
        status: 'delivered',
        nextAttemptAt: null,
        attempts: [{ status: answer, error: null }],
      })
      await hooks.advance(3_600_000)
      expect(await hooks.settled()).toMatchObject({ status: 'delivered', attempts: [{ status: answer }] })
      expect(hooks.paths).toEqual([hooks.hook])
      expect(await hooks.attemptsJournaled()).toEqual([
        { attempt: 1, status: answer, error: null, outcome: 'delivered' },
      ])
    },
  )

  it.each(ANSWERS.filter(({ delivers }) => !delivers))(
    'fails an attempt answered $answer, retries it 30 s, 2 min, 8 min and 32 min later, and fails the delivery at the fifth',
    async ({ answer }) => {
      const hooks = await endpointAnswering(way, answer)
      const says = typeof answer === 'number' ? null : way.says[answer]
      const recorded =
        typeof answer === 'number'
          ? { status: answer, error: null }
          : { status: null, error: typeof says === 'string' ? says : expect.stringMatching(says!) }
      for (const [index, delay] of RETRY_DELAYS_MS.entries()) {
        const delivery = await hooks.settled()
        expect(delivery).toMatchObject({
          status: 'pending',
          attempts: Array.from({ length: index + 1 }, () => recorded),
        })
        expect(ms(delivery.nextAttemptAt) - ms(delivery.attempts[index]!.at)).toBe(delay)
        await hooks.advance(delay - 1)
        expect((await hooks.settled()).attempts).toHaveLength(index + 1)
        await hooks.advance(1)
      }
      const failed = await hooks.settled()
      expect(failed).toMatchObject({
        status: 'failed',
        nextAttemptAt: null,
        attempts: Array.from({ length: 5 }, () => recorded),
      })
      const first = ms(failed.attempts[0]!.at)
      expect(failed.attempts.map(({ at }) => ms(at) - first)).toEqual([0, 30_000, 150_000, 630_000, 2_550_000])
      await hooks.advance(3_600_000)
      expect((await hooks.settled()).attempts).toHaveLength(5)
      // A redirect is never followed; a receiver that answered saw every attempt (one that never answers may not have read the last before it was given up on).
      expect(hooks.paths.every((path) => path === hooks.hook)).toBe(true)
      if (answer !== 'timeout') expect(hooks.paths).toHaveLength(5)
      const journaled = await hooks.attemptsJournaled()
      expect(journaled).toEqual(
        [1, 2, 3, 4, 5].map((attempt) => ({ attempt, ...recorded, outcome: attempt < 5 ? 'pending' : 'failed' })),
      )
    },
  )
})

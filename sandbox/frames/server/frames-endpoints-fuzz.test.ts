import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { magic, platformAccount } from '#http/routes/platform-test-kit.ts'
import { createSandboxCore } from '#http/sandbox-core.ts'
import { effectHandlers } from '../effects/index.ts'
import { framesHandler } from './frames-test-kit.ts'
import { framesClient } from './frames-test-kit.ts'

const core = createSandboxCore({ origins: { api: 'http://127.0.0.1:4010', frames: 'http://127.0.0.1:4011' } })
const frames = framesHandler(core)

const { call, ticketOf: pageTicket } = framesClient(frames)
const ticketOf = (frame: string, query: Record<string, string>) => pageTicket(frame, query, 'fuzz-1')

/** Values that break code which trusts a field's type: objects whose `toString` is not a function, prototype names, huge and odd values. */
const hostile = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom<unknown>(
    { toString: 1 },
    { valueOf: 1, toString: 1 },
    JSON.parse('{"__proto__":{"polluted":1}}'),
    [],
    [[]],
    null,
    'constructor',
    '__proto__',
    'toString',
    1e308,
    -0,
    '',
  ),
)

/** An effect: a known type, a prototype name or garbage, with known field names holding hostile values. */
const effect = fc.record({
  type: fc.oneof(
    fc.constantFrom(...effectHandlers.keys()),
    fc.constantFrom('constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'),
    fc.string({ maxLength: 20 }),
    hostile,
  ),
  fields: fc.dictionary(
    fc.constantFrom(
      'quote',
      'challengeId',
      'email',
      'skipKyc',
      'credentials',
      'publicKey',
      'number',
      'expiryMonth',
      'expiryYear',
      'fiatCode',
      'amount',
      'currencyCode',
      'address',
      'outcome',
      'cvv',
      'secondFactorConfirmed',
      'browserState',
      'externalTransactionId',
    ),
    hostile,
    { maxKeys: 5 },
  ),
})

describe('the frames endpoints under any body', () => {
  const tickets: string[] = []

  beforeAll(async () => {
    const account = platformAccount(core)
    const { sessionToken, connection } = await account.connect(magic.usNy)
    const clientToken = connection.credentials.clientToken
    tickets.push(
      await ticketOf('reset', { apiKey: `pk_test_${account.account}` }),
      await ticketOf('check', { sessionToken, publicKey: 'a'.repeat(64) }),
      await ticketOf('buy', { clientToken, quote: 'x' }),
      await ticketOf('widget', { clientToken }),
      await ticketOf('add-card', { clientToken }),
    )
  }, 60_000)

  const ticket = () => fc.oneof(fc.constantFrom(...tickets), hostile)
  /** A body as a page (or anyone) could send it: JSON of any shape, or text that is not JSON. */
  const body = (shaped: fc.Arbitrary<unknown>) =>
    fc.oneof(
      { weight: 4, arbitrary: shaped.map((value) => JSON.stringify(value)) },
      { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
    )

  /** Posts 400 bodies of `shaped` to `path`: each must answer below 500. */
  const neverAServerError = (path: string, shaped: fc.Arbitrary<unknown>) =>
    fc.assert(
      fc.asyncProperty(body(shaped), async (text) => {
        const reply = await call('POST', path, text)
        expect(reply.status, `${text} → ${JSON.stringify(reply.body)}`).toBeLessThan(500)
      }),
      { numRuns: 400 },
    )

  it('answers an effect body of any shape with a 2xx or 4xx, never a 5xx', async () => {
    const types = fc.oneof(
      fc.constantFrom(...effectHandlers.keys()),
      fc.constantFrom('constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'),
      fc.string({ maxLength: 20 }),
    )
    await fc.assert(
      fc.asyncProperty(
        types,
        body(
          fc.oneof(
            hostile,
            fc.record(
              {
                ticket: ticket(),
                effect: fc.oneof(
                  hostile,
                  effect.map(({ type, fields }) => ({ ...fields, type })),
                ),
              },
              { requiredKeys: [] },
            ),
          ),
        ),
        async (type, text) => {
          const reply = await call('POST', `/__frames/effects/${encodeURIComponent(type)}`, text)
          expect(reply.status, `${type} ${text} → ${JSON.stringify(reply.body)}`).toBeLessThan(500)
        },
      ),
      { numRuns: 400 },
    )
  }, 120_000)

  it('answers a journal body of any shape with a 2xx or 4xx, never a 5xx', async () => {
    const direction = fc.oneof(fc.constantFrom('out', 'in', 'dropped', 'action'), hostile)
    const message = fc.oneof(
      hostile,
      fc.record({
        kind: fc.oneof(fc.constantFrom('handshake', 'complete', 'error', 'setQuote', 'constructor'), hostile),
        payload: hostile,
      }),
      fc.record({ type: hostile }),
    )
    await neverAServerError(
      '/__frames/event',
      fc.oneof(hostile, fc.record({ ticket: ticket(), direction, message }, { requiredKeys: [] })),
    )
  }, 120_000)

  it('names the field of a body that is null, an array, a number or a string', async () => {
    for (const path of ['/__frames/effects/auth.reset', '/__frames/event']) {
      for (const text of ['null', '[]', '7', '"text"']) {
        const reply = await call('POST', path, text)
        expect(reply.status).toBe(400)
        expect(reply.body).toMatchObject({ code: 'invalid_request', message: 'body must be an object' })
      }
    }
  })

  it('names challengeId when it is an object whose toString is not a function', async () => {
    const reply = await call(
      'POST',
      '/__frames/effects/purchase.awaitChallenge',
      JSON.stringify({ ticket: tickets[2], effect: { type: 'purchase.awaitChallenge', challengeId: { toString: 1 } } }),
    )
    expect(reply.status).toBe(200)
    expect(reply.body).toEqual({
      effect: 'purchase.awaitChallenge',
      ok: false,
      error: { code: 'invalid_request', message: 'purchase.awaitChallenge: challengeId must be a string' },
    })
  })
})

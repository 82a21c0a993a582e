import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Connection, SessionCreated, dataOf, type Mode } from '#contract/index.ts'
import { createSandboxCore } from '#http/sandbox-core.ts'
import { conforms, send } from '#http/test-request.ts'
import { magicContacts } from '#fixtures/magic-customers.ts'

const core = createSandboxCore({ seed: 1 })

/** An account name the api-key grammar accepts (`[A-Za-z0-9_]{1,64}`). */
const accountName = fc.stringMatching(/^[A-Za-z0-9_]{1,64}$/)

/**
 * Every number of an answer, and every string that is a decimal amount, by where it is (`data.fees.network`):
 * what a partner would assert. Ids, tokens and signatures are strings and left out.
 */
function amountsOf(
  value: unknown,
  path = '',
  into: Array<[string, number | string]> = [],
): Array<[string, number | string]> {
  if (typeof value === 'number') into.push([path, value])
  else if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)) into.push([path, value])
  else if (Array.isArray(value)) for (const [index, item] of value.entries()) amountsOf(item, `${path}.${index}`, into)
  else if (value !== null && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) amountsOf(item, `${path}.${key}`, into)
  return into
}

async function ok(line: string, options: Parameters<typeof send>[2] = {}): Promise<unknown> {
  const response = await send(core, line, options)
  expect(response.status, `${line}: ${JSON.stringify(response.body)}`).toBeLessThan(300)
  return response.body
}

/** What `account` is answered, in `mode`: a sell quote, a buy quote and the NY magic customer's history, at the default extra fee. */
async function answersOf(account: string, mode: Mode) {
  const sellQuote = await ok(
    `GET /v3/currencies/eth/sell_quote?apiKey=pk_${mode}_${account}&quoteCurrencyCode=usd&baseCurrencyAmount=0.5`,
  )
  const sk = { 'x-api-key': `sk_${mode}_${account}` }
  const session = await ok('POST /platform/v1/sessions', {
    headers: sk,
    body: { externalCustomerId: 'u1', deviceIp: '203.0.113.7', ...magicContacts.usNy },
  })
  const { sessionToken } = conforms(dataOf(SessionCreated), session).data
  const connection = conforms(
    dataOf(Connection),
    await ok('POST /__sandbox/connections', { headers: sk, body: { sessionToken } }),
  ).data
  const bearer = { authorization: `Bearer ${connection.credentials.accessToken}` }
  const buyQuote = await ok('POST /platform/v1/quotes/buy', {
    headers: bearer,
    body: { source: { asset: { code: 'usd' }, amount: 100 }, destination: { asset: { code: 'eth' } } },
  })
  const transactions = await ok('GET /platform/v1/transactions?limit=100', { headers: bearer })
  return { sellQuote: amountsOf(sellQuote), buyQuote: amountsOf(buyQuote), transactions: amountsOf(transactions) }
}

/** The `sandbox` account's answers per mode, asked for once. */
const reference = new Map<Mode, ReturnType<typeof answersOf>>()
const referenceOf = (mode: Mode) => reference.get(mode) ?? reference.set(mode, answersOf('sandbox', mode)).get(mode)!

describe('amounts under any account', () => {
  it('answers a sell quote, a buy quote and a transaction history with the numbers sandbox gets on the same seed and mode', async () => {
    const sandbox = await referenceOf('test')
    // not vacuous: each answer has its amounts (the history's 45 transactions, several amounts each)
    expect(sandbox.sellQuote.length).toBeGreaterThanOrEqual(5)
    expect(sandbox.buyQuote.length).toBeGreaterThanOrEqual(5)
    expect(sandbox.transactions.length).toBeGreaterThanOrEqual(45 * 5)
    await fc.assert(
      fc.asyncProperty(accountName, fc.constantFrom<Mode>('test', 'live'), async (account, mode) => {
        expect(await answersOf(account, mode)).toEqual(await referenceOf(mode))
      }),
      { numRuns: 30 },
    )
  })
})

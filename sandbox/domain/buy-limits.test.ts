import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { BuyLimits, type FiatCurrency, type CryptoCurrency } from '#contract/index.ts'
import { createSandboxCore } from '#http/sandbox-core.ts'
import { conforms, send } from '#http/test-request.ts'
import { buyLimits, MAX_LIMITS_STEPS } from './buy-limits.ts'
import type { StepCount } from './step-count.ts'

/** Where issue 37 found `GET /v3/currencies/eth/limits` (usd, card, fees on top) looping forever, seed 1. */
const INSTANT = '2026-11-28T00:02:03.457Z'
const QUERY = 'apiKey=pk_test_x&baseCurrencyCode=usd&paymentMethod=credit_debit_card'

/** Longest the child may take to answer: about a second (several on a busy machine), where a loop never would. */
const CHILD_TIMEOUT_MS = 45_000

/**
 * Asks for the limits in a child process (a core at INSTANT, in-process there) and kills it if it has not answered
 * within CHILD_TIMEOUT_MS: a loop that never ends fails this test instead of hanging the suite.
 */
function limitsInChild(): Promise<{ timedOut: boolean; output: string; errors: string }> {
  const core = new URL('../http/sandbox-core.ts', import.meta.url).href
  const script = [
    `import { createSandboxCore } from ${JSON.stringify(core)}`,
    `const core = createSandboxCore({ seed: 1, clockStart: ${JSON.stringify(INSTANT)} })`,
    `const query = Object.fromEntries(new URLSearchParams(${JSON.stringify(QUERY)}))`,
    `const reply = await core.handle({ method: 'GET', path: '/v3/currencies/eth/limits', query, headers: {} })`,
    'process.stdout.write(JSON.stringify({ status: reply.status, body: reply.body }))',
  ].join('\n')
  const cwd = fileURLToPath(new URL('../..', import.meta.url))
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  let errors = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk))
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk))
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      resolve({ timedOut: true, output, errors })
    }, CHILD_TIMEOUT_MS)
    child.on('close', () => {
      clearTimeout(timer)
      resolve({ timedOut: false, output, errors })
    })
  })
}

describe('buyLimits', () => {
  it('answers eth limits in usd by card, fees on top, at the instant where they looped forever, and the buy quote agrees with them', async () => {
    const answer = await limitsInChild()
    expect(answer.timedOut, `no answer within ${CHILD_TIMEOUT_MS / 1000} s: the limits search loops`).toBe(false)
    const { status, body } = JSON.parse(answer.output || '{}') as { status?: number; body?: unknown }
    expect(status, answer.errors || JSON.stringify(body)).toBe(200)
    const limits = conforms(BuyLimits, body)

    const core = createSandboxCore({ seed: 1, clockStart: INSTANT })
    const usd = core.catalog.currency('usd') as FiatCurrency
    const eth = core.catalog.currency('eth') as CryptoCurrency
    const { baseCurrency: base, quoteCurrency: quote } = limits
    expect([base.code, quote.code, limits.paymentMethod]).toEqual(['usd', 'eth', 'credit_debit_card'])
    // Fees on top: the fiat's bounds hold the total, so the amount converted stays under its maximum, and may start below its minimum.
    expect(
      0 < base.minBuyAmount && base.minBuyAmount < base.maxBuyAmount! && base.maxBuyAmount! < usd.maxBuyAmount!,
      JSON.stringify(base),
    ).toBe(true)
    expect(
      eth.minBuyAmount! <= quote.minBuyAmount &&
        quote.minBuyAmount < quote.maxBuyAmount! &&
        quote.maxBuyAmount! <= eth.maxBuyAmount!,
      JSON.stringify(quote),
    ).toBe(true)
    const status200 = async (field: string, amount: string) =>
      (await send(core, `GET /v3/currencies/eth/buy_quote?${QUERY}&${field}=${amount}`)).status
    const [cent, unit] = [0.01, 0.0001]
    const sides = [
      ['baseCurrencyAmount', base, cent, 2],
      ['quoteCurrencyAmount', quote, unit, 4],
    ] as const
    for (const [field, side, step, decimals] of sides) {
      const answers = await Promise.all(
        [side.minBuyAmount - step, side.minBuyAmount, side.maxBuyAmount!, side.maxBuyAmount! + step].map((amount) =>
          status200(field, amount.toFixed(decimals)),
        ),
      )
      expect(answers, field).toEqual([400, 200, 200, 400])
    }
  }, 90_000)

  it('counts the probes of its four searches, no more than MAX_LIMITS_STEPS', () => {
    const core = createSandboxCore({ seed: 1, clockStart: '2026-01-01T00:00:00.000Z' })
    const count: StepCount = { steps: 0 }
    buyLimits(
      core.tenants.get('limits-steps', 'test'),
      'btc',
      { baseCurrencyCode: 'eur', paymentMethod: 'google_pay', areFeesIncluded: true },
      count,
    )
    expect(count.steps).toBeGreaterThan(4)
    expect(count.steps).toBeLessThanOrEqual(MAX_LIMITS_STEPS)
  })
})

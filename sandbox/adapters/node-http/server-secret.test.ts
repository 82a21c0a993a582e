import { describe, expect, it } from 'vitest'
import { PUBLIC_TEST_SECRET } from '#http/index.ts'
import { startServer } from './start-server.ts'

const QUOTE = '/v3/currencies/eth/sell_quote?apiKey=pk_test_serversecret&quoteCurrencyCode=usd&baseCurrencyAmount=0.5'

describe('startServer: the signing secret', () => {
  it('draws a random secret at start when none is given: two servers of one seed sign the same quote differently', async () => {
    const [a, b] = await Promise.all([startServer({ port: 0, framesPort: 0 }), startServer({ port: 0, framesPort: 0 })])
    try {
      expect(a.core.secret).toMatch(/^[0-9a-f]{64}$/)
      expect(a.core.secret).not.toBe(PUBLIC_TEST_SECRET)
      expect(a.core.secret).not.toBe(b.core.secret)
      const [quoteA, quoteB] = await Promise.all(
        [a, b].map(
          async (s) => ((await (await fetch(`${s.apiUrl}${QUOTE}`)).json()) as { signature: string }).signature,
        ),
      )
      expect(quoteA).not.toBe(quoteB)
    } finally {
      await Promise.all([a.close(), b.close()])
    }
  })

  it('signs with the secret it is given', async () => {
    const sandbox = await startServer({ port: 0, framesPort: 0, secret: '5e'.repeat(32) })
    try {
      expect(sandbox.core.secret).toBe('5e'.repeat(32))
    } finally {
      await sandbox.close()
    }
  })
})

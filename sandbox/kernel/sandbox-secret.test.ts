import { describe, expect, it } from 'vitest'
import { createSandboxCore } from '#http/sandbox-core.ts'
import { parseSecret, PUBLIC_TEST_SECRET, secretFromBytes } from './sandbox-secret.ts'
import { send } from '#http/test-request.ts'

const QUOTE = 'GET /v3/currencies/eth/sell_quote?apiKey=pk_test_secret&quoteCurrencyCode=usd&baseCurrencyAmount=0.5'

async function quoteSignature(secret?: string): Promise<string> {
  return ((await send(createSandboxCore(secret === undefined ? {} : { secret }), QUOTE)).body as { signature: string })
    .signature
}

async function firstSessionId(secret: string): Promise<string> {
  const core = createSandboxCore({ secret })
  await send(core, 'POST /platform/v1/sessions', {
    headers: { 'x-api-key': 'sk_test_secret' },
    body: { externalCustomerId: 'u1', deviceIp: '203.0.113.7' },
  })
  return (await core.tenants.get('secret', 'test').store()).sessions.all()[0]!.id
}

describe('the signing secret', () => {
  it('gives the same signatures under the same secret and seed', async () => {
    expect(await quoteSignature('ab'.repeat(32))).toBe(await quoteSignature('ab'.repeat(32)))
  })

  it('gives other signatures under another secret, same seed', async () => {
    expect(await quoteSignature('ab'.repeat(32))).not.toBe(await quoteSignature('cd'.repeat(32)))
  })

  it('leaves ids alone: same seed, same ids, whatever the secret', async () => {
    expect(await firstSessionId('ab'.repeat(32))).toBe(await firstSessionId('cd'.repeat(32)))
  })

  it('is the public test secret in a bare core given none', async () => {
    expect(createSandboxCore().secret).toBe(PUBLIC_TEST_SECRET)
    expect(await quoteSignature()).toBe(await quoteSignature(PUBLIC_TEST_SECRET))
  })

  it('is kept in canonical form (lowercase hex) as core.secret, the one value to persist', () => {
    expect(createSandboxCore({ secret: 'AB'.repeat(16) }).secret).toBe('ab'.repeat(16))
  })

  it('refuses a secret that is not 32 to 128 hex digits, naming the rule', () => {
    for (const bad of ['', `${'ab'.repeat(15)}a`, 'g'.repeat(64), 'a'.repeat(129)]) {
      expect(() => createSandboxCore({ secret: bad })).toThrow(/secret must be 32 to 128 hex digits/)
    }
    expect(parseSecret('a'.repeat(32))).toBe('a'.repeat(32))
  })

  it('is made from random bytes as hex, and from no fewer than 16 of them', () => {
    expect(secretFromBytes(new Uint8Array([0, 15, 16, 255, ...new Array(28).fill(1)]))).toBe(
      `000f10ff${'01'.repeat(28)}`,
    )
    expect(() => secretFromBytes(new Uint8Array(15))).toThrow(/at least 16 random bytes/)
  })
})

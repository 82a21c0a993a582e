import { createHmac } from 'node:crypto'
import { Webhook } from 'standardwebhooks'
import { describe, expect, it } from 'vitest'
import {
  parseWebhookSecret,
  signWebhook,
  verifyWebhook,
  WebhookSecret,
  webhookSecretFrom,
  WebhookVerificationError,
  type WebhookVerificationErrorCode,
} from './webhook-signature.ts'

const secret = webhookSecretFrom(Uint8Array.from({ length: 32 }, (_, i) => i))
const otherSecret = webhookSecretFrom(Uint8Array.from({ length: 32 }, (_, i) => 255 - i))
const body = '{"type":"purchase.completed","data":{"id":"pur_1","amount":"48.00"}}'
const timestamp = 1767225600 // 2026-01-01T00:00:00Z
const id = 'evt_01'

/** The code of the WebhookVerificationError that `run` throws (fails when it throws anything else, or nothing). */
function codeOf(run: () => void): WebhookVerificationErrorCode {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(WebhookVerificationError)
    return (error as WebhookVerificationError).code
  }
  throw new Error('expected a WebhookVerificationError, but nothing was thrown')
}

describe('webhook secrets', () => {
  it('are whsec_ and the base64 of the given bytes', () => {
    expect(webhookSecretFrom(new Uint8Array(24))).toBe(`whsec_${'A'.repeat(32)}`)
    expect(secret).toBe(`whsec_${Buffer.from(Uint8Array.from({ length: 32 }, (_, i) => i)).toString('base64')}`)
  })

  it('parse when valid, unchanged', () => {
    expect(parseWebhookSecret(secret)).toBe(secret)
    expect(WebhookSecret.parse(webhookSecretFrom(new Uint8Array(64)))).toBe(
      `whsec_${Buffer.alloc(64).toString('base64')}`,
    )
  })

  it('are refused with the rule when not whsec_ + base64 of 24 to 64 bytes', () => {
    const refused = [
      'hunter2',
      Buffer.alloc(32).toString('base64'), // no prefix
      `whsec_${Buffer.alloc(23).toString('base64')}`, // too short
      `whsec_${Buffer.alloc(65).toString('base64')}`, // too long
      `whsec_${Buffer.alloc(32).toString('base64url').replace(/A/, '-')}`, // base64url, unpadded
      `whsec_${Buffer.alloc(24).toString('base64')} `,
      42,
    ]
    for (const text of refused) {
      expect(WebhookSecret.safeParse(text).error?.issues[0]?.message).toBe(
        'secret must be whsec_ followed by base64 of 24 to 64 bytes',
      )
      expect(codeOf(() => parseWebhookSecret(text))).toBe('invalid_secret')
    }
  })

  it('cannot be made from too few or too many bytes', () => {
    expect(codeOf(() => webhookSecretFrom(new Uint8Array(16)))).toBe('invalid_secret')
    expect(codeOf(() => webhookSecretFrom(new Uint8Array(65)))).toBe('invalid_secret')
  })

  it('are refused by signing and verifying when invalid', () => {
    expect(codeOf(() => signWebhook(body, 'whsec_abc', { timestamp }))).toBe('invalid_secret')
    const headers = signWebhook(body, secret, { timestamp })
    expect(codeOf(() => verifyWebhook(body, headers, 'not-a-secret', { now: timestamp }))).toBe('invalid_secret')
  })
})

describe("the legacy header, keyed with an endpoint's secret", () => {
  it('signs into one moonpay-signature header: t= and a lowercase hex s=, as the reference shows', () => {
    const headers = signWebhook(body, secret, { timestamp })
    expect(Object.keys(headers)).toEqual(['moonpay-signature'])
    expect(headers['moonpay-signature']).toMatch(/^t=1767225600,s=[0-9a-f]{64}$/)
  })

  it('round-trips: what it signs verifies', () => {
    expect(() =>
      verifyWebhook(body, signWebhook(body, secret, { timestamp }), secret, { now: timestamp }),
    ).not.toThrow()
  })

  it('matches a known answer', () => {
    // Computed once with node:crypto: createHmac('sha256', 'whsec_' + 'A'.repeat(32)).update('1767225600.{"hello":"world"}').digest('hex')
    expect(signWebhook('{"hello":"world"}', `whsec_${'A'.repeat(32)}`, { timestamp: 1767225600 })).toEqual({
      'moonpay-signature': 't=1767225600,s=2353c49c82b7371e8f279169b13a91584d130a07c5423ec6fb0a13f9d10425c2',
    })
  })

  it('gives the signature plain node:crypto computes, independently of the module', () => {
    for (const text of [body, '', 'Grüße 😀, ключ']) {
      const header = signWebhook(text, secret, { timestamp })['moonpay-signature']!
      const expected = createHmac('sha256', secret).update(`${timestamp}.${text}`).digest('hex')
      expect(header).toBe(`t=${timestamp},s=${expected}`)
    }
  })

  it('refuses a tampered body as signature_mismatch', () => {
    const headers = signWebhook(body, secret, { timestamp })
    expect(codeOf(() => verifyWebhook(body.replace('48.00', '4800'), headers, secret, { now: timestamp }))).toBe(
      'signature_mismatch',
    )
  })

  it('refuses another secret as signature_mismatch', () => {
    const headers = signWebhook(body, secret, { timestamp })
    expect(codeOf(() => verifyWebhook(body, headers, otherSecret, { now: timestamp }))).toBe('signature_mismatch')
  })

  it('refuses a tampered timestamp as signature_mismatch', () => {
    const headers = {
      'moonpay-signature': signWebhook(body, secret, { timestamp })['moonpay-signature']!.replace(
        `t=${timestamp}`,
        `t=${timestamp + 1}`,
      ),
    }
    expect(codeOf(() => verifyWebhook(body, headers, secret, { now: timestamp }))).toBe('signature_mismatch')
  })

  it('refuses an old timestamp as timestamp_out_of_tolerance', () => {
    const headers = signWebhook(body, secret, { timestamp })
    expect(codeOf(() => verifyWebhook(body, headers, secret, { now: timestamp + 301 }))).toBe(
      'timestamp_out_of_tolerance',
    )
  })

  it('refuses a timestamp too far ahead as timestamp_out_of_tolerance', () => {
    const headers = signWebhook(body, secret, { timestamp })
    expect(codeOf(() => verifyWebhook(body, headers, secret, { now: timestamp - 301 }))).toBe(
      'timestamp_out_of_tolerance',
    )
  })

  it('accepts an old timestamp when now is inside the tolerance', () => {
    const headers = signWebhook(body, secret, { timestamp })
    expect(() => verifyWebhook(body, headers, secret, { now: timestamp + 300 })).not.toThrow()
    expect(() => verifyWebhook(body, headers, secret, { now: timestamp + 3600, toleranceSeconds: 3600 })).not.toThrow()
  })

  it('reports a missing header as missing_signature', () => {
    expect(codeOf(() => verifyWebhook(body, {}, secret, { now: timestamp }))).toBe('missing_signature')
    expect(codeOf(() => verifyWebhook(body, { 'moonpay-signature': '' }, secret, { now: timestamp }))).toBe(
      'missing_signature',
    )
    expect(codeOf(() => verifyWebhook(body, { 'moonpay-signature': undefined }, secret, { now: timestamp }))).toBe(
      'missing_signature',
    )
  })

  it("reports a header without t= as missing_timestamp and one without s= as missing_digest: the reference's reasons to answer 400", () => {
    const s = 'a'.repeat(64)
    for (const value of [`s=${s}`, `t=,s=${s}`])
      expect(
        codeOf(() => verifyWebhook(body, { 'moonpay-signature': value }, secret, { now: timestamp })),
        value,
      ).toBe('missing_timestamp')
    for (const value of [`t=${timestamp}`, `t=${timestamp},s=`])
      expect(
        codeOf(() => verifyWebhook(body, { 'moonpay-signature': value }, secret, { now: timestamp })),
        value,
      ).toBe('missing_digest')
  })

  it('reports malformed headers as malformed_signature', () => {
    const s = 'a'.repeat(64)
    for (const value of [
      'garbage',
      `t=soon,s=${s}`,
      `t=${timestamp},s=xyz`,
      `t=1,t=2,s=${s}`,
      `t=${timestamp},v1=${s}`,
      `t=${timestamp};s=${s}`,
    ]) {
      expect(
        codeOf(() => verifyWebhook(body, { 'moonpay-signature': value }, secret, { now: timestamp })),
        value,
      ).toBe('malformed_signature')
    }
  })

  it('names the broken part in a malformed header message', () => {
    expect(() => verifyWebhook(body, { 'moonpay-signature': `t=${timestamp}` }, secret, { now: timestamp })).toThrow(
      'moonpay-signature has no s= (the hex HMAC-SHA256 digest)',
    )
    expect(() =>
      verifyWebhook(body, { 'moonpay-signature': `t=soon,s=${'a'.repeat(64)}` }, secret, { now: timestamp }),
    ).toThrow('moonpay-signature t= must be unix seconds')
    expect(() =>
      verifyWebhook(body, { 'moonpay-signature': `s=${'a'.repeat(64)}` }, secret, { now: timestamp }),
    ).toThrow('moonpay-signature has no t= (the unix seconds it was signed at)')
    expect(() =>
      verifyWebhook(body, { 'moonpay-signature': `t=1,t=2,s=${'a'.repeat(64)}` }, secret, { now: timestamp }),
    ).toThrow('moonpay-signature t= must appear exactly once')
    expect(() =>
      verifyWebhook(body, { 'moonpay-signature': `t=${timestamp},s=abc` }, secret, { now: timestamp }),
    ).toThrow('moonpay-signature s= must be 64 hex digits')
  })

  it('signs with every secret while one is rotated, and verifies with either', () => {
    const headers = signWebhook(body, [secret, otherSecret], { timestamp })
    expect(headers['moonpay-signature']).toMatch(/^t=1767225600,s=[0-9a-f]{64},s=[0-9a-f]{64}$/)
    expect(() => verifyWebhook(body, headers, secret, { now: timestamp })).not.toThrow()
    expect(() => verifyWebhook(body, headers, otherSecret, { now: timestamp })).not.toThrow()
    const third = webhookSecretFrom(new Uint8Array(40))
    expect(codeOf(() => verifyWebhook(body, headers, third, { now: timestamp }))).toBe('signature_mismatch')
  })

  it('matches header names case-insensitively, in a record and in fetch Headers', () => {
    const value = signWebhook(body, secret, { timestamp })['moonpay-signature']!
    expect(() => verifyWebhook(body, { 'Moonpay-Signature': value }, secret, { now: timestamp })).not.toThrow()
    expect(() =>
      verifyWebhook(body, new Headers({ 'MOONPAY-SIGNATURE': value }), secret, { now: timestamp }),
    ).not.toThrow()
    expect(() => verifyWebhook(body, { 'moonpay-signature': [value] }, secret, { now: timestamp })).not.toThrow()
  })

  it('signs into and verifies from a custom header name', () => {
    const headers = signWebhook(body, secret, { timestamp, legacyHeaderName: 'X-Ramp-Signature' })
    expect(Object.keys(headers)).toEqual(['x-ramp-signature'])
    expect(() =>
      verifyWebhook(body, headers, secret, { now: timestamp, legacyHeaderName: 'X-RAMP-SIGNATURE' }),
    ).not.toThrow()
    expect(codeOf(() => verifyWebhook(body, headers, secret, { now: timestamp }))).toBe('missing_signature')
  })

  it('refuses a header sent twice as malformed_signature', () => {
    const value = signWebhook(body, secret, { timestamp })['moonpay-signature']!
    expect(codeOf(() => verifyWebhook(body, { 'moonpay-signature': [value, value] }, secret, { now: timestamp }))).toBe(
      'malformed_signature',
    )
  })
})

describe("the V2 header, keyed with the account's webhook API key", () => {
  const apiKey = `wk_test_${Buffer.alloc(32, 9).toString('base64url')}`

  it('signs into moonpay-signature-v2: t= and the lowercase hex HMAC-SHA256 of "<t>.<raw body>" keyed with the key text, as node:crypto computes', () => {
    for (const text of [body, '', 'Grüße 😀, ключ']) {
      const expected = createHmac('sha256', apiKey).update(`${timestamp}.${text}`).digest('hex')
      expect(signWebhook(text, apiKey, { timestamp })).toEqual({
        'moonpay-signature-v2': `t=${timestamp},s=${expected}`,
      })
    }
  })

  it('signs a delivery into both headers, each with its own key, and each verifies with its own key only', () => {
    const headers = signWebhook(body, [apiKey, secret], { timestamp })
    expect(Object.keys(headers).sort()).toEqual(['moonpay-signature', 'moonpay-signature-v2'])
    expect(() => verifyWebhook(body, headers, apiKey, { now: timestamp })).not.toThrow()
    expect(() => verifyWebhook(body, headers, secret, { now: timestamp })).not.toThrow()
    // Each key reads its own header: the V2 digest is not the secret's, nor the legacy digest the key's.
    const swapped = {
      'moonpay-signature-v2': headers['moonpay-signature']!,
      'moonpay-signature': headers['moonpay-signature-v2']!,
    }
    expect(codeOf(() => verifyWebhook(body, swapped, apiKey, { now: timestamp }))).toBe('signature_mismatch')
    expect(codeOf(() => verifyWebhook(body, swapped, secret, { now: timestamp }))).toBe('signature_mismatch')
  })

  it('refuses a tampered body, another key, or a stale timestamp', () => {
    const headers = signWebhook(body, apiKey, { timestamp })
    expect(codeOf(() => verifyWebhook(body.replace('48.00', '48.0'), headers, apiKey, { now: timestamp }))).toBe(
      'signature_mismatch',
    )
    expect(
      codeOf(() =>
        verifyWebhook(body, headers, `wk_test_${Buffer.alloc(32, 8).toString('base64url')}`, { now: timestamp }),
      ),
    ).toBe('signature_mismatch')
    expect(codeOf(() => verifyWebhook(body, headers, apiKey, { now: timestamp + 301 }))).toBe(
      'timestamp_out_of_tolerance',
    )
  })

  it('refuses a digest that differs in its last hex digit only, or is cut short', () => {
    const value = signWebhook(body, apiKey, { timestamp })['moonpay-signature-v2']!
    const lastChanged = value.replace(/.$/, (c) => (c === '0' ? '1' : '0'))
    expect(codeOf(() => verifyWebhook(body, { 'moonpay-signature-v2': lastChanged }, apiKey, { now: timestamp }))).toBe(
      'signature_mismatch',
    )
    expect(
      codeOf(() => verifyWebhook(body, { 'moonpay-signature-v2': value.slice(0, -2) }, apiKey, { now: timestamp })),
    ).toBe('malformed_signature')
  })

  it("names the reference's 400 reasons: no header, no t=, no s=, a digest that differs", () => {
    expect(
      codeOf(() =>
        verifyWebhook(
          body,
          { 'moonpay-signature': signWebhook(body, secret, { timestamp })['moonpay-signature']! },
          apiKey,
          { now: timestamp },
        ),
      ),
    ).toBe('missing_signature')
    expect(
      codeOf(() => verifyWebhook(body, { 'moonpay-signature-v2': `s=${'a'.repeat(64)}` }, apiKey, { now: timestamp })),
    ).toBe('missing_timestamp')
    expect(
      codeOf(() => verifyWebhook(body, { 'moonpay-signature-v2': `t=${timestamp}` }, apiKey, { now: timestamp })),
    ).toBe('missing_digest')
    expect(
      codeOf(() =>
        verifyWebhook(body, { 'moonpay-signature-v2': `t=${timestamp},s=${'a'.repeat(64)}` }, apiKey, {
          now: timestamp,
        }),
      ),
    ).toBe('signature_mismatch')
  })

  it('signs into and verifies from the header the account names', () => {
    const headers = signWebhook(body, [apiKey, secret], {
      timestamp,
      headerName: 'X-Ramp-Signature-V2',
      legacyHeaderName: 'x-ramp-signature',
    })
    expect(Object.keys(headers).sort()).toEqual(['x-ramp-signature', 'x-ramp-signature-v2'])
    expect(() =>
      verifyWebhook(body, headers, apiKey, { now: timestamp, headerName: 'x-ramp-signature-v2' }),
    ).not.toThrow()
    expect(codeOf(() => verifyWebhook(body, headers, apiKey, { now: timestamp }))).toBe('missing_signature')
    expect(() =>
      signWebhook(body, [apiKey, secret], { timestamp, headerName: 'x-same', legacyHeaderName: 'X-Same' }),
    ).toThrow('headerName and legacyHeaderName must differ')
  })

  it('is refused as invalid_secret when not wk_test_ or wk_live_ and base64url, and an sk_ key is neither kind', () => {
    for (const key of ['wk_test_short', `wk_prod_${'A'.repeat(43)}`, 'sk_test_sandbox', `wk_test_${'A'.repeat(42)}=`]) {
      expect(
        codeOf(() => signWebhook(body, key, { timestamp })),
        key,
      ).toBe('invalid_secret')
      expect(
        codeOf(() => verifyWebhook(body, {}, key, { now: timestamp })),
        key,
      ).toBe('invalid_secret')
    }
    expect(() => verifyWebhook(body, {}, 'wk_test_short', { now: timestamp })).toThrow(
      'webhook API key must be wk_test_ or wk_live_ followed by 16 to 128 base64url characters',
    )
  })

  it('stays on a standard-scheme delivery beside the Standard Webhooks headers', () => {
    const headers = {
      ...signWebhook(body, [apiKey, secret], { timestamp }),
      ...signWebhook(body, secret, { timestamp, scheme: 'standard', id }),
    }
    expect(() => verifyWebhook(body, headers, apiKey, { now: timestamp, scheme: 'standard' })).not.toThrow()
    expect(() => verifyWebhook(body, headers, secret, { now: timestamp, scheme: 'standard' })).not.toThrow()
  })
})

describe('the standard scheme', () => {
  it('signs into webhook-id, webhook-timestamp and a v1 webhook-signature', () => {
    const headers = signWebhook(body, secret, { timestamp, scheme: 'standard', id })
    expect(headers).toEqual({
      'webhook-id': id,
      'webhook-timestamp': '1767225600',
      'webhook-signature': expect.stringMatching(/^v1,[A-Za-z0-9+/]{43}=$/),
    })
  })

  it('round-trips: what it signs verifies', () => {
    const headers = signWebhook(body, secret, { timestamp, scheme: 'standard', id })
    expect(() => verifyWebhook(body, headers, secret, { scheme: 'standard', now: timestamp })).not.toThrow()
  })

  it('keys the HMAC with the decoded secret, as node:crypto computes it', () => {
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64')
    const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')
    expect(signWebhook(body, secret, { timestamp, scheme: 'standard', id })['webhook-signature']).toBe(`v1,${expected}`)
  })

  it('matches a known answer', () => {
    // Computed once with node:crypto: createHmac('sha256', Buffer.alloc(24)).update('evt_01.1767225600.{"hello":"world"}').digest('base64')
    expect(
      signWebhook('{"hello":"world"}', `whsec_${'A'.repeat(32)}`, {
        timestamp: 1767225600,
        scheme: 'standard',
        id: 'evt_01',
      }),
    ).toEqual({
      'webhook-id': 'evt_01',
      'webhook-timestamp': '1767225600',
      'webhook-signature': 'v1,NOslAD1052Fw2b4Y7asVq5z0DyvNujYyZKPMgvpjAhQ=',
    })
  })

  it('needs an id to sign', () => {
    expect(() => signWebhook(body, secret, { timestamp, scheme: 'standard' })).toThrow(RangeError)
  })

  it('refuses a tampered body as signature_mismatch', () => {
    const headers = signWebhook(body, secret, { timestamp, scheme: 'standard', id })
    expect(codeOf(() => verifyWebhook(`${body} `, headers, secret, { scheme: 'standard', now: timestamp }))).toBe(
      'signature_mismatch',
    )
  })

  it('refuses another secret as signature_mismatch', () => {
    const headers = signWebhook(body, secret, { timestamp, scheme: 'standard', id })
    expect(codeOf(() => verifyWebhook(body, headers, otherSecret, { scheme: 'standard', now: timestamp }))).toBe(
      'signature_mismatch',
    )
  })

  it('refuses a tampered timestamp as signature_mismatch', () => {
    const headers = {
      ...signWebhook(body, secret, { timestamp, scheme: 'standard', id }),
      'webhook-timestamp': String(timestamp + 1),
    }
    expect(codeOf(() => verifyWebhook(body, headers, secret, { scheme: 'standard', now: timestamp }))).toBe(
      'signature_mismatch',
    )
  })

  it('refuses a tampered id as signature_mismatch', () => {
    const headers = { ...signWebhook(body, secret, { timestamp, scheme: 'standard', id }), 'webhook-id': 'evt_02' }
    expect(codeOf(() => verifyWebhook(body, headers, secret, { scheme: 'standard', now: timestamp }))).toBe(
      'signature_mismatch',
    )
  })

  it('refuses an old timestamp as timestamp_out_of_tolerance, and accepts it inside the tolerance', () => {
    const headers = signWebhook(body, secret, { timestamp, scheme: 'standard', id })
    expect(codeOf(() => verifyWebhook(body, headers, secret, { scheme: 'standard', now: timestamp + 301 }))).toBe(
      'timestamp_out_of_tolerance',
    )
    expect(() => verifyWebhook(body, headers, secret, { scheme: 'standard', now: timestamp + 299 })).not.toThrow()
  })

  it('reports each missing header as missing_signature', () => {
    const headers = signWebhook(body, secret, { timestamp, scheme: 'standard', id })
    for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) {
      const without = Object.fromEntries(Object.entries(headers).filter(([key]) => key !== name))
      expect(() => verifyWebhook(body, without, secret, { scheme: 'standard', now: timestamp })).toThrow(
        `the webhook has no ${name} header`,
      )
      expect(codeOf(() => verifyWebhook(body, without, secret, { scheme: 'standard', now: timestamp }))).toBe(
        'missing_signature',
      )
    }
  })

  it('reports malformed headers as malformed_signature', () => {
    const headers = signWebhook(body, secret, { timestamp, scheme: 'standard', id })
    for (const broken of [
      { 'webhook-timestamp': 'yesterday' },
      { 'webhook-signature': 'v1' },
      { 'webhook-signature': 'v1,not-base64!' },
      { 'webhook-signature': `${headers['webhook-signature']} junk` },
      { 'webhook-id': 'evt 1' },
    ]) {
      expect(
        codeOf(() => verifyWebhook(body, { ...headers, ...broken }, secret, { scheme: 'standard', now: timestamp })),
        JSON.stringify(broken),
      ).toBe('malformed_signature')
    }
  })

  it('skips entries of other versions and matches the v1 one', () => {
    const headers = signWebhook(body, secret, { timestamp, scheme: 'standard', id })
    const mixed = {
      ...headers,
      'webhook-signature': `v1a,c29tZSBlZDI1NTE5IHNpZ25hdHVyZQ== ${headers['webhook-signature']}`,
    }
    expect(() => verifyWebhook(body, mixed, secret, { scheme: 'standard', now: timestamp })).not.toThrow()
  })

  it('signs with every secret while one is rotated, and verifies with either', () => {
    const headers = signWebhook(body, [secret, otherSecret], { timestamp, scheme: 'standard', id })
    expect(headers['webhook-signature']).toMatch(/^v1,\S{44} v1,\S{44}$/)
    expect(() => verifyWebhook(body, headers, secret, { scheme: 'standard', now: timestamp })).not.toThrow()
    expect(() => verifyWebhook(body, headers, otherSecret, { scheme: 'standard', now: timestamp })).not.toThrow()
  })

  it('matches header names case-insensitively', () => {
    const headers = signWebhook(body, secret, { timestamp, scheme: 'standard', id })
    const shouted = Object.fromEntries(Object.entries(headers).map(([key, value]) => [key.toUpperCase(), value]))
    expect(() => verifyWebhook(body, shouted, secret, { scheme: 'standard', now: timestamp })).not.toThrow()
    expect(() =>
      verifyWebhook(body, new Headers(shouted), secret, { scheme: 'standard', now: timestamp }),
    ).not.toThrow()
  })
})

describe('the standard scheme against the standardwebhooks library', () => {
  // The library checks its own 5-minute tolerance against the real clock, so these sign near it.
  const nowSeconds = () => Math.floor(Date.now() / 1000)

  it('verifies what signWebhook signs', () => {
    const headers = signWebhook(body, secret, { timestamp: nowSeconds(), scheme: 'standard', id })
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body))
  })

  it('refuses what signWebhook signs with another secret', () => {
    const headers = signWebhook(body, otherSecret, { timestamp: nowSeconds(), scheme: 'standard', id })
    expect(() => new Webhook(secret).verify(body, headers)).toThrow('No matching signature found')
  })

  it('signs what verifyWebhook verifies', () => {
    const at = nowSeconds()
    const signature = new Webhook(secret).sign(id, new Date(at * 1000), body)
    const headers = { 'webhook-id': id, 'webhook-timestamp': String(at), 'webhook-signature': signature }
    expect(() => verifyWebhook(body, headers, secret, { scheme: 'standard', now: at })).not.toThrow()
    expect(() => verifyWebhook(body, headers, secret, { scheme: 'standard' })).not.toThrow()
  })
})

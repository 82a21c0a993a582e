import { describe, expect, it } from 'vitest'
import { createSandboxCore } from './sandbox-core.ts'
import { keptReplies } from './kept-replies.ts'
import { jsonTextReply, reply } from './plain-http.ts'

const core = createSandboxCore()
const tenant = core.tenants.get('kept', 'test')

/** A maker that counts its calls and answers `{"n":<call>}`. */
function counter(status = 200) {
  let calls = 0
  const make = () =>
    status === 200
      ? jsonTextReply(200, JSON.stringify({ n: ++calls }))
      : { ...reply(status, { n: ++calls }), json: '{}' }
  return { make, calls: () => calls }
}

describe('keptReplies', () => {
  it('answers the kept text for the same key and inputs, without making it again', () => {
    const kept = keptReplies(4)
    const { make, calls } = counter()
    const first = kept(tenant, '/q?a=1', [1, 'x'], make)
    const again = kept(tenant, '/q?a=1', [1, 'x'], make)
    expect(again.json).toBe(first.json)
    expect(calls()).toBe(1)
  })

  it('gives each caller its own body, parsed from the text', () => {
    const kept = keptReplies(4)
    const { make } = counter()
    kept(tenant, '/q', [], make)
    const a = kept(tenant, '/q', [], make).body as { n: number }
    a.n = 99
    expect(kept(tenant, '/q', [], make).body).toEqual({ n: 1 })
  })

  it('makes the reply again when an input is another value or object', () => {
    const kept = keptReplies(4)
    const { make, calls } = counter()
    const settings = { fee: 1 }
    kept(tenant, '/q', [1, settings], make)
    kept(tenant, '/q', [2, settings], make)
    kept(tenant, '/q', [2, { fee: 1 }], make)
    expect(calls()).toBe(3)
  })

  it('keeps no refusal', () => {
    const kept = keptReplies(4)
    const { make, calls } = counter(400)
    kept(tenant, '/q', [], make)
    expect(kept(tenant, '/q', [], make).status).toBe(400)
    expect(calls()).toBe(2)
  })

  it('makes every reply of a request without a key', () => {
    const kept = keptReplies(4)
    const { make, calls } = counter()
    kept(tenant, undefined, [], make)
    kept(tenant, undefined, [], make)
    expect(calls()).toBe(2)
  })

  it('keeps tenants apart', () => {
    const kept = keptReplies(4)
    const { make, calls } = counter()
    kept(tenant, '/q', [], make)
    expect(kept(core.tenants.get('other', 'test'), '/q', [], make).json).toBe('{"n":2}')
    expect(calls()).toBe(2)
  })

  it('holds at most max replies per tenant, starting afresh past it', () => {
    const kept = keptReplies(2)
    const { make, calls } = counter()
    kept(tenant, '/a', [], make)
    kept(tenant, '/b', [], make)
    kept(tenant, '/c', [], make)
    kept(tenant, '/a', [], make)
    expect(calls()).toBe(4)
    kept(tenant, '/c', [], make)
    expect(calls()).toBe(4)
  })

  it('never keeps a reply too large for what a tenant may hold, and starts afresh when the next would not fit', () => {
    const kept = keptReplies(32)
    let calls = 0
    const sized = (chars: number) => () => (calls++, jsonTextReply(200, JSON.stringify('x'.repeat(chars))))
    kept(tenant, '/large', [], sized(30_000))
    kept(tenant, '/large', [], sized(30_000))
    expect(calls).toBe(2)
    kept(tenant, '/a', [], sized(20_000))
    kept(tenant, '/a', [], sized(20_000))
    expect(calls).toBe(3)
    kept(tenant, '/b', [], sized(20_000))
    kept(tenant, '/a', [], sized(20_000))
    expect(calls).toBe(5)
  })
})

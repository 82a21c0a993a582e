import { describe, expect, it } from 'vitest'
import type { FrameOutbound } from '#contract/index.ts'
import { connectionKey, forgetConnection, rememberConnection, type KeyValueStorage } from './connection-memory.ts'

/** A Map behind the Web Storage calls the memory uses. */
function memoryStorage(): KeyValueStorage & { items: Map<string, string> } {
  const items = new Map<string, string>()
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  }
}

const complete = (status: string): FrameOutbound =>
  ({
    kind: 'complete',
    payload: { status, customer: { id: 'cus_1' }, credentials: 'secret-blob' },
  }) as unknown as FrameOutbound

describe('connection memory', () => {
  it("remembers the customer of an active check, connect or auth complete under the tenant's key, without credentials", () => {
    for (const frame of ['check', 'connect', 'auth']) {
      const storage = memoryStorage()
      rememberConnection(storage, 'acme:test', frame, complete('active'))
      expect(JSON.parse(storage.items.get(connectionKey('acme:test'))!)).toEqual({ customerId: 'cus_1', frame })
    }
  })

  it('remembers nothing for a connection that is not active, another event or another frame', () => {
    const storage = memoryStorage()
    rememberConnection(storage, 'acme:test', 'check', complete('connectionRequired'))
    rememberConnection(storage, 'acme:test', 'check', { kind: 'handshake' })
    rememberConnection(storage, 'acme:test', 'buy', complete('active'))
    expect(storage.items.size).toBe(0)
  })

  it("forgets the tenant's customer and says whom it cleared", () => {
    const storage = memoryStorage()
    rememberConnection(storage, 'acme:test', 'check', complete('active'))
    rememberConnection(storage, 'other:test', 'check', complete('active'))
    expect(forgetConnection(storage, 'acme:test')).toEqual({ cleared: true, customerId: 'cus_1' })
    expect([...storage.items.keys()]).toEqual([connectionKey('other:test')])
  })

  it('says it cleared nothing when nothing was remembered or storage is unavailable', () => {
    expect(forgetConnection(memoryStorage(), 'acme:test')).toEqual({ cleared: false })
    expect(forgetConnection(undefined, 'acme:test')).toEqual({ cleared: false })
  })

  it('clears an entry it cannot read, without naming a customer', () => {
    const storage = memoryStorage()
    storage.items.set(connectionKey('acme:test'), '{not json')
    expect(forgetConnection(storage, 'acme:test')).toEqual({ cleared: true })
    expect(storage.items.size).toBe(0)
  })
})

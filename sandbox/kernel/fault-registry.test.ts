import { describe, expect, it } from 'vitest'
import { FaultRequest } from '../contract/index.ts'
import { FaultRegistry } from './fault-registry.ts'

const fault = (input: Record<string, unknown>) => FaultRequest.parse(input)

describe('FaultRegistry', () => {
  it('answers the next N matching requests, then disarms', () => {
    const faults = new FaultRegistry()
    faults.add(fault({ method: 'GET', path: '/v3/currencies', times: 2, status: 503 }))
    expect(faults.take('GET', '/v3/currencies')?.status).toBe(503)
    expect(faults.take('GET', '/v3/currencies')?.status).toBe(503)
    expect(faults.take('GET', '/v3/currencies')).toBeUndefined()
  })

  it('matches the method', () => {
    const faults = new FaultRegistry()
    faults.add(fault({ method: 'post', path: '/v3/currencies', status: 500 }))
    expect(faults.take('GET', '/v3/currencies')).toBeUndefined()
    expect(faults.take('POST', '/v3/currencies')?.status).toBe(500)
  })

  it('matches one segment with * and the rest with **', () => {
    const faults = new FaultRegistry()
    faults.add(fault({ path: '/v3/currencies/*/sell_quote', times: 5, latencyMs: 10 }))
    faults.add(fault({ path: '/platform/**', times: 5, networkError: true }))
    expect(faults.take('GET', '/v3/currencies/eth/sell_quote')?.latencyMs).toBe(10)
    expect(faults.take('GET', '/v3/currencies/eth/x/sell_quote')).toBeUndefined()
    expect(faults.take('POST', '/platform/v1/quotes/buy')?.networkError).toBe(true)
    expect(faults.take('POST', '/platform')?.networkError).toBe(true)
  })

  it('treats regex characters in the path literally', () => {
    const faults = new FaultRegistry()
    faults.add(fault({ path: '/v3/a.b', status: 500 }))
    expect(faults.take('GET', '/v3/aXb')).toBeUndefined()
  })

  it('lists remaining uses', () => {
    const faults = new FaultRegistry()
    faults.add(fault({ path: '/x', times: 3, status: 500 }))
    faults.take('GET', '/x')
    expect(faults.list()).toEqual([{ id: 'fault_1', method: '*', path: '/x', remaining: 2, status: 500 }])
  })
})

describe('FaultRequest', () => {
  it('refuses a fault with no outcome', () => {
    expect(FaultRequest.safeParse({ path: '/x' }).success).toBe(false)
  })

  it('refuses networkError with a status', () => {
    expect(FaultRequest.safeParse({ path: '/x', status: 500, networkError: true }).success).toBe(false)
  })

  it('refuses a fault on the control API', () => {
    expect(FaultRequest.safeParse({ path: '/__sandbox/reset', status: 500 }).success).toBe(false)
  })
})

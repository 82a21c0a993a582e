import { describe, expect, it } from 'vitest'
import { ExternalCustomers } from './external-customers.ts'

describe('ExternalCustomers', () => {
  it('answers the external id a customer was linked to, and the customers of an external id', () => {
    const links = new ExternalCustomers()
    links.link('cus_1', 'u1')
    links.link('cus_2', 'u1')
    expect(links.of('cus_1')).toBe('u1')
    expect([...links.customersOf('u1')]).toEqual(['cus_1', 'cus_2'])
  })

  it('moves a customer linked again under another external id', () => {
    const links = new ExternalCustomers()
    links.link('cus_1', 'u1')
    links.link('cus_1', 'u2')
    expect(links.of('cus_1')).toBe('u2')
    expect([...links.customersOf('u1')]).toEqual([])
    expect(links.entries()).toEqual([['cus_1', 'u2']])
  })

  it('answers null and an empty set for what it never linked, whatever the name', () => {
    const links = new ExternalCustomers()
    expect(links.of('constructor')).toBeNull()
    expect([...links.customersOf('__proto__')]).toEqual([])
  })
})

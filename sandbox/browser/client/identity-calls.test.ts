import { afterEach, describe, expect, it, vi } from 'vitest'
import { createClient } from './create-client.ts'
import { deprecationWarning, IDENTITY_CALL_REPLACEMENTS, identityCalls, type ClientApi } from './identity-calls.ts'

const options = { framesOrigin: 'http://127.0.0.1:4011', apiOrigin: 'http://127.0.0.1:4010' }
const names = Object.keys(IDENTITY_CALL_REPLACEMENTS) as Array<keyof typeof IDENTITY_CALL_REPLACEMENTS>

afterEach(() => {
  vi.restoreAllMocks()
})

describe('web identity calls of the client (deprecated)', () => {
  it('call /platform/v1/identity with the access token', async () => {
    const api = vi.fn(async (..._call: Parameters<ClientApi>) => ({ ok: false as const, status: 503, body: null }))
    const calls = identityCalls(options, api)
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const details = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      dateOfBirth: '1990-12-10',
      address: { line1: '1 Main St', city: 'Albany', postalCode: '12207', country: 'USA', administrativeArea: 'NY' },
    }
    await calls.createIdentity('at_1', details)
    await calls.getIdentity('at_1')
    await calls.updateIdentity('at_1', details)
    await calls.verifyIdentity('at_1')
    await calls.getIdentityUploadUrl('at_1', { documentType: 'passport', contentType: 'image/jpeg', size: 64 })
    await calls.submitIdentityFiles('at_1', ['upl_1'])
    expect(api.mock.calls.map(([, token, method, path, body]) => [token, method, path, body])).toEqual([
      ['at_1', 'POST', '/platform/v1/identity', details],
      ['at_1', 'GET', '/platform/v1/identity', undefined],
      ['at_1', 'PUT', '/platform/v1/identity', details],
      ['at_1', 'POST', '/platform/v1/identity/verify', undefined],
      [
        'at_1',
        'POST',
        '/platform/v1/identity/upload-url',
        { documentType: 'passport', contentType: 'image/jpeg', size: 64 },
      ],
      ['at_1', 'POST', '/platform/v1/identity/files', { uploadIds: ['upl_1'] }],
    ])
  })

  it('warn once per client and call name, naming the Customer API call that replaces it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const calls = identityCalls(options, async () => ({ ok: false as const, status: 503, body: null }))
    await calls.getIdentity('at_1')
    await calls.getIdentity('at_1')
    await calls.verifyIdentity('at_1')
    expect(warn.mock.calls).toEqual([[deprecationWarning('getIdentity')], [deprecationWarning('verifyIdentity')]])
    expect(deprecationWarning('getIdentity')).toContain('GET /platform/v1/customers/{customerId}')
    await identityCalls(options, async () => ({ ok: false as const, status: 503, body: null })).getIdentity('at_1')
    expect(warn).toHaveBeenCalledTimes(3)
  })

  it('are on a client by default and absent from a client with strictDeprecations', () => {
    const client = createClient(options) as Record<string, unknown>
    const strict = createClient({ ...options, strictDeprecations: true }) as Record<string, unknown>
    for (const name of names) {
      expect(typeof client[name], name).toBe('function')
      expect(name in strict, name).toBe(false)
    }
    expect(typeof strict.getTransaction).toBe('function')
  })
})

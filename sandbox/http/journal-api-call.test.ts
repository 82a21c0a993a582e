import { describe, expect, it } from 'vitest'
import { createSandboxCore } from './sandbox-core.ts'
import { send } from './test-request.ts'

const headers = { 'x-api-key': 'sk_test_journalbodies' }

describe('journalApiCall', () => {
  it('journals a request body longer than an entry keeps as a placeholder giving its size', async () => {
    const core = createSandboxCore({ limits: { journalEntryBytes: 1_000 } })
    const body = JSON.stringify({ externalCustomerId: 'u1', deviceIp: '203.0.113.7', note: 'x'.repeat(2_000) })
    await send(core, 'POST /platform/v1/sessions', { headers, body })
    const [entry] = core.tenants.get('journalbodies', 'test').journal.list({ kind: 'api' })
    expect(entry).toMatchObject({
      status: 400,
      requestBody: {
        omitted: `body of ${body.length} characters, longer than the journal keeps (docs/decisions/0044)`,
      },
    })
  })

  it('keeps a JSON response as its text, read back as the value that was sent', async () => {
    const core = createSandboxCore()
    const sent = await send(core, 'POST /platform/v1/sessions', {
      headers,
      body: { externalCustomerId: 'u1', deviceIp: '203.0.113.7' },
    })
    const [entry] = core.tenants.get('journalbodies', 'test').journal.list({ kind: 'api' })
    expect(sent.json).toBe(JSON.stringify(sent.body))
    expect(entry).toMatchObject({ status: 201, responseBody: sent.body })
  })

  it('keeps a body nested 5 000 deep as far as it serialises, so the journal and the state still answer', async () => {
    const core = createSandboxCore()
    const body = `{"a":${'['.repeat(5_000)}${']'.repeat(5_000)}}`
    await send(core, 'GET /v3/currencies?apiKey=pk_test_journalbodies', { body })
    const journal = await send(core, 'GET /__sandbox/journal?kind=api', { headers })
    expect(journal.status).toBe(200)
    expect(JSON.stringify(journal.body)).toContain('nested deeper than the 64 levels the journal keeps')
    expect(() => JSON.stringify(core.tenants.get('journalbodies', 'test').journal.snapshot())).not.toThrow()
  })

  it('keeps about 250 small entries by default: 128 KiB counting 384 characters an entry and what it holds (path, query, headers, bodies; decisions 0051, 0084)', async () => {
    const core = createSandboxCore()
    for (let i = 0; i < 400; i++) await send(core, `GET /platform/v1/customers/cus_missing${i}`, { headers })
    const { entries, chars } = core.tenants.get('journalbodies', 'test').journal.held
    expect(entries).toBeGreaterThan(230)
    expect(entries).toBeLessThan(280)
    expect(chars).toBeLessThanOrEqual(128 * 1024)
  })
})

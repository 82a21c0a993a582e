import { expect, test } from '../playwright.ts'

// Worker-scoped options force their own worker, so they sit at the top of their own file.
test.use({ seed: 7 })

test('the sandbox fixture serves the fixtures of its seed option', async ({ sandbox, tenant }) => {
  const response = await fetch(`${sandbox.apiUrl}/__sandbox/fixtures`, { headers: { 'x-api-key': tenant.secretKey } })
  const { data } = (await response.json()) as { data: { tenant: { seed: number } } }
  expect(data.tenant.seed).toBe(7)
})

import { z } from 'zod'
import { JournalEntry, TenantFixtures, WebhookDelivery } from '#contract/index.ts'
import { parseApiKey } from '#kernel/tenant-registry.ts'
import { recordScenario, type RecordedScenario } from './record-scenario.ts'
import { scenarioSource } from './scenario-source.ts'

const RecordInput = z.object({
  api: z.url({ protocol: /^https?$/, error: '--api must be the sandbox API URL, such as http://127.0.0.1:4010' }),
  key: z
    .string()
    .regex(
      /^sk_(test|live)_[A-Za-z0-9_]{1,64}$/,
      '--key must be the secret key of the tenant to record, such as sk_test_sandbox',
    ),
  title: z.string().min(1, '--title must not be empty').max(200),
})

/** A failed read from the server: the message says which and why. */
async function read<T extends z.ZodType>(api: string, path: string, key: string, schema: T): Promise<z.output<T>> {
  const response = await fetch(`${api}${path}`, { headers: { 'x-api-key': key } }).catch(() => {
    throw new Error(`no sandbox answers at ${api} (start one with: ramp-sandbox serve)`)
  })
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`)
  const body = (await response.json()) as { data?: unknown }
  const data = schema.safeParse(body?.data)
  if (!data.success)
    throw new Error(
      `GET ${path} answered something that is not a ramp-sandbox ${path.slice(11)}: ${data.error.issues[0]?.message}`,
    )
  return data.data
}

/**
 * Records a tenant of a running sandbox: reads its journal, fixtures and webhook deliveries with its secret key, and makes a scenario of
 * them (`recordScenario`) and its file text (`scenarioSource`). What `ramp-sandbox record` runs. Throws an Error with a
 * readable message when the input is invalid or the server cannot be read.
 *
 * @example
 * const { source } = await recordFromServer({ api: 'http://127.0.0.1:4010', key: 'sk_test_sandbox', title: 'card buy' })
 */
export async function recordFromServer(input: {
  api: string
  key: string
  title: string
}): Promise<{ source: string; recorded: RecordedScenario }> {
  const parsed = RecordInput.safeParse(input)
  if (!parsed.success) throw new Error(parsed.error.issues.map((issue) => issue.message).join('; '))
  const { api, key, title } = parsed.data
  const base = api.replace(/\/+$/, '')
  const journal = await read(base, '/__sandbox/journal', key, z.array(JournalEntry))
  if (journal.length === 0) {
    const { account, mode } = parseApiKey(key)!
    throw new Error(
      `the journal of account ${account} (${mode} mode) is empty: nothing to record. Run the flow against ${base} with this account's keys first (each account and mode has its own journal)`,
    )
  }
  const fixtures = await read(base, '/__sandbox/fixtures', key, TenantFixtures)
  const deliveries = await read(base, '/__sandbox/webhooks/deliveries?limit=500', key, z.array(WebhookDelivery))
  const recorded = recordScenario(journal, { title, fixtures, deliveries })
  return { source: scenarioSource(recorded), recorded }
}

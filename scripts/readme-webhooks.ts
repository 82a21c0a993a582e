import {
  eventTypesOf,
  readWebhookBody,
  WEBHOOK_CATALOGUE,
  webhookEntry,
  type WebhookEventName,
  type WebhookSubject,
} from '#contract/index.ts'
import { createSandboxCore } from '#http/sandbox-core.ts'
import { send } from '#http/test-request.ts'
import { handlerTransport } from '#kernel/webhook-transport.ts'

/** Where each subject's `data` comes from, for the catalogue table (a switch, so a new subject cannot be left out). */
function sourceOf(subject: WebhookSubject): string {
  switch (subject) {
    case 'buy':
      return 'the buy, `GET /v1/transactions/{id}`'
    case 'platform-transaction':
      return 'the transaction, `GET /platform/v1/transactions/{id}`'
    case 'sell':
      return 'the sell, `GET /v3/sell_transactions/{id}`'
    case 'sell-requote':
      return "the reference's reduced sell (currencies as codes, `walletAddress`), from `GET /v3/sell_transactions/{id}`"
    case 'swap':
      return 'the swap, `GET /v4/swap/transaction/{id}`'
    case 'customer':
      return 'the customer, `GET /platform/v1/customers/{id}`'
    case 'identity-check':
      return 'the identity check, `GET /__sandbox/customers/{customerId}/identity_check`'
  }
}

/** Fires `types` for the newest seeded objects of a fresh account (seed 1) and answers the bodies the sandbox sent, by type. */
async function sentBodies(types: WebhookEventName[]): Promise<Map<string, string>> {
  const bodies = new Map<string, string>()
  const core = createSandboxCore({
    seed: 1,
    webhookTransport: handlerTransport(
      async (request) => void bodies.set(readWebhookBody(await request.clone().text())!.type, await request.text()),
    ),
  })
  const headers = { 'x-api-key': 'sk_test_readme' }
  const call = (path: string, body: unknown) => send(core, `POST ${path}`, { headers, body })
  await call('/__sandbox/webhooks/endpoints', { url: 'http://127.0.0.1:9/hooks', family: 'both' })
  for (const type of types) {
    const answer = await call('/__sandbox/webhooks/trigger', { type })
    if (answer.status !== 201) throw new Error(`triggering ${type} answered ${answer.status}`)
  }
  await core.tenants.get('readme', 'test').background.settled()
  return bodies
}

const block = (body: string) => ['```json', JSON.stringify(JSON.parse(body), null, 2), '```'].join('\n')

/**
 * The webhook event section of docs/webhooks.md: the catalogue as a table (family, `data`), and a real body of each family as
 * the sandbox sends it (a buy's `transaction_updated` and its `transaction.updated`), made by a sandbox in process, so
 * the page cannot drift from the schemas.
 */
export async function webhookSection(): Promise<string> {
  const types = Object.keys(WEBHOOK_CATALOGUE) as WebhookEventName[]
  const bodies = await sentBodies(['transaction_updated', 'transaction.updated'])
  return [
    '| type | family | `data` |',
    '|---|---|---|',
    ...types.map((type) => `| \`${type}\` | ${webhookEntry(type).family} | ${sourceOf(webhookEntry(type).subject)} |`),
    '',
    `Widget events (${eventTypesOf('widget').length}) come as \`{type, data}\`; platform events (${eventTypesOf('platform').length}) as \`{id, type, timestamp, data}\`. A buy's \`transaction_updated\`, as sent (seed 1):`,
    '',
    block(bodies.get('transaction_updated')!),
    '',
    'The same buy as `transaction.updated`:',
    '',
    block(bodies.get('transaction.updated')!),
  ].join('\n')
}

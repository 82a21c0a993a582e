import type {
  CreateWebhookEndpoint,
  UpdateWebhookEndpoint,
  WebhookEndpoint,
  WebhookEndpointRecord,
  WebhookEndpointWithSecret,
} from '#contract/index.ts'
import {
  eventTypesOf,
  familyOfEvents,
  WEBHOOK_EVENT_TYPES,
  type WebhookEndpointFamily,
  type WebhookEventType,
} from '#contract/index.ts'
import { base64UrlToBytes } from '#portable/base64url.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import type { Tenant } from '#kernel/tenant.ts'
import type { TenantStore } from '#kernel/store/tenant-store.ts'
import { webhookApiKeyFrom } from '#kernel/webhook-api-key.ts'
import { webhookSecretFrom } from '#kernel/webhook-secret.ts'
import { newId } from './new-id.ts'

/**
 * Whether the sandbox may send webhooks to `url`'s host: loopback always (`localhost`, `127.0.0.0/8`, `::1`), any other
 * host only when the operator allows it by name (`--webhook-allow-host`), so a shared sandbox cannot be turned
 * against other machines.
 *
 * @example
 * webhookHostAllowed('http://127.0.0.1:3000/hooks', []) // true
 * webhookHostAllowed('https://partner.example/hooks', ['partner.example']) // true
 */
export function webhookHostAllowed(url: string, allowedHosts: readonly string[]): boolean {
  const host = new URL(url).hostname.toLowerCase()
  if (host === 'localhost' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host)) return true
  return allowedHosts.some((allowed) => allowed.toLowerCase() === host)
}

function requireAllowedHost(url: string, allowedHosts: readonly string[]): void {
  if (webhookHostAllowed(url, allowedHosts)) return
  const host = new URL(url).hostname
  throw SandboxError.invalidField(
    'url',
    `url must be on a loopback host (localhost, 127.0.0.1, ::1) or a host the sandbox allows (--webhook-allow-host); ${host} is neither`,
  )
}

/**
 * After a restore: an endpoint whose host the running sandbox does not allow (it was saved under another process's
 * `--webhook-allow-host`) is kept as it was, enabled or not, so restarting with the flag brings it back whole; the
 * operator is warned and the account's journal says so (`webhook-endpoint:host-not-allowed`). Its attempts fail
 * unsent meanwhile (decision 0082).
 *
 * @example
 * flagDisallowedEndpoints(tenant, restoredStore) // stderr: "ramp-sandbox: account shop (test): webhook endpoint we_… …"
 */
export function flagDisallowedEndpoints(tenant: Tenant, store: TenantStore): void {
  for (const endpoint of store.webhookEndpoints.all()) {
    if (webhookHostAllowed(endpoint.url, tenant.webhookAllowHosts)) continue
    const host = new URL(endpoint.url).hostname
    tenant.record('webhook-endpoint:host-not-allowed', { endpointId: endpoint.id, url: endpoint.url })
    tenant.warn(
      `ramp-sandbox: account ${tenant.account.account} (${tenant.mode}): webhook endpoint ${endpoint.id} sends to ${host}, which this sandbox does not allow: its attempts fail unsent until its url changes or the sandbox runs with --webhook-allow-host ${host}`,
    )
  }
}

/** An endpoint's signing secret: derived from the sandbox's signing secret, the endpoint and its secret version, so the same `--secret` gives the same secrets. */
export function webhookSecretOf(tenant: Tenant, endpoint: Pick<WebhookEndpointRecord, 'id' | 'secretVersion'>): string {
  return webhookSecretFrom(base64UrlToBytes(tenant.sign(`webhook-secret:${endpoint.id}:${endpoint.secretVersion}`))!)
}

/**
 * The account's webhook API key in this mode (the key of the V2 signature header): derived from the sandbox's signing
 * secret and the account, like endpoint secrets, so the same `--secret` gives the same key; never the `sk_` secret
 * key (decision 0086). Shown by `GET /__sandbox/webhooks/key` only: never journaled, logged or saved.
 *
 * @example
 * webhookApiKeyOf(tenant) // 'wk_test_…' (43 base64url characters)
 */
export function webhookApiKeyOf(tenant: Tenant): string {
  return webhookApiKeyFrom(tenant.mode, tenant.sign('webhook-api-key'))
}

/** An endpoint as the control API shows it (no secret version). */
function webhookEndpointView({ secretVersion: _, ...endpoint }: WebhookEndpointRecord): WebhookEndpoint {
  return endpoint
}

const withSecret = (tenant: Tenant, record: WebhookEndpointRecord): WebhookEndpointWithSecret => ({
  ...webhookEndpointView(record),
  secret: webhookSecretOf(tenant, record),
})

async function endpointRecord(tenant: Tenant, id: string): Promise<WebhookEndpointRecord> {
  const record = (await tenant.store()).webhookEndpoints.get(id)
  if (!record)
    throw new SandboxError(
      'not_found',
      `webhook endpoint ${id} does not exist: GET /__sandbox/webhooks/endpoints lists them`,
    )
  return record
}

/** Every event type an endpoint of `family` takes. */
const everyEventOf = (family: WebhookEndpointFamily): WebhookEventType[] =>
  family === 'both' ? [...WEBHOOK_EVENT_TYPES] : eventTypesOf(family)

/**
 * The family and events an endpoint ends up with (decision 0087): `family` as given, else the families of `events`,
 * else `widget` (the reference registers the two families apart, and a handler written for one envelope would choke
 * on the other); `events` as given, else every event of the family. The contract refuses the two disagreeing.
 *
 * @example
 * familyAndEvents({ events: ['transaction.updated'] }) // { family: 'platform', events: ['transaction.updated'] }
 * familyAndEvents({}) // { family: 'widget', events: ['transaction_created', …] }
 */
function familyAndEvents(input: {
  family?: WebhookEndpointFamily | undefined
  events?: WebhookEventType[] | undefined
}): { family: WebhookEndpointFamily; events: WebhookEventType[] } {
  const family = input.family ?? (input.events && familyOfEvents(input.events)) ?? 'widget'
  return { family, events: input.events ?? everyEventOf(family) }
}

/**
 * Registers a webhook endpoint: the family and events `familyAndEvents` says, enabled, signed in the `sandbox` scheme and no delivery switch on
 * (`duplicate`, `shuffleWindow`, `delay`) unless the input says otherwise; answers it with its signing secret.
 *
 * @example
 * await createWebhookEndpoint(tenant, { url: 'http://127.0.0.1:3000/hooks' }, []) // { id: 'we_…', secret: 'whsec_…', … }
 */
export async function createWebhookEndpoint(
  tenant: Tenant,
  input: CreateWebhookEndpoint,
  allowedHosts: readonly string[],
): Promise<WebhookEndpointWithSecret> {
  requireAllowedHost(input.url, allowedHosts)
  const store = await tenant.store()
  const at = tenant.clock.iso()
  const record = await store.webhookEndpoints.create({
    id: newId(tenant, store, 'we'),
    url: input.url,
    ...familyAndEvents(input),
    enabled: input.enabled ?? true,
    scheme: input.scheme ?? 'sandbox',
    duplicate: input.duplicate ?? false,
    shuffleWindow: input.shuffleWindow ?? null,
    delay: input.delay ?? null,
    secretVersion: 1,
    createdAt: at,
    updatedAt: at,
  })
  tenant.record('webhook-endpoint:created', { endpointId: record.id, url: record.url })
  return withSecret(tenant, record)
}

/** Every endpoint of the tenant, oldest first. */
export async function listWebhookEndpoints(tenant: Tenant): Promise<WebhookEndpoint[]> {
  return (await tenant.store()).webhookEndpoints.all().map(webhookEndpointView)
}

/** One endpoint; an unknown id is 404. */
export async function getWebhookEndpoint(tenant: Tenant, id: string): Promise<WebhookEndpoint> {
  return webhookEndpointView(await endpointRecord(tenant, id))
}

/** One endpoint with its signing secret. */
export async function webhookEndpointSecret(tenant: Tenant, id: string): Promise<WebhookEndpointWithSecret> {
  return withSecret(tenant, await endpointRecord(tenant, id))
}

/**
 * Changes an endpoint's URL, family, event types, enabled flag, scheme or delivery switches; its secret stays. A new
 * `family` or `events` sets both as on creation (`familyAndEvents`).
 */
export async function updateWebhookEndpoint(
  tenant: Tenant,
  id: string,
  input: UpdateWebhookEndpoint,
  allowedHosts: readonly string[],
): Promise<WebhookEndpoint> {
  await endpointRecord(tenant, id)
  if (input.url !== undefined) requireAllowedHost(input.url, allowedHosts)
  const at = tenant.clock.iso()
  const updated = await (await tenant.store()).webhookEndpoints.update(id, (draft) => {
    const routing = input.family === undefined && input.events === undefined ? {} : familyAndEvents(input)
    Object.assign(
      draft,
      Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)),
      routing,
      { updatedAt: at },
    )
  })
  tenant.record('webhook-endpoint:updated', { endpointId: id })
  return webhookEndpointView(updated!)
}

/** A new signing secret for an endpoint: the old one no longer signs its deliveries. */
export async function rotateWebhookSecret(tenant: Tenant, id: string): Promise<WebhookEndpointWithSecret> {
  const current = await endpointRecord(tenant, id)
  const at = tenant.clock.iso()
  const rotated = await (await tenant.store()).webhookEndpoints.update(id, (draft) => {
    draft.secretVersion = current.secretVersion + 1
    draft.updatedAt = at
  })
  tenant.record('webhook-endpoint:secret-rotated', { endpointId: id })
  return withSecret(tenant, rotated!)
}

/** Removes an endpoint; an unknown id is 404. */
export async function removeWebhookEndpoint(tenant: Tenant, id: string): Promise<void> {
  await endpointRecord(tenant, id)
  ;(await tenant.store()).webhookEndpoints.delete(id)
  tenant.record('webhook-endpoint:removed', { endpointId: id })
}

import { z } from 'zod'
import {
  AccountUsage,
  ClockAdvanceRequest,
  ClockState,
  Connection,
  ConnectionRequest,
  Fault,
  FaultRequest,
  JournalEntry,
  JournalQuery,
  PlatformError,
  LAST_CLOCK_INSTANT,
  SettingsUpdate,
  TenantFixtures,
  TenantInfo,
  TenantSettings,
  dataOf,
} from '#contract/index.ts'
import { decideConnection } from '#domain/connections.ts'
import { sessionOfToken } from '#domain/sessions.ts'
import { fixtureCustomers } from '#domain/fixture-customers.ts'
import { ipRangeFixtures } from '#domain/check-ip-address.ts'
import { checkIpOverrides } from '#domain/ip-address-overrides.ts'
import { sellTriggerFixtures } from '#domain/sell-triggers.ts'
import { swapTriggerFixtures } from '#domain/swap-triggers.ts'
import { TEST_TRIGGERS } from '#domain/triggers.ts'
import { checkFaultAnswer } from '../check-fault-answer.ts'
import { platformErrors } from './platform-responses.ts'
import { parseJsonBody, parseQuery } from '../parse-input.ts'
import { jsonTextReply, reply, type PlainReply } from '../plain-http.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import type { Route, TenantRoute } from '../route.ts'
import type { Tenant } from '#kernel/tenant.ts'

const unauthorized = { description: 'Missing, malformed or publishable key', schema: PlatformError }
const invalid = { description: 'The body breaks a rule; errors name the fields', schema: PlatformError }

function clockState(tenant: Tenant): ClockState {
  return {
    now: tenant.clock.iso(),
    startedAt: new Date(tenant.clock.startedAt).toISOString(),
    advancedMs: tenant.clock.advanced,
  }
}

/** What `GET /__sandbox/usage` answers: the account's bytes by part, its lists against their caps (decision 0084). */
async function accountUsage(tenant: Tenant): Promise<AccountUsage> {
  const store = await tenant.store()
  const { limits } = store
  const held = tenant.journal.held
  return {
    bytes: tenant.bytes.report(),
    faults: { held: tenant.faults.size, limit: limits.faults },
    webhookEndpoints: { held: store.webhookEndpoints.size, limit: limits.webhookEndpoints },
    webhookDeliveries: { held: store.webhookDeliveries.size, limit: limits.webhookDeliveries },
    journal: {
      entries: { held: held.entries, limit: tenant.journal.capacity },
      bytes: { held: held.chars, limit: tenant.journal.charBudget },
    },
  }
}

/** A route of the control API: the tenant's secret key, its tag, 401 documented. */
export function control(
  route: Omit<TenantRoute, 'family' | 'tag' | 'auth' | 'responses'> & { responses: TenantRoute['responses'] },
): TenantRoute {
  return {
    ...route,
    family: 'control',
    tag: 'Sandbox control',
    auth: 'secret-header',
    responses: { ...route.responses, 401: unauthorized },
  }
}

/** The IP-map overrides after a settings update: replaced (and checked) when it names them, else kept; none is no field. */
function ipAddressesAfter(settings: TenantSettings, update: SettingsUpdate): Pick<TenantSettings, 'ipAddresses'> {
  const ipAddresses = update.ipAddresses === undefined ? settings.ipAddresses : checkIpOverrides(update.ipAddresses)
  return ipAddresses === undefined || ipAddresses.length === 0 ? {} : { ipAddresses }
}

/** The last journal answer of each tenant, as text and bytes: a poll that finds nothing new is sent as it was. */
const lastJournalReplies = new WeakMap<Tenant, { list: string; json: string; bytes: Uint8Array }>()

function journalReply(tenant: Tenant, list: string): PlainReply {
  let last = lastJournalReplies.get(tenant)
  if (last?.list !== list) {
    const json = `{"data":${list}}`
    lastJournalReplies.set(tenant, (last = { list, json, bytes: new TextEncoder().encode(json) }))
  }
  return jsonTextReply(200, last.json, {}, last.bytes)
}

/** Routes of the control API (`/__sandbox`, the tenant's secret key): DESIGN §6. */
export const controlRoutes: Route[] = [
  control({
    method: 'POST',
    path: '/__sandbox/reset',
    operationId: 'resetTenant',
    summary: 'Reset the tenant to its seeded state: clock, journal, faults, settings',
    responses: { 200: { description: 'The tenant, reset', schema: dataOf(TenantInfo) } },
    handle({ tenant }) {
      tenant.reset()
      tenant.record('tenant:reset', {})
      return reply(200, { data: { account: tenant.account.account, mode: tenant.mode, seed: tenant.seed } })
    },
  }),
  control({
    method: 'GET',
    path: '/__sandbox/clock',
    operationId: 'getClock',
    summary: "Read the tenant's clock",
    responses: { 200: { description: 'The clock', schema: dataOf(ClockState) } },
    handle: ({ tenant }) => reply(200, { data: clockState(tenant) }),
  }),
  control({
    method: 'POST',
    path: '/__sandbox/clock/advance',
    operationId: 'advanceClock',
    summary: "Advance the tenant's clock, firing due timers (quote expiry, settlement …)",
    body: ClockAdvanceRequest,
    responses: {
      200: {
        description: 'The clock after advancing',
        schema: dataOf(ClockState.extend({ firedTimers: z.number().int() })),
      },
      400: invalid,
    },
    async handle({ tenant, request }) {
      const { by } = parseJsonBody(ClockAdvanceRequest, request.body)
      if (tenant.clock.now() + by > LAST_CLOCK_INSTANT) {
        throw SandboxError.invalidField(
          'by',
          `by would move the clock past ${new Date(LAST_CLOCK_INSTANT).toISOString()}, the last instant it may reach (timestamps are ISO 8601 with four-digit years, and expiries run up to a year past the clock): POST /__sandbox/reset to start again`,
        )
      }
      // In slices: an account with thousands of due jobs lets every other account's requests through meanwhile.
      const firedTimers = await tenant.clock.advanceInSlices(by)
      await tenant.clock.settled()
      tenant.record('clock:advanced', { byMs: by, firedTimers })
      return reply(200, { data: { ...clockState(tenant), firedTimers } })
    },
  }),
  control({
    method: 'GET',
    path: '/__sandbox/journal',
    operationId: 'getJournal',
    summary: "Read the tenant's journal of API calls and state changes, in order",
    query: JournalQuery,
    responses: { 200: { description: 'Journal entries', schema: dataOf(z.array(JournalEntry)) }, 400: invalid },
    handle({ tenant, request }) {
      return journalReply(tenant, tenant.journal.listJson(parseQuery(JournalQuery, request.query)))
    },
  }),
  control({
    method: 'POST',
    path: '/__sandbox/faults',
    operationId: 'addFault',
    summary:
      'Inject a fault for requests that match (method, path, query, headers, body fields, key), at a seeded rate: a status, an overridden answer, latency or a dropped connection',
    body: FaultRequest,
    responses: {
      201: { description: 'The armed fault', schema: dataOf(Fault) },
      400: invalid,
      429: platformErrors.rateLimited,
    },
    handle({ tenant, request, core }) {
      const parsed = parseJsonBody(FaultRequest, request.body)
      checkFaultAnswer(core.routes, parsed)
      const fault = tenant.faults.add(parsed, tenant.clock.now())
      tenant.record('fault:added', { ...fault })
      return reply(201, { data: fault })
    },
  }),
  control({
    method: 'GET',
    path: '/__sandbox/faults',
    operationId: 'listFaults',
    summary: 'List armed faults',
    responses: { 200: { description: 'Armed faults', schema: dataOf(z.array(Fault)) } },
    handle: ({ tenant }) => reply(200, { data: tenant.faults.list(tenant.clock.now()) }),
  }),
  control({
    method: 'DELETE',
    path: '/__sandbox/faults',
    operationId: 'clearFaults',
    summary: 'Disarm every fault',
    responses: { 204: { description: 'Disarmed' } },
    handle({ tenant }) {
      tenant.faults.clear()
      tenant.record('fault:cleared', {})
      return reply(204)
    },
  }),
  control({
    method: 'GET',
    path: '/__sandbox/usage',
    operationId: 'getUsage',
    summary:
      'What the account holds beyond its seed against its byte budget (journal, faults, webhook deliveries, records), and its lists against their caps',
    responses: { 200: { description: 'Usage', schema: dataOf(AccountUsage) } },
    handle: async ({ tenant }) => reply(200, { data: await accountUsage(tenant) }),
  }),
  control({
    method: 'GET',
    path: '/__sandbox/settings',
    operationId: 'getSettings',
    summary: "Read the tenant's settings",
    responses: { 200: { description: 'Settings', schema: dataOf(TenantSettings) } },
    handle: ({ tenant }) => reply(200, { data: tenant.settings }),
  }),
  control({
    method: 'PUT',
    path: '/__sandbox/settings',
    operationId: 'updateSettings',
    summary:
      'Change settings: default extra fee, allowed frame origins, capabilities, Google Pay availability, the webhook signature headers, when *_updated webhooks fire, IP-map overrides',
    body: SettingsUpdate,
    responses: { 200: { description: 'Settings after the change', schema: dataOf(TenantSettings) }, 400: invalid },
    handle({ tenant, request }) {
      const update = parseJsonBody(SettingsUpdate, request.body)
      const v2 = update.webhookSignatureHeader ?? tenant.settings.webhookSignatureHeader
      const legacy = update.webhookLegacySignatureHeader ?? tenant.settings.webhookLegacySignatureHeader
      if (v2 === legacy) {
        const field =
          update.webhookLegacySignatureHeader === undefined ? 'webhookSignatureHeader' : 'webhookLegacySignatureHeader'
        throw SandboxError.invalidField(
          field,
          `${field} must differ from the other signature header: webhookSignatureHeader (V2, the account's webhook API key) and webhookLegacySignatureHeader (the endpoint's secret) would both be ${v2}`,
        )
      }
      tenant.settings = {
        defaultExtraFeePercentage: update.defaultExtraFeePercentage ?? tenant.settings.defaultExtraFeePercentage,
        allowedOrigins: update.allowedOrigins ?? tenant.settings.allowedOrigins,
        capabilities: { ...tenant.settings.capabilities, ...update.capabilities },
        googlePayAvailable: update.googlePayAvailable ?? tenant.settings.googlePayAvailable,
        webhookSignatureHeader: v2,
        webhookLegacySignatureHeader: legacy,
        webhookUpdatedEvents: update.webhookUpdatedEvents ?? tenant.settings.webhookUpdatedEvents,
        webhookUpdatedOnFailure: update.webhookUpdatedOnFailure ?? tenant.settings.webhookUpdatedOnFailure,
        ...ipAddressesAfter(tenant.settings, update),
      }
      tenant.record('settings:updated', { ...update })
      return reply(200, { data: tenant.settings })
    },
  }),
  control({
    method: 'POST',
    path: '/__sandbox/connections',
    operationId: 'resolveConnection',
    summary:
      "Resolve a session's connection as the check frame would (skipKyc too), with plaintext credentials (no browser needed)",
    body: ConnectionRequest,
    responses: { 200: { description: 'The connection', schema: dataOf(Connection) }, 400: invalid },
    async handle({ tenant, request }) {
      const { sessionToken, skipKyc } = parseJsonBody(ConnectionRequest, request.body)
      const store = await tenant.store()
      return reply(200, {
        data: await decideConnection(tenant, store, sessionOfToken(tenant, store, sessionToken), { skipKyc }),
      })
    },
  }),
  control({
    method: 'GET',
    path: '/__sandbox/fixtures',
    operationId: 'getFixtures',
    summary:
      'What the tenant is seeded with: keys, settings, currencies, prices, the IP map of GET /v3/ip_address, buy, sell and swap triggers',
    responses: { 200: { description: 'Fixtures', schema: dataOf(TenantFixtures) } },
    async handle({ tenant }) {
      const account = tenant.account.account
      const fixtures: TenantFixtures = {
        tenant: { account, mode: tenant.mode, seed: tenant.seed },
        keys: { publishable: `pk_${tenant.mode}_${account}`, secret: `sk_${tenant.mode}_${account}` },
        settings: tenant.settings,
        clock: clockState(tenant),
        customers: fixtureCustomers(await tenant.store()),
        triggers: TEST_TRIGGERS.map((trigger) => ({ ...trigger })),
        currencies: tenant.catalog.currencies,
        prices: tenant.catalog.catalog.prices,
        ipRanges: ipRangeFixtures(tenant.settings.ipAddresses),
        sellTriggers: sellTriggerFixtures(),
        swapTriggers: swapTriggerFixtures(),
      }
      return reply(200, { data: fixtures })
    },
  }),
]

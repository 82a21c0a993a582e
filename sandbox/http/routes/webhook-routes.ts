import { z } from 'zod'
import {
  CreateWebhookEndpoint,
  PlatformError,
  WebhookApiKeyView,
  TriggeredWebhook,
  TriggerWebhook,
  UpdateWebhookEndpoint,
  WebhookDelivery,
  WebhookDeliverySummary,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
  dataOf,
  queryNumber,
} from '#contract/index.ts'
import { settleWebhooks } from '#domain/settle-webhooks.ts'
import { listWebhookDeliveries, resendDelivery } from '#domain/webhook-deliveries.ts'
import { triggerWebhook } from '#domain/webhook-trigger.ts'
import {
  createWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookEndpoints,
  removeWebhookEndpoint,
  rotateWebhookSecret,
  updateWebhookEndpoint,
  webhookApiKeyOf,
  webhookEndpointSecret,
} from '#domain/webhook-endpoints.ts'
import { parseJsonBody, parseQuery } from '../parse-input.ts'
import { reply } from '../plain-http.ts'
import type { Route, RouteHost } from '../route.ts'
import { platformErrors } from './platform-responses.ts'
import { control } from './control-routes.ts'

const invalid = {
  description: 'The body breaks a rule, or the URL names a host the sandbox does not allow; errors name the fields',
  schema: PlatformError,
}
const unknown = { description: 'No such webhook endpoint for this account', schema: PlatformError }
const BASE = '/__sandbox/webhooks/endpoints'

/** Query of the delivery log: how many of the newest deliveries (default 50). */
const DeliveriesQuery = z.strictObject({
  limit: queryNumber(
    z
      .string()
      .regex(/^[0-9]{1,3}$/, 'limit must be a whole number from 1 to 500')
      .transform(Number)
      .pipe(
        z
          .number()
          .int()
          .min(1, 'limit must be a whole number from 1 to 500')
          .max(500, 'limit must be a whole number from 1 to 500'),
      ),
    { type: 'integer', minimum: 1, maximum: 500 },
  ).optional(),
})

/** Hosts besides loopback the operator lets webhooks go to (`--webhook-allow-host`). */
const allowedHosts = (core: RouteHost) => core.options.webhookAllowHosts ?? []

/** Routes that register, list, change and remove a tenant's webhook endpoints (decision 0058). */
export const webhookRoutes: Route[] = [
  control({
    method: 'POST',
    path: BASE,
    operationId: 'createWebhookEndpoint',
    summary: 'Register a webhook endpoint; the answer carries its signing secret',
    body: CreateWebhookEndpoint,
    responses: {
      201: { description: 'The endpoint and its signing secret', schema: dataOf(WebhookEndpointWithSecret) },
      400: invalid,
      429: { description: 'The account has as many endpoints as it may (16)', schema: PlatformError },
    },
    handle: async ({ tenant, request, core }) =>
      reply(201, {
        data: await createWebhookEndpoint(
          tenant,
          parseJsonBody(CreateWebhookEndpoint, request.body),
          allowedHosts(core),
        ),
      }),
  }),
  control({
    method: 'GET',
    path: BASE,
    operationId: 'listWebhookEndpoints',
    summary: "List the account's webhook endpoints, oldest first",
    responses: { 200: { description: 'The endpoints (no secrets)', schema: dataOf(z.array(WebhookEndpoint)) } },
    handle: async ({ tenant }) => reply(200, { data: await listWebhookEndpoints(tenant) }),
  }),
  control({
    method: 'GET',
    path: `${BASE}/:endpointId`,
    operationId: 'getWebhookEndpoint',
    summary: 'Read one webhook endpoint',
    responses: { 200: { description: 'The endpoint (no secret)', schema: dataOf(WebhookEndpoint) }, 404: unknown },
    handle: async ({ tenant, params }) => reply(200, { data: await getWebhookEndpoint(tenant, params.endpointId!) }),
  }),
  control({
    method: 'POST',
    path: `${BASE}/:endpointId`,
    operationId: 'updateWebhookEndpoint',
    summary: "Change an endpoint's URL, event types, enabled flag or signature scheme",
    body: UpdateWebhookEndpoint,
    responses: {
      200: { description: 'The endpoint, changed', schema: dataOf(WebhookEndpoint) },
      400: invalid,
      404: unknown,
    },
    handle: async ({ tenant, params, request, core }) =>
      reply(200, {
        data: await updateWebhookEndpoint(
          tenant,
          params.endpointId!,
          parseJsonBody(UpdateWebhookEndpoint, request.body),
          allowedHosts(core),
        ),
      }),
  }),
  control({
    method: 'DELETE',
    path: `${BASE}/:endpointId`,
    operationId: 'removeWebhookEndpoint',
    summary: 'Remove a webhook endpoint',
    responses: { 204: { description: 'Removed' }, 404: unknown },
    async handle({ tenant, params }) {
      await removeWebhookEndpoint(tenant, params.endpointId!)
      return reply(204)
    },
  }),
  control({
    method: 'GET',
    path: `${BASE}/:endpointId/secret`,
    operationId: 'getWebhookEndpointSecret',
    summary: "Read an endpoint's signing secret",
    responses: {
      200: { description: 'The endpoint and its signing secret', schema: dataOf(WebhookEndpointWithSecret) },
      404: unknown,
    },
    handle: async ({ tenant, params }) => reply(200, { data: await webhookEndpointSecret(tenant, params.endpointId!) }),
  }),
  control({
    method: 'POST',
    path: `${BASE}/:endpointId/rotate-secret`,
    operationId: 'rotateWebhookEndpointSecret',
    summary: 'Give an endpoint a new signing secret; the old one no longer signs its deliveries',
    responses: {
      200: { description: 'The endpoint and its new signing secret', schema: dataOf(WebhookEndpointWithSecret) },
      404: unknown,
    },
    handle: async ({ tenant, params }) => reply(200, { data: await rotateWebhookSecret(tenant, params.endpointId!) }),
  }),
  control({
    method: 'GET',
    path: '/__sandbox/webhooks/key',
    operationId: 'getWebhookApiKey',
    summary: "Read the account's webhook API key (this mode's), which signs every delivery's V2 signature header",
    // A control read: never journaled (journalApiCall), so the key stays out of the journal and its exports.
    responses: {
      200: {
        description: 'The webhook API key and the headers the key and the endpoint secrets sign',
        schema: dataOf(WebhookApiKeyView),
      },
    },
    handle: ({ tenant }) =>
      reply(200, {
        data: {
          webhookApiKey: webhookApiKeyOf(tenant),
          header: tenant.settings.webhookSignatureHeader,
          legacyHeader: tenant.settings.webhookLegacySignatureHeader,
        },
      }),
  }),
  control({
    method: 'GET',
    path: '/__sandbox/webhooks/deliveries',
    operationId: 'listWebhookDeliveries',
    summary: 'The delivery log: the newest deliveries with every attempt (status, error, duration) and the next retry',
    query: DeliveriesQuery,
    responses: {
      200: { description: 'Deliveries, newest first', schema: dataOf(z.array(WebhookDelivery)) },
      400: invalid,
    },
    handle: async ({ tenant, request }) =>
      reply(200, { data: await listWebhookDeliveries(tenant, parseQuery(DeliveriesQuery, request.query).limit ?? 50) }),
  }),
  control({
    method: 'POST',
    path: '/__sandbox/webhooks/deliveries/:deliveryId/resend',
    operationId: 'resendWebhookDelivery',
    summary:
      "Deliver a delivery's event again (same body, same event id) to the same endpoint, as a new delivery attempted at once",
    responses: {
      201: { description: 'The new delivery', schema: dataOf(WebhookDelivery) },
      404: { description: 'No such webhook delivery for this account', schema: PlatformError },
      409: {
        description: 'The endpoint was removed or is disabled, or every kept delivery is still pending',
        schema: PlatformError,
      },
    },
    handle: async ({ tenant, params }) => reply(201, { data: await resendDelivery(tenant, params.deliveryId!) }),
  }),
  control({
    method: 'POST',
    path: '/__sandbox/webhooks/trigger',
    operationId: 'triggerWebhook',
    summary:
      "Fire an event now to every enabled endpoint that wants it: data is the object's API view deep-merged with overrides",
    body: TriggerWebhook,
    responses: {
      201: { description: 'The event id and its deliveries', schema: dataOf(TriggeredWebhook) },
      400: invalid,
      429: platformErrors.rateLimited,
    },
    handle: async ({ tenant, request }) =>
      reply(201, { data: await triggerWebhook(tenant, parseJsonBody(TriggerWebhook, request.body)) }),
  }),
  control({
    method: 'POST',
    path: '/__sandbox/webhooks/settle',
    operationId: 'settleWebhookDeliveries',
    summary:
      'Wait until every webhook attempt under way has ended, then count the delivery log (retries not yet due stay pending)',
    responses: { 200: { description: 'The delivery log by status', schema: dataOf(WebhookDeliverySummary) } },
    handle: async ({ tenant }) => reply(200, { data: await settleWebhooks(tenant) }),
  }),
]

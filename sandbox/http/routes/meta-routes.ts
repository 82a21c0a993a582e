import { z } from 'zod'
import { openApiDocument } from '../openapi.ts'
import { deepFreeze } from '#portable/deep-freeze.ts'
import { frozenJsonReply, reply, type PlainReply } from '../plain-http.ts'
import type { Route, RouteHost } from '../route.ts'

/** The OpenAPI document of each core, for the API origin it was made for: ~400 KB of JSON, generated once and frozen, its text and bytes made on the first request. */
const documents = new WeakMap<RouteHost, { origin: string | undefined; document: object }>()

function openApiAnswer(core: RouteHost): PlainReply {
  const origin = core.options.origins?.api
  let cached = documents.get(core)
  if (!cached || cached.origin !== origin)
    documents.set(core, (cached = { origin, document: deepFreeze(openApiDocument(core.routes, origin)) }))
  return frozenJsonReply(200, cached.document)
}

/** Routes that need no key: the OpenAPI document and an index of what is served. */
export const metaRoutes: Route[] = [
  {
    method: 'GET',
    path: '/openapi.json',
    family: 'meta',
    operationId: 'getOpenApiDocument',
    tag: 'Sandbox meta',
    auth: 'none',
    // Public and tenant-free: API tools on any origin (Swagger UI, Redoc, generators) may load it.
    cors: 'public',
    summary: 'The OpenAPI 3.1 document of every route, generated from the contract',
    responses: { 200: { description: 'OpenAPI document' } },
    handle: ({ core }) => openApiAnswer(core),
  },
  {
    method: 'GET',
    path: '/',
    family: 'meta',
    operationId: 'getSandboxIndex',
    tag: 'Sandbox meta',
    auth: 'none',
    summary: 'What this sandbox serves, and the default keys',
    responses: { 200: { description: 'Index', schema: z.object({ name: z.string(), seed: z.number() }).loose() } },
    handle: ({ core }) =>
      reply(200, {
        name: 'ramp-sandbox',
        seed: core.seed,
        origins: core.options.origins ?? null,
        keys: { publishable: 'pk_test_sandbox', secret: 'sk_test_sandbox' },
        openapi: '/openapi.json',
      }),
  },
]

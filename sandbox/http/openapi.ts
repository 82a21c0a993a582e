import { z } from 'zod'
import { PlatformError, WidgetError } from '#contract/index.ts'
import type { Route, RouteAuth, RouteResponse } from './route.ts'
import { ROUTE_TAGS, type RouteTag } from './route-tags.ts'

type JsonSchema = Record<string, unknown>

/** Keywords that only constrain strings. */
const STRING_KEYWORDS = ['pattern', 'minLength', 'maxLength', 'format', 'contentEncoding', 'contentMediaType']

/**
 * A query parameter that travels as text but means a number (`queryNumber` in the contract) is
 * documented with its numeric type; the text schema under it would leave `pattern` and friends,
 * which say nothing about a number and would mislead a reader or a client generator.
 */
function numbersOnly({ jsonSchema }: { jsonSchema: JsonSchema }): void {
  if (jsonSchema.type === 'number' || jsonSchema.type === 'integer')
    for (const keyword of STRING_KEYWORDS) delete jsonSchema[keyword]
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    reused: 'inline',
    override: numbersOnly,
  }) as JsonSchema
  return rest
}

/**
 * The schema a request body is documented by. A body parsed by a guard piped into the real shape (the buy quote's
 * `NotFlat.pipe(BuyQuoteRequest)`: an object with no properties of its own that only refuses the flat shape) is
 * documented by the shape it ends in: its input side alone says `{}`, and a generated client would take anything.
 */
function documentedBody(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodPipe && schema.in instanceof z.ZodObject && Object.keys(schema.in.shape).length === 0)
    return schema.out as z.ZodType
  return schema
}

const SECURITY: Record<RouteAuth, Array<Record<string, string[]>>> = {
  'publishable-query': [{ apiKeyQuery: [] }],
  'secret-header': [{ secretKeyHeader: [] }, { secretKeyAuthorization: [] }],
  bearer: [{ accessToken: [] }],
  none: [],
  // The frames origin's routes are not in this document (it describes the API origin); a frame page's call carries its ticket in the body.
  'frame-page': [],
  'frame-ticket': [],
}

/** The security of a route: its auth scheme's, with the access token beside the key where the route reads one too. */
function securityOf(route: Route): Array<Record<string, string[]>> {
  if (route.bearer === undefined) return SECURITY[route.auth]
  const both = SECURITY[route.auth].map((scheme) => ({ ...scheme, accessToken: [] }))
  return route.bearer === 'required' ? both : [...both, ...SECURITY[route.auth]]
}

function operation(route: Route): JsonSchema {
  const pathParams = [...route.path.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }))
  const queryShape = route.query?.shape ?? {}
  const queryParams = Object.entries(queryShape).map(([name, field]) => ({
    name,
    in: 'query',
    required: !(field as z.ZodType).safeParse(undefined).success,
    schema: jsonSchema(field as z.ZodType, 'input'),
  }))
  // Every JSON-body route answers 415 to a body that is not JSON (require-json-content-type.ts).
  const unsupported: Record<number, RouteResponse> =
    route.body && !route.responses[415]
      ? {
          415: {
            description: 'The Content-Type is not application/json (or application/<name>+json)',
            schema: route.family === 'widget' ? WidgetError : PlatformError,
          },
        }
      : {}
  const responses = Object.fromEntries(
    Object.entries({ ...route.responses, ...unsupported }).map(([status, response]) => [
      status,
      response.schema
        ? {
            description: response.description,
            content: { 'application/json': { schema: jsonSchema(response.schema, 'output') } },
          }
        : { description: response.description },
    ]),
  )
  return {
    operationId: route.operationId,
    summary: route.summary,
    tags: [route.tag],
    ...(route.deprecated ? { deprecated: true } : {}),
    security: securityOf(route),
    parameters: [...pathParams, ...queryParams],
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(documentedBody(route.body), 'input') } },
          },
        }
      : {}),
    responses,
  }
}

/**
 * The OpenAPI 3.1 document of a route table, generated from the contract's zod
 * schemas (zod 4's JSON Schema output), so it cannot drift from what is served.
 *
 * @example
 * const doc = openApiDocument(core.routes, 'http://127.0.0.1:4010')
 */
export function openApiDocument(routes: readonly Route[], serverUrl?: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {}
  const used = new Set<RouteTag>(routes.map((route) => route.tag))
  for (const route of routes) {
    const path = route.path.replace(/:([A-Za-z]+)/g, '{$1}')
    paths[path] ??= {}
    paths[path][route.method.toLowerCase()] = operation(route)
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'ramp-sandbox',
      version: '1.0.0',
      description:
        'Offline test-mode simulator of the sell-quote API, the partner platform API and the sandbox control API.',
    },
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    tags: Object.entries(ROUTE_TAGS)
      .filter(([name]) => used.has(name as RouteTag))
      .map(([name, description]) => ({ name, description })),
    components: {
      securitySchemes: {
        apiKeyQuery: {
          type: 'apiKey',
          in: 'query',
          name: 'apiKey',
          description: 'Publishable key, e.g. pk_test_sandbox',
        },
        secretKeyHeader: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Api-Key',
          description: 'Secret key, e.g. sk_test_sandbox',
        },
        secretKeyAuthorization: {
          type: 'http',
          scheme: 'Api-Key',
          description: 'Authorization: Api-Key sk_test_sandbox',
        },
        accessToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'Access token from the check/connect credentials (or POST /__sandbox/connections)',
        },
      },
    },
    paths,
  }
}

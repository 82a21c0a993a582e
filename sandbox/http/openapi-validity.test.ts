import { Validator } from '@seriousme/openapi-schema-validator'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { beforeAll, describe, expect, it } from 'vitest'
import { openApiDocument } from './openapi.ts'
import type { Route } from './route.ts'
import { createSandboxCore } from './sandbox-core.ts'
import { send } from './test-request.ts'

/**
 * The generated `/openapi.json` checked against the official OpenAPI 3.1 JSON
 * Schema (bundled in @seriousme/openapi-schema-validator, so offline), and
 * against the route table it is generated from.
 */

type Operation = {
  security?: Record<string, string[]>[]
  parameters?: { name: string; in: string; required?: boolean; schema?: unknown }[]
  requestBody?: { content?: Record<string, { schema?: Record<string, unknown> }> }
  responses: Record<string, { description: string; content?: Record<string, { schema?: Record<string, any> }> }>
}
type Document = {
  openapi: string
  paths: Record<string, Record<string, Operation>>
  components: { securitySchemes: Record<string, { type: string; scheme?: string; in?: string; name?: string }> }
}

const core = createSandboxCore()
let served: Document

const templateOf = (route: Route) => route.path.replace(/:([A-Za-z]+)/g, '{$1}')
const operationOf = (doc: Document, route: Route) => doc.paths[templateOf(route)]?.[route.method.toLowerCase()]
const platformRoutes = () => core.routes.filter((route) => route.path.startsWith('/platform/'))

async function validate(document: unknown) {
  const validator = new Validator()
  const result = await validator.validate(document as Record<string, unknown>)
  return { ...result, version: validator.version }
}

beforeAll(async () => {
  const response = await send(core, 'GET /openapi.json')
  expect(response.status).toBe(200)
  served = response.body as Document
})

describe('GET /openapi.json against the official OpenAPI 3.1 schema', () => {
  it('validates with no errors', async () => {
    const result = await validate(served)
    expect(result.errors, JSON.stringify(result.errors, null, 2)).toBeUndefined()
    expect(result.valid).toBe(true)
    expect(result.version).toBe('3.1')
  })

  it('validates with a server URL too (as a running server serves it)', async () => {
    const result = await validate(openApiDocument(core.routes, 'http://127.0.0.1:4010'))
    expect(result.errors, JSON.stringify(result.errors, null, 2)).toBeUndefined()
    expect(result.valid).toBe(true)
  })

  it('is refused when broken, so the check is not vacuous', async () => {
    const broken = structuredClone(served) as unknown as Record<string, any>
    delete broken.info
    broken.paths['/platform/v1/sessions'].post.responses = { '201': {} }
    const result = await validate(broken)
    expect(result.valid).toBe(false)
  })

  it('embeds only valid JSON Schema 2020-12 (the official schema leaves Schema Objects unchecked)', () => {
    const ajv = new Ajv2020({ strict: false, strictSchema: true, validateFormats: false })
    ajv.addVocabulary(['discriminator', 'xml', 'externalDocs', 'example'])
    const failures: string[] = []
    let count = 0
    const walk = (node: unknown, where: string): void => {
      if (typeof node !== 'object' || node === null) return
      for (const [key, value] of Object.entries(node)) {
        if (key === 'schema' && typeof value === 'object' && value !== null) {
          count++
          try {
            ajv.compile(value)
          } catch (error) {
            failures.push(`${where}: ${(error as Error).message}`)
          }
        } else walk(value, `${where}/${key}`)
      }
    }
    walk(served.paths, '#/paths')
    expect(failures, failures.join('\n')).toEqual([])
    expect(count).toBeGreaterThan(core.routes.length)
  })
})

describe('GET /openapi.json against the route table', () => {
  it('documents every route with its method', () => {
    const missing = core.routes
      .filter((route) => operationOf(served, route) === undefined)
      .map((route) => `${route.method} ${route.path}`)
    expect(missing).toEqual([])
    expect(platformRoutes().length).toBeGreaterThan(0)
  })

  it('declares every path parameter of every route, required', () => {
    for (const route of core.routes) {
      const operation = operationOf(served, route)!
      for (const [, name] of route.path.matchAll(/:([A-Za-z]+)/g)) {
        const parameter = operation.parameters?.find((p) => p.in === 'path' && p.name === name)
        expect(parameter, `${route.method} ${route.path}: path parameter ${name}`).toMatchObject({ required: true })
      }
    }
  })

  it('documents the query parameters and the JSON body a route reads', () => {
    for (const route of core.routes) {
      const operation = operationOf(served, route)!
      const query = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name)
      expect(query.sort(), `${route.method} ${route.path}`).toEqual(Object.keys(route.query?.shape ?? {}).sort())
      if (route.body)
        expect(
          operation.requestBody?.content?.['application/json']?.schema,
          `${route.method} ${route.path}`,
        ).toBeDefined()
    }
  })

  it('documents at least one 4xx answer of every platform route, with the PlatformError shape', () => {
    for (const route of platformRoutes()) {
      const operation = operationOf(served, route)!
      const errors = Object.entries(operation.responses).filter(([status]) => /^4\d\d$/.test(status))
      expect(errors.length, `${route.method} ${route.path} documents no 4xx`).toBeGreaterThan(0)
      for (const [status, response] of errors) {
        const schema = response.content?.['application/json']?.schema
        expect(schema?.required, `${route.method} ${route.path} ${status}`).toEqual(
          expect.arrayContaining(['code', 'message']),
        )
      }
    }
  })

  it('documents the security scheme of every platform route that is not public', () => {
    const schemes = served.components.securitySchemes
    for (const route of platformRoutes()) {
      const operation = operationOf(served, route)!
      const named = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement))
      for (const name of named)
        expect(schemes[name], `${route.method} ${route.path}: unknown scheme ${name}`).toBeDefined()
      const what = `${route.method} ${route.path} (${route.auth})`
      if (route.auth === 'bearer') {
        expect(
          named.map((name) => schemes[name]),
          what,
        ).toContainEqual(expect.objectContaining({ type: 'http', scheme: 'bearer' }))
      } else if (route.auth === 'secret-header') {
        expect(
          named.map((name) => schemes[name]),
          what,
        ).toContainEqual(expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-Api-Key' }))
        expect(
          named.map((name) => schemes[name]),
          what,
        ).toContainEqual(expect.objectContaining({ type: 'http', scheme: 'Api-Key' }))
      } else if (route.auth === 'publishable-query') {
        expect(
          named.map((name) => schemes[name]),
          what,
        ).toContainEqual(expect.objectContaining({ type: 'apiKey', in: 'query', name: 'apiKey' }))
      } else {
        expect(named, `${what}: a public route needs no scheme`).toEqual([])
      }
      if (route.auth !== 'none') expect(operation.responses['401'], `${what} documents no 401`).toBeDefined()
    }
  })

  it('documents the signed token of the public upload route as a required query parameter', () => {
    const upload = core.routes.find((route) => route.path === '/platform/v1/uploads/:uploadId')
    if (!upload) return
    const operation = operationOf(served, upload)!
    expect(operation.parameters?.find((p) => p.in === 'query' && p.name === 'token')).toMatchObject({ required: true })
    expect(operation.responses['401']).toBeDefined()
  })
})

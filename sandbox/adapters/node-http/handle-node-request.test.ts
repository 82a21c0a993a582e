import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PlainRequest } from '#http/index.ts'
import { frozenJsonReply } from '#http/plain-http.ts'
import { handleNodeRequest } from './handle-node-request.ts'

let server: Server
let base: string
const seen: PlainRequest[] = []
const KEPT = Object.freeze({ name: 'Grüße' })

beforeAll(async () => {
  server = createServer(
    (req, res) =>
      void handleNodeRequest(
        (request) => (
          seen.push(request),
          request.path === '/kept' ? frozenJsonReply(200, KEPT) : { kind: 'reply', status: 204, headers: {} }
        ),
        req,
        res,
      ),
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('handleNodeRequest', () => {
  it("gives the core the socket's remote address", async () => {
    await fetch(`${base}/v3/ip_address`)
    expect(seen.at(-1)?.remoteAddress).toBe('127.0.0.1')
  })

  it('sends the bytes a reply keeps, with their length', async () => {
    const response = await fetch(`${base}/kept`)
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength('{"name":"Grüße"}')))
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(await response.json()).toEqual({ name: 'Grüße' })
  })
})

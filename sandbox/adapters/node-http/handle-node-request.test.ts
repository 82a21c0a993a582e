import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PlainRequest } from '../../http/index.ts'
import { handleNodeRequest } from './handle-node-request.ts'

let server: Server
let base: string
const seen: PlainRequest[] = []

beforeAll(async () => {
  server = createServer((req, res) => void handleNodeRequest((request) => (seen.push(request), { kind: 'reply', status: 204, headers: {} }), req, res))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('handleNodeRequest', () => {
  it("gives the core the socket's remote address", async () => {
    await fetch(`${base}/v3/ip_address`)
    expect(seen.at(-1)?.remoteAddress).toBe('127.0.0.1')
  })
})

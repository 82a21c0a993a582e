import { once } from 'node:events'
import { Agent, createServer, get, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { agentOptions } from './run-load.ts'

let server: Server
let url: string
beforeAll(async () => {
  server = createServer((_, response) => response.end('ok'))
  server.keepAliveTimeout = 2_000 // announces Keep-Alive: timeout=2
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
})
afterAll(() => new Promise((done) => server.close(done)))

describe('the soak client', () => {
  it("drops an idle keep-alive socket before the server's announced timeout, so it never reuses one the server is closing", async () => {
    const agent = new Agent(agentOptions(4))
    const response = await new Promise<IncomingMessage>((done) => get(url, { agent }, done))
    response.resume()
    await once(response, 'end')
    await sleep(50)
    expect(Object.values(agent.freeSockets).flat()).toHaveLength(1)
    // The hint minus node's one-second margin: 1 s; the server would close at 2 s.
    await sleep(1_500)
    expect(Object.values(agent.freeSockets).flat()).toHaveLength(0)
    agent.destroy()
  })
})

import { once } from 'node:events'
import { Agent, createServer, get, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { agentOptions } from './run-load.ts'

let server: Server
let url: string
/** Whether the server saw the client end each connection it accepted (in order). */
const clientEnded: boolean[] = []
beforeAll(async () => {
  // Announces `Keep-Alive: timeout=2` but keeps an idle connection a minute: only a client that honours the hint
  // closes it within the test's time.
  server = createServer((_, response) => {
    response.setHeader('connection', 'keep-alive')
    response.setHeader('keep-alive', 'timeout=2')
    response.end('ok')
  })
  server.keepAliveTimeout = 60_000
  server.on('connection', (socket: Socket) => {
    const index = clientEnded.push(false) - 1
    socket.on('end', () => (clientEnded[index] = true))
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
})
afterAll(() => {
  server.closeAllConnections()
  return new Promise((done) => server.close(done))
})

describe('the soak client', () => {
  it("closes an idle keep-alive socket by itself on the server's announced timeout, so it never reuses one the server is closing", async () => {
    const agent = new Agent(agentOptions(4))
    try {
      const response = await new Promise<IncomingMessage>((done) => get(url, { agent }, done))
      const socket = response.socket
      const closed = once(socket, 'close')
      response.resume()
      await once(response, 'end')
      await expect.poll(() => Object.values(agent.freeSockets).flat(), { timeout: 10_000 }).toEqual([socket])
      await closed
      expect(Object.values(agent.freeSockets).flat()).toEqual([])
      await expect.poll(() => clientEnded, { timeout: 10_000 }).toEqual([true])
    } finally {
      agent.destroy()
    }
  }, 30_000)
})

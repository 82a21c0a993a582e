import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { createServer as createTcpServer, type AddressInfo, type Server, type Socket } from 'node:net'

/** A loopback receiver for tests, counting the connections it sees: open now, the most open at once, and in all. */
export interface CountingReceiver {
  url: string
  open(): number
  most(): number
  total(): number
  /** Destroys every open connection (what a receiver that finally gives up does), counting them closed at once. */
  cut(): void
  close(): Promise<void>
}

function counting(server: Server, path: string): Promise<CountingReceiver> {
  const open = new Set<Socket>()
  let most = 0
  let total = 0
  server.on('connection', (socket: Socket) => {
    open.add(socket)
    total++
    most = Math.max(most, open.size)
    socket.on('close', () => open.delete(socket))
    socket.on('error', () => undefined)
  })
  const cut = () => {
    for (const socket of [...open]) {
      open.delete(socket)
      socket.destroy()
    }
  }
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
        open: () => open.size,
        most: () => most,
        total: () => total,
        cut,
        close: () =>
          new Promise<void>((closed) => {
            cut()
            server.close(() => closed())
          }),
      }),
    )
  })
}

/** Accepts connections, reads what comes, and never answers. */
export function silentReceiver(path = '/hooks'): Promise<CountingReceiver> {
  return counting(
    createTcpServer((socket) => socket.resume()),
    path,
  )
}

/** Answers every request once its body is in, with `handle` (default: 200, empty). */
export function answeringReceiver(
  handle: (request: IncomingMessage, response: ServerResponse, body: string) => void = (_, response) =>
    void response.writeHead(200).end(),
  path = '/hooks',
): Promise<CountingReceiver> {
  return counting(
    createHttpServer((request, response) => {
      let body = ''
      request.setEncoding('utf8')
      request.on('data', (chunk: string) => (body += chunk))
      request.on('end', () => handle(request, response, body))
    }),
    path,
  )
}

/** Polls `check` every few ms until it holds; fails saying `what` after `timeoutMs` (a bound, never the assertion). */
export async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = performance.now() + timeoutMs
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`never came true within ${timeoutMs} ms: ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

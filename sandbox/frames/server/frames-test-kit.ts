import { parseQueryString, type PlainReply, type PlainRequest, type PlainResponse } from '#http/plain-http.ts'

/** The frame-config a frame page embeds: its ticket, or the error it posts. */
export function frameConfigOf(page: PlainReply): { ticket: string | null; error?: { code: string; message: string } } {
  return JSON.parse(/<script type="application\/json" id="frame-config">(.*?)<\/script>/s.exec(String(page.body))![1]!)
}

/**
 * The frames origin of a core as a function that always answers a promise, for tests: what the node server serves on
 * the frames port.
 *
 * @example
 * const frames = framesHandler(createSandboxCore())
 */
export function framesHandler(core: {
  handleFrames(request: PlainRequest): PlainResponse | Promise<PlainResponse>
}): (request: PlainRequest) => Promise<PlainResponse> {
  return async (request) => core.handleFrames(request)
}

/**
 * Calls a frames handler in process, for tests: `call('GET', '/platform/v1/reset?…')`, `call('POST', '/__frames/effects/auth.reset', body)`
 * (a body that is not a string goes as JSON), and `ticketOf(frame, params)`, the ticket a frame page was given.
 *
 * @example
 * const { call, ticketOf } = framesClient(framesHandler(core))
 * const ticket = await ticketOf('reset', { apiKey: 'pk_test_x' })
 */
export function framesClient(frames: (request: PlainRequest) => Promise<PlainResponse>) {
  const call = async (method: 'GET' | 'POST', target: string, body?: unknown): Promise<PlainReply> => {
    const [path, search = ''] = target.split('?') as [string, string?]
    const text = body === undefined || typeof body === 'string' ? body : JSON.stringify(body)
    const response = await frames({
      method,
      path,
      query: parseQueryString(search),
      search: search ? `?${search}` : '',
      headers: {},
      body: text,
    })
    if (response.kind !== 'reply') throw new Error(`${target} dropped the connection`)
    return response
  }
  const ticketOf = async (frame: string, params: Record<string, string>, channelId = 'kit-1'): Promise<string> => {
    const config = frameConfigOf(
      await call('GET', `/platform/v1/${frame}?${new URLSearchParams({ channelId, ...params })}`),
    )
    if (!config.ticket) throw new Error(`no ticket for ${frame}: ${JSON.stringify(config.error)}`)
    return config.ticket
  }
  return { call, ticketOf }
}

import { Agent, request, type AgentOptions } from 'node:http'
import { MIX_SCHEDULE, type SoakRequest, type SoakTarget, type SoakTenant } from './request-mix.ts'

/** How hard and how long to load a sandbox. */
interface LoadOptions {
  target: SoakTarget
  tenants: SoakTenant[]
  /** Keep-alive connections, each with one request in flight at a time. */
  connections: number
  durationMs: number
  /** A hard cap on requests, whatever the duration. */
  maxRequests: number
  /** One more client creating sessions on this account as fast as it can (it meets the account's cap: 429). */
  floodKey?: string
  /**
   * Clients churning the record budget: each creates `sessionsPerAccount` sessions on a new account, then moves on
   * to the next one, so accounts fill, go idle and are evicted for the records of the next (decision 0047).
   */
  churn?: { writers: number; sessionsPerAccount: number }
  /** Stops the load early once this holds of what it has seen so far: a test's condition, with the duration as its ceiling. */
  until?: (seen: LoadResult) => boolean
}

/** What a load run saw. */
export interface LoadResult {
  requests: number
  byStatus: Record<string, number>
  serverErrors: number
  dropped: number
  unexpected: number
  /** Latencies in ms, sorted ascending. */
  latencies: Float64Array
  /** The first few failures, for the report. */
  samples: string[]
  /** Sessions the flood client created, and how many it was refused with 429. */
  flood: { created: number; refused: number }
  /** What the churn writers did: sessions created, refused with 429, and accounts they wrote to. */
  churn: { created: number; refused: number; accounts: number }
}

/**
 * Keep-alive sockets, `connections` per origin. An agent honours the server's `Keep-Alive: timeout=5` hint
 * (closing an idle socket a second before the server does) only when it has a timeout of its own to lower:
 * without one, a socket the frames origin left idle for 5 s could be reused just as the server closed it, a
 * client-side race (ECONNRESET) the report would count as a dropped connection.
 */
export function agentOptions(connections: number): AgentOptions {
  return { keepAlive: true, maxSockets: connections, timeout: 30_000 }
}

function send(agent: Agent, req: SoakRequest): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      req.url,
      {
        method: req.method,
        headers:
          req.body === undefined ? req.headers : { ...req.headers, 'content-length': Buffer.byteLength(req.body) },
        agent,
      },
      (response) => {
        response.resume()
        response.on('end', () => resolve(response.statusCode ?? 0))
        response.on('error', reject)
      },
    )
    outgoing.setTimeout(30_000, () => outgoing.destroy(new Error('no answer within 30 s')))
    outgoing.on('error', reject)
    outgoing.end(req.body)
  })
}

/**
 * Loads a running sandbox: `connections` loops, each sending the mix round-robin (from its own offset) across the
 * tenants, until the duration or the request cap; plus the session flood. Counts statuses, 5xx, drops and
 * answers the mix did not expect, and times every request.
 *
 * @example
 * const result = await runLoad({ target, tenants, connections: 64, durationMs: 60_000, maxRequests: 5_000_000 })
 */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const agent = new Agent(agentOptions(options.connections))
  const floodAgent = new Agent(agentOptions(1))
  const deadline = performance.now() + options.durationMs
  const result: LoadResult = {
    requests: 0,
    byStatus: {},
    serverErrors: 0,
    dropped: 0,
    unexpected: 0,
    latencies: new Float64Array(0),
    samples: [],
    flood: { created: 0, refused: 0 },
    churn: { created: 0, refused: 0, accounts: 0 },
  }
  const latencies: number[] = []
  let sent = 0
  const note = (line: string) => void (result.samples.length < 10 && result.samples.push(line))
  const more = () => performance.now() < deadline && sent < options.maxRequests && !options.until?.(result)

  async function exchange(agentOf: Agent, req: SoakRequest, name: string): Promise<number | undefined> {
    sent++
    const start = performance.now()
    try {
      const status = await send(agentOf, req)
      latencies.push(performance.now() - start)
      result.requests++
      const group = `${Math.floor(status / 100)}xx`
      result.byStatus[group] = (result.byStatus[group] ?? 0) + 1
      result.byStatus[status] = (result.byStatus[status] ?? 0) + 1
      if (status >= 500) {
        result.serverErrors++
        note(`${status} ${req.method} ${req.url} (${name})`)
      } else if (!req.expect.includes(status)) {
        result.unexpected++
        note(`unexpected ${status} ${req.method} ${req.url} (${name}; expected ${req.expect.join(' or ')})`)
      }
      return status
    } catch (error) {
      result.dropped++
      note(`dropped ${req.method} ${req.url} (${name}): ${(error as Error).message}`)
      return undefined
    }
  }

  async function connection(index: number): Promise<void> {
    for (let n = index; more(); n += options.connections) {
      const entry = MIX_SCHEDULE[n % MIX_SCHEDULE.length]!
      const tenant = options.tenants[Math.floor(n / MIX_SCHEDULE.length) % options.tenants.length]!
      await exchange(agent, entry.build(options.target, tenant, n), entry.name)
    }
  }

  async function flood(key: string): Promise<void> {
    for (let n = 0; more(); n++) {
      const status = await exchange(
        floodAgent,
        {
          method: 'POST',
          url: `${options.target.api}/platform/v1/sessions`,
          headers: { 'x-api-key': key, 'content-type': 'application/json' },
          body: JSON.stringify({ externalCustomerId: `flood-${n}`, deviceIp: '203.0.113.7' }),
          expect: [201, 429],
        },
        'session flood',
      )
      if (status === 201) result.flood.created++
      if (status === 429) result.flood.refused++
    }
  }

  /** One churn writer: account after account, each filled with sessions; a 429 (the budget or the accounts are full) moves it on after a breath. */
  async function churn(writer: number, sessionsPerAccount: number): Promise<void> {
    for (let account = 0; more(); account++) {
      result.churn.accounts++
      const key = `sk_test_churn_${writer}_${account}`
      for (let n = 0; n < sessionsPerAccount && more(); n++) {
        const status = await exchange(
          churnAgent,
          {
            method: 'POST',
            url: `${options.target.api}/platform/v1/sessions`,
            headers: { 'x-api-key': key, 'content-type': 'application/json' },
            body: JSON.stringify({ externalCustomerId: `churn-${n}`, deviceIp: '203.0.113.7' }),
            expect: [201, 429],
          },
          'record churn',
        )
        if (status === 201) result.churn.created++
        if (status !== 429) continue
        result.churn.refused++
        await new Promise((resolve) => setTimeout(resolve, 200))
        break
      }
    }
  }

  const churnAgent = new Agent(agentOptions(options.churn?.writers ?? 1))
  await Promise.all([
    ...Array.from({ length: options.connections }, (_, index) => connection(index)),
    ...(options.floodKey ? [flood(options.floodKey)] : []),
    ...Array.from({ length: options.churn?.writers ?? 0 }, (_, writer) =>
      churn(writer, options.churn!.sessionsPerAccount),
    ),
  ])
  agent.destroy()
  floodAgent.destroy()
  churnAgent.destroy()
  result.latencies = Float64Array.from(latencies).sort()
  return result
}

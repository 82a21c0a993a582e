import type { Fault, FaultRequest } from '../contract/index.ts'

interface ArmedFault extends Fault {
  matcher: RegExp
}

/** What a matching fault asks of the request it hits. */
export type FaultOutcome = Omit<Fault, 'remaining'>

function pathMatcher(pattern: string): RegExp {
  const source = pattern
    .split('/')
    .map((segment) => (segment === '**' ? '.*' : segment === '*' ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/')
  return new RegExp(`^${source.replace(/\/\.\*$/, '(?:/.*)?')}$`)
}

/**
 * A tenant's injected faults. Each fault answers the next `times` matching
 * requests, oldest fault first, then disarms itself.
 *
 * @example
 * faults.add({ method: 'GET', path: '/v3/currencies/*\/sell_quote', times: 2, status: 503 })
 * faults.take('GET', '/v3/currencies/eth/sell_quote') // { status: 503, ... }
 */
export class FaultRegistry {
  private faults: ArmedFault[] = []
  private nextId = 1

  /** Arms a fault and returns it as listed. */
  add(request: FaultRequest): Fault {
    const { times, ...outcome } = request
    const fault: ArmedFault = { id: `fault_${this.nextId++}`, ...outcome, remaining: times, matcher: pathMatcher(request.path) }
    this.faults.push(fault)
    return publicFault(fault)
  }

  /** Consumes one use of the first fault matching the request, if any. */
  take(method: string, path: string): FaultOutcome | undefined {
    if (this.faults.length === 0) return undefined
    const fault = this.faults.find((f) => (f.method === '*' || f.method === method) && f.matcher.test(path))
    if (!fault) return undefined
    fault.remaining--
    if (fault.remaining === 0) this.faults = this.faults.filter((f) => f !== fault)
    const { remaining: _remaining, ...outcome } = publicFault(fault)
    return outcome
  }

  /** Armed faults, oldest first. */
  list(): Fault[] {
    return this.faults.map(publicFault)
  }

  /** The armed faults and the next id, for a state file. */
  snapshot(): { armed: Fault[]; nextId: number } {
    return { armed: this.list(), nextId: this.nextId }
  }

  /** Arms what a snapshot held, replacing what is armed now. */
  restore(snapshot: { armed: Fault[]; nextId: number }): void {
    this.faults = snapshot.armed.map((fault) => ({ ...fault, matcher: pathMatcher(fault.path) }))
    this.nextId = snapshot.nextId
  }

  /** Disarms every fault. */
  clear(): void {
    this.faults = []
  }
}

function publicFault({ matcher: _matcher, ...fault }: ArmedFault): Fault {
  return { ...fault }
}

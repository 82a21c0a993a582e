import { durationToMs, Fault, type FaultRequest } from '#contract/index.ts'
import type { AccountBytes } from './account-bytes.ts'
import { base64UrlToBytes } from '#portable/base64url.ts'
import type { HmacSha256 } from './hmac.ts'
import { compileMatcher, type CompiledMatcher, type MatchableRequest } from './request-matcher.ts'
import { SandboxError } from './sandbox-error.ts'

/** What a fault that fired asks of the request it hit. */
export type FaultOutcome = Pick<
  Fault,
  'id' | 'method' | 'path' | 'status' | 'latencyMs' | 'networkError' | 'responseBody' | 'responseHeaders'
>

/**
 * A fault's draw for the `n`th request that matched it: a number in [0, 1) that depends only on the tenant's seed and
 * mode, what the fault matches and its rate, and `n`; the fault fires when it is below the rate.
 */
type FaultDraw = (fingerprint: string, n: number) => number

/**
 * The draw of a tenant's `rate` faults (decision 0074): HMAC of its seed and mode, never the account or the secret, so a
 * rerun on any account fails the same requests.
 *
 * @example
 * new FaultRegistry(seededFaultDraw(portableHmacSha256, 1, 'test'))
 */
export function seededFaultDraw(hmac: HmacSha256, seed: number, mode: string): FaultDraw {
  return (fingerprint, n) =>
    base64UrlToBytes(hmac(`faults:${seed}:${mode}`, `${fingerprint}#${n}`))!
      .subarray(0, 6)
      .reduce((value, byte) => value * 256 + byte, 0) /
    2 ** 48
}

interface ArmedFault {
  fault: Fault
  matches: CompiledMatcher
  expiresAtMs: number | undefined
  /** What the fault's draws are keyed by: its matcher and rate, not its id (a rerun that arms faults in another order draws the same). */
  fingerprint: string
  /** What it counts for in the account's bytes: its JSON text, answer body included. */
  bytes: number
}

/** What a registry counts its faults against: the account's bytes, and how many may be armed at once. */
interface FaultBounds {
  bytes?: AccountBytes
  /** Faults armed at once (default unbounded). */
  limit?: number
}

/** A saved fault a restore left out: its matcher is one the sandbox no longer takes (decision 0080), and why. */
export interface DroppedFault {
  id: string
  reason: string
}

function fingerprintOf(fault: Fault): string {
  const { method, path, query, headers, body, key, rate } = fault
  return JSON.stringify({ method, path, query, headers, body, key, rate })
}

/**
 * A tenant's injected faults. A request meets each armed fault in the order they were added: the first whose matcher
 * matches it, and whose `rate` draw (if it has one) says so, fires; a fault that does not draw lets the next one try. A
 * fault disarms when it has fired `times` times or its expiry passes on the tenant clock.
 *
 * @example
 * faults.add(FaultRequest.parse({ method: 'GET', path: '/v3/currencies/*\/sell_quote', times: 2, status: 503 }), clock.now())
 * faults.take(request, clock.now()) // { id: 'fault_1', status: 503, ... }
 */
export class FaultRegistry {
  private faults: ArmedFault[] = []
  private nextId = 1

  /**
   * @param draw the seeded draw of `rate` faults (default: none fires, so a registry without one cannot be random).
   * @param bounds the account's bytes each armed fault counts in, and how many may be armed at once.
   */
  constructor(
    private readonly draw: FaultDraw = () => 1,
    private readonly bounds: FaultBounds = {},
  ) {}

  /** Faults armed (expired ones included until a request or a listing drops them). */
  get size(): number {
    return this.faults.length
  }

  /**
   * Arms a fault at tenant time `nowMs` and returns it as listed: a 400 naming the field when a pattern cannot be
   * matched in linear time (decision 0080); a 429 when as many faults as the registry allows are armed, or when the
   * fault's bytes would pass the account's budget (decision 0084).
   */
  add(request: FaultRequest, nowMs: number): Fault {
    // Compiled first: a refused pattern neither arms a fault nor spends an id.
    const matches = matcherOf(request)
    this.dropExpired(nowMs)
    const limit = this.bounds.limit ?? Number.POSITIVE_INFINITY
    if (this.faults.length >= limit) {
      throw new SandboxError(
        'rate_limited',
        `this account has ${this.faults.length} faults armed, the sandbox's cap for one account (docs/decisions/0084): clear them (DELETE /__sandbox/faults), or let them fire or expire`,
      )
    }
    const { times, expiresIn: _expiresIn, ...rest } = request
    const expiresAtMs = request.expiresIn === undefined ? undefined : nowMs + durationToMs(request.expiresIn)
    const fault: Fault = {
      id: `fault_${this.nextId++}`,
      ...rest,
      remaining: times ?? (request.rate === undefined ? 1 : null),
      matched: 0,
      fired: 0,
      ...(expiresAtMs === undefined ? {} : { expiresAt: new Date(expiresAtMs).toISOString() }),
    }
    const entry = armed(fault, matches)
    this.bounds.bytes?.take('faults', entry.bytes)
    this.faults.push(entry)
    return { ...fault }
  }

  /** The fault that fires on this request, if any: one use of it is spent. */
  take(request: MatchableRequest, nowMs: number): FaultOutcome | undefined {
    if (this.faults.length === 0) return undefined
    this.dropExpired(nowMs)
    for (const entry of this.faults) {
      if (!entry.matches(request)) continue
      const { fault } = entry
      fault.matched++
      if (fault.rate !== undefined && !(this.draw(entry.fingerprint, fault.matched) < fault.rate)) continue
      fault.fired++
      if (fault.remaining !== null && --fault.remaining === 0) this.disarm((f) => f === entry)
      const { id, method, path, status, latencyMs, networkError, responseBody, responseHeaders } = fault
      return { id, method, path, status, latencyMs, networkError, responseBody, responseHeaders }
    }
    return undefined
  }

  /** Armed faults at tenant time `nowMs`, oldest first. */
  list(nowMs: number): Fault[] {
    this.dropExpired(nowMs)
    return this.faults.map(({ fault }) => ({ ...fault }))
  }

  /** The armed faults and the next id, for a state file (expired ones included: the restored clock drops them). */
  snapshot(): { armed: Fault[]; nextId: number } {
    return { armed: this.faults.map(({ fault }) => ({ ...fault })), nextId: this.nextId }
  }

  /**
   * Arms what a snapshot held, replacing what is armed now, counted whatever the bounds (it is what the account held).
   * A saved fault whose matcher the sandbox no longer takes (a pattern saved before matching moved to a linear-time
   * engine, decision 0080) is left out, and returned with why: one fault that cannot match stops neither the restart
   * nor the account's other faults.
   */
  restore(snapshot: { armed: Fault[]; nextId: number }): DroppedFault[] {
    const dropped: DroppedFault[] = []
    this.clear()
    for (const saved of snapshot.armed) {
      const fault = Fault.parse(saved)
      try {
        const entry = armed(fault, matcherOf(fault))
        this.bounds.bytes?.take('faults', entry.bytes, true)
        this.faults.push(entry)
      } catch (error) {
        if (!(error instanceof SandboxError)) throw error
        dropped.push({ id: fault.id, reason: error.message })
      }
    }
    this.nextId = snapshot.nextId
    return dropped
  }

  /** Disarms every fault. */
  clear(): void {
    this.disarm(() => true)
  }

  private dropExpired(nowMs: number): void {
    if (this.faults.some((f) => f.expiresAtMs !== undefined && f.expiresAtMs <= nowMs)) {
      this.disarm((f) => f.expiresAtMs !== undefined && f.expiresAtMs <= nowMs)
    }
  }

  /** Disarms the faults `which` picks, giving their bytes back. */
  private disarm(which: (entry: ArmedFault) => boolean): void {
    const kept: ArmedFault[] = []
    for (const entry of this.faults) {
      if (which(entry)) this.bounds.bytes?.give('faults', entry.bytes)
      else kept.push(entry)
    }
    this.faults = kept
  }
}

/** A fault's matcher, compiled: a {@link SandboxError} (400) naming the field when a pattern cannot be matched in linear time. */
function matcherOf({ method, path, query, headers, body, key }: Fault | FaultRequest): CompiledMatcher {
  return compileMatcher({ method, path, query, headers, body, key })
}

function armed(fault: Fault, matches: CompiledMatcher): ArmedFault {
  return {
    fault,
    matches,
    expiresAtMs: fault.expiresAt === undefined ? undefined : Date.parse(fault.expiresAt),
    fingerprint: fingerprintOf(fault),
    bytes: JSON.stringify(fault).length,
  }
}

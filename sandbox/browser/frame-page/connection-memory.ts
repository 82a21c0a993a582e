import type { FrameOutbound } from '#contract/frames/index.ts'

/** The part of the Web Storage API the memory uses (a `localStorage`, or a stand-in in tests). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** What the frames origin remembers of a connected customer: who, and which frame connected them. No tokens. */
interface RememberedConnection {
  customerId: string
  frame: 'check' | 'connect' | 'auth'
}

/** What the reset frame cleared from the browser, as the page reports it with its `auth.reset` effect. */
interface ClearedBrowserState {
  cleared: boolean
  customerId?: string
}

/** The page's `localStorage`, or undefined where the browser refuses it (the getter throws when storage is blocked). */
export function browserStorage(): KeyValueStorage | undefined {
  try {
    return globalThis.localStorage
  } catch {
    return undefined
  }
}

const CONNECTING_FRAMES = new Set(['check', 'connect', 'auth'])

/** The storage key of a tenant's connected customer: one per account and mode, so tenants never see each other's. */
export const connectionKey = (tenant: string) => `ramp-sandbox:connection:${tenant}`

/**
 * Remembers the customer a check, connect or auth frame connected (its `complete` with status `active`), in the frames
 * origin's storage: the sandbox's browser-side authentication state, which the reset frame clears. Only the customer id
 * is kept, never the credentials. Storage that refuses (disabled, full) leaves nothing remembered.
 *
 * @example
 * rememberConnection(localStorage, 'sandbox:test', 'check', { kind: 'complete', payload: { status: 'active', customer, credentials } })
 */
export function rememberConnection(
  storage: KeyValueStorage | undefined,
  tenant: string,
  frame: string,
  event: FrameOutbound,
): void {
  if (!storage || !CONNECTING_FRAMES.has(frame) || event.kind !== 'complete') return
  const payload = event.payload as { status?: unknown; customer?: { id?: unknown } }
  if (payload.status !== 'active' || typeof payload.customer?.id !== 'string') return
  const remembered: RememberedConnection = {
    customerId: payload.customer.id,
    frame: frame as RememberedConnection['frame'],
  }
  try {
    storage.setItem(connectionKey(tenant), JSON.stringify(remembered))
  } catch {
    // Nothing remembered: the reset frame will find nothing to clear.
  }
}

/**
 * Clears the tenant's remembered customer (the reset frame's browser-side logout) and says what it cleared.
 *
 * @example
 * forgetConnection(localStorage, 'sandbox:test') // { cleared: true, customerId: 'cus_…' }
 */
export function forgetConnection(storage: KeyValueStorage | undefined, tenant: string): ClearedBrowserState {
  if (!storage) return { cleared: false }
  let stored: string | null
  try {
    stored = storage.getItem(connectionKey(tenant))
    if (stored !== null) storage.removeItem(connectionKey(tenant))
  } catch {
    return { cleared: false }
  }
  if (stored === null) return { cleared: false }
  const customerId = customerIdOf(stored)
  return customerId === undefined ? { cleared: true } : { cleared: true, customerId }
}

function customerIdOf(stored: string): string | undefined {
  try {
    const customerId = (JSON.parse(stored) as Partial<RememberedConnection> | null)?.customerId
    return typeof customerId === 'string' ? customerId : undefined
  } catch {
    return undefined
  }
}

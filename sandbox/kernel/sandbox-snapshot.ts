import type { SandboxSnapshot, StateFileHeader, TenantSnapshot } from '#contract/index.ts'
import type { DroppedFault } from './fault-registry.ts'
import { storeModule, type Tenant } from './tenant.ts'
import type { TenantRegistry } from './tenant-registry.ts'

/** What a snapshot is taken of and restored into: a core's identity and its tenants. */
interface SnapshotSubject {
  seed: number
  secret: string
  bootId: string
  tenants: TenantRegistry
}

/** A snapshot that does not fit the core it is restored into; `reason` says why, and what to do. */
export class SnapshotMismatchError extends Error {
  readonly code = 'snapshot_mismatch'
  constructor(readonly reason: string) {
    super(`the state ${reason}`)
    this.name = 'SnapshotMismatchError'
  }
}

/**
 * Every tenant's state as data (store, clock, settings, faults, journal, pending jobs) with the seed, the signing
 * secret and the boot id: what `--state-file` keeps (docs/decisions/0045).
 *
 * @example
 * const snapshot = await snapshotSandbox(core)
 */
export async function snapshotSandbox(core: SnapshotSubject): Promise<SandboxSnapshot> {
  return {
    format: 'ramp-sandbox-state',
    version: 1,
    seed: core.seed,
    secret: core.secret,
    bootId: core.bootId,
    evictions: core.tenants.evictionCount,
    // Accounts evicted while a state file is kept are in it too, as they were when evicted (decision 0049).
    tenants: [
      ...core.tenants.parkedSnapshots(),
      ...(await Promise.all(core.tenants.all().map((tenant) => tenant.snapshot()))),
    ],
  }
}

/** One account's state, taken when asked: its snapshot, or the JSON text an evicted account left (decision 0049). */
export interface AccountState {
  /** `account:mode`. */
  id: string
  take(): Promise<TenantSnapshot | string>
}

/** What a state file is written from, account by account (decision 0085): its header, and each account's state when asked. */
export interface StateParts {
  header: Omit<StateFileHeader, 'format' | 'version'>
  /** Least recently used first: evicted accounts kept for the file, then the accounts held. */
  accounts: AccountState[]
}

/**
 * The parts of a state file, each account's state taken only when the writer comes to it: a writer that yields between
 * accounts holds the event loop for one account at a time, never for the whole sandbox (decision 0085).
 *
 * @example
 * const { header, accounts } = stateParts(core)
 * for (const account of accounts) write(JSON.stringify(await account.take()))
 */
export function stateParts(core: SnapshotSubject): StateParts {
  return {
    header: { seed: core.seed, secret: core.secret, bootId: core.bootId, evictions: core.tenants.evictionCount },
    accounts: [
      ...core.tenants.parkedTexts().map(([id, text]) => ({ id, take: () => Promise.resolve(text) })),
      ...core.tenants.all().map((tenant) => ({ id: tenant.id, take: () => tenant.snapshot() })),
    ],
  }
}

/** What a restore could not bring back: saved faults whose matcher the sandbox no longer takes, by tenant (`account:mode`). */
export interface RestoreReport {
  droppedFaults: Array<{ tenant: string; id: string; reason: string }>
}

/**
 * Restores a snapshot (already parsed with `SandboxSnapshot`) into a core made with its seed, secret and boot id:
 * tenants, their stores, clocks, settings, faults, journals, and their pending jobs, scheduled again. Throws a
 * {@link SnapshotMismatchError} saying what does not match otherwise. A saved fault whose matcher can no longer be
 * compiled is left out and reported (decision 0080): the rest of the state is restored.
 *
 * @example
 * const core = createSandboxCore({ seed: snapshot.seed, secret: snapshot.secret, bootId: snapshot.bootId })
 * const { droppedFaults } = await restoreSandbox(core, snapshot)
 */
export async function restoreSandbox(core: SnapshotSubject, snapshot: SandboxSnapshot): Promise<RestoreReport> {
  const droppedFaults: RestoreReport['droppedFaults'] = []
  if (snapshot.seed !== core.seed)
    throw new SnapshotMismatchError(
      `was saved with seed ${snapshot.seed}, not ${core.seed}: start with --seed ${snapshot.seed}, or use another state file`,
    )
  if (snapshot.secret !== core.secret)
    throw new SnapshotMismatchError(
      'was saved with another signing secret: restore it into a core made with its secret',
    )
  if (snapshot.bootId !== core.bootId)
    throw new SnapshotMismatchError(
      `was saved under boot id ${snapshot.bootId}, not ${core.bootId}: restore it into a core made with its boot id`,
    )
  for (const saved of snapshot.tenants) {
    const tenant = core.tenants.provisionRestored(saved.account, saved.mode, saved.generation, snapshot.evictions)
    for (const dropped of restoreTenant(tenant, saved)) droppedFaults.push({ tenant: tenant.id, ...dropped })
    await tenant.store()
  }
  return { droppedFaults }
}

/**
 * Gives a tenant a snapshot's state: clock, settings, faults and journal at once; its store rebuilt (and its pending
 * jobs scheduled again) as `tenant.store()` resolves. What a restart does for every tenant, and what an account
 * evicted while a state file is kept gets back on its next use.
 *
 * @example
 * restoreTenant(core.tenants.get('shop', 'test'), saved)
 */
export function restoreTenant(tenant: Tenant, saved: TenantSnapshot): DroppedFault[] {
  const store =
    saved.store &&
    storeModule().then(async ({ TenantStore }) => {
      const restored = await TenantStore.restored(saved.store!, {
        ...tenant.storeOptions(),
        seed: await tenant.storeSeed(),
      })
      tenant.resumeJobs(restored, saved.jobs)
      return restored
    })
  return tenant.restore(saved, store)
}

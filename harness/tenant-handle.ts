import type { JournalEntry } from '../sandbox/contract/index.ts'
import { tenantControl, type ControlCall, type TenantControl } from '../sandbox/http/tenant-control.ts'

/**
 * An isolated account for one test: its keys, a way to read what the sandbox journaled for it, and its control API
 * (`addFault`, `clearFaults`, `listFaults`, `countRequests`, `findRequests`), which `toHaveReceived` reads.
 */
export interface TenantHandle extends TenantControl {
  account: string
  publishableKey: string
  secretKey: string
  /** The tenant's journal (API calls, frame events, state changes), optionally one kind. */
  journal(kind?: 'api' | 'frame' | 'state'): Promise<JournalEntry[]>
  /** The frame events the sandbox journaled for a channel, as `{kind, payload?}`, in order. */
  frameEvents(channelId?: string): Promise<Array<{ kind: string; payload?: unknown }>>
}

let counter = 0

/** A fresh account name: distinct key suffixes isolate parallel tests. */
export function freshAccount(prefix: string): string {
  return `${prefix}_${process.pid}_${++counter}`
}

/** Builds a tenant handle on top of a function that reads its journal and an HTTP-shaped call for its control API. */
export function tenantHandle(account: string, readJournal: (secretKey: string, kind?: string) => Promise<JournalEntry[]>, call: ControlCall): TenantHandle {
  const secretKey = `sk_test_${account}`
  return {
    ...tenantControl(call, secretKey),
    account,
    publishableKey: `pk_test_${account}`,
    secretKey,
    journal: (kind) => readJournal(secretKey, kind),
    async frameEvents(channelId) {
      const entries = await readJournal(secretKey, 'frame')
      return entries
        .filter((e) => e.kind === 'frame' && e.direction === 'out' && (channelId === undefined || e.channelId === channelId))
        .map((e) => (e.kind === 'frame' && e.payload !== undefined ? { kind: e.event, payload: e.payload } : { kind: e.kind === 'frame' ? e.event : '' }))
    },
  }
}

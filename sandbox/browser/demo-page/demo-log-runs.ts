import type { LogRow } from './log-row.ts'
import { frameTransaction } from './row-transaction.ts'

/** One run of a flow: its rows (times from its start), the transactions it made, and how it ended so far. */
export interface LogRun {
  /** 1, 2, 3 … in the order the runs started; 0 before the first (rows logged while the page loads). */
  readonly number: number
  readonly label: string
  readonly start: number
  rows: LogRow[]
  /** The banner's last word on the run (`SUCCESS Payment completed …`), for its folded summary. */
  outcome?: string
}

/**
 * Where a row went: the current run (with the held webhooks its frame's `complete` claimed, `moved`), an earlier run
 * (a late webhook of its transaction), held unclaimed, or dropped (its run was cleared).
 */
type Placed =
  | { to: 'current'; row: LogRow; run: LogRun; moved?: LogRow[] }
  | { to: 'earlier'; row: LogRow; run: LogRun }
  | { to: 'unclaimed'; row: LogRow }
  | { to: 'dropped' }

/**
 * The log's runs, without the DOM: each run is a scope. A row goes to the current run, except a webhook about a
 * transaction: it goes to the run that owns the transaction (the run whose frame or flow reported it, `claim`), even
 * when that run is over and folded away; a webhook of a transaction no run owns yet is held until one claims it (a
 * buy's `transaction_created` can come before its frame's `complete`). A frame's `complete` carrying a transaction
 * claims it for the current run.
 *
 * @example
 * const runs = createLogRuns(() => performance.now())
 * runs.start('Card buy')
 * runs.place({ direction: 'frame→host', channel: 'ch_1', frame: 'buy-button', kind: 'complete', payload: { transaction: { id: 'txn_1', status: 'pending' } } })
 * runs.start('Apple Pay')
 * runs.place({ direction: 'webhook', channel: 'webhook', frame: '-', kind: 'transaction_updated', transaction: 'txn_1' }) // { to: 'earlier', run: (run 1) }
 */
export function createLogRuns(now: () => number) {
  let current: LogRun = { number: 0, label: '', start: now(), rows: [] }
  let folded: LogRun[] = []
  /** Each claimed transaction's run; `null` once that run was cleared away (its late webhooks are dropped). */
  const owners = new Map<string, LogRun | null>()
  let unclaimed: LogRow[] = []

  const stamp = (row: Omit<LogRow, 'time'>, run: { start: number }): LogRow => ({
    ...row,
    time: Math.round(now() - run.start),
  })

  return {
    current: () => current,
    /** The earlier runs still shown, oldest first. */
    folded: () => folded,
    /** Webhooks of transactions no run has claimed (yet). */
    unclaimed: () => unclaimed,
    /** The run that owns a transaction, if one does and it is still shown. */
    ownerOf: (transaction: string) => owners.get(transaction) ?? undefined,
    /** Starts a run: the current one is folded away (when it logged anything) and returned. */
    start(label: string): LogRun | undefined {
      const previous = current.rows.length > 0 ? current : undefined
      if (previous) folded.push(previous)
      current = { number: current.number + 1, label, start: now(), rows: [] }
      return previous
    },
    /** Says that the current run owns `transaction`; returns the held webhooks of it, now the run's rows. */
    claim(transaction: string): LogRow[] {
      if (owners.get(transaction) === current) return []
      owners.set(transaction, current)
      const mine = unclaimed.filter((row) => row.transaction === transaction)
      if (mine.length === 0) return []
      unclaimed = unclaimed.filter((row) => row.transaction !== transaction)
      current.rows.push(...mine)
      return mine
    },
    /** Places a row (see above) and stamps its time from its run's start. */
    place(input: Omit<LogRow, 'time'>): Placed {
      const carried = input.direction === 'frame→host' ? frameTransaction(input.payload) : undefined
      const row = carried === undefined || input.transaction !== undefined ? input : { ...input, transaction: carried }
      if (row.direction !== 'webhook' || row.transaction === undefined) {
        const placed = stamp(row, current)
        current.rows.push(placed)
        const moved = carried === undefined ? [] : this.claim(carried)
        return { to: 'current', row: placed, run: current, ...(moved.length > 0 && { moved }) }
      }
      const owner = owners.get(row.transaction)
      if (owner === null) return { to: 'dropped' }
      if (owner === undefined) {
        const placed = stamp(row, current)
        unclaimed.push(placed)
        return { to: 'unclaimed', row: placed }
      }
      const placed = stamp(row, owner)
      owner.rows.push(placed)
      return { to: owner === current ? 'current' : 'earlier', row: placed, run: owner }
    },
    /** Empties the current run and forgets the earlier ones and the held webhooks; their transactions' late webhooks are dropped. */
    clear(): void {
      for (const [transaction, owner] of owners) if (owner !== current) owners.set(transaction, null)
      for (const row of unclaimed) if (row.transaction !== undefined) owners.set(row.transaction, null)
      folded = []
      unclaimed = []
      current = { ...current, start: now(), rows: [] }
      for (const [transaction, owner] of owners)
        if (owner !== null && owner.number === current.number) owners.set(transaction, current)
    },
  }
}

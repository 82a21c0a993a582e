import { describe, expect, it } from 'vitest'
import { createLogRuns } from './demo-log-runs.ts'
import type { LogRow } from './log-row.ts'

/** A clock the test moves: the runs stamp rows from it. */
function clock() {
  let now = 1000
  return { now: () => now, pass: (ms: number) => (now += ms) }
}
const complete = (id: string): Omit<LogRow, 'time'> => ({
  direction: 'frame→host',
  channel: 'ch_0000abcd',
  frame: 'buy-button',
  kind: 'complete',
  payload: { transaction: { id, status: 'pending' } },
})
const webhook = (transaction: string, status = 'completed'): Omit<LogRow, 'time'> => ({
  direction: 'webhook',
  channel: 'webhook',
  frame: '-',
  kind: 'transaction_updated',
  payload: { type: 'transaction_updated', data: { id: transaction, status } },
  transaction,
})
const api: Omit<LogRow, 'time'> = { direction: 'api', channel: 'api', frame: '-', kind: 'GET /x → 200', actor: 'host' }

describe('the demo log, one run at a time', () => {
  it("puts a late webhook of an earlier run's transaction in that run, not in the current one", () => {
    const runs = createLogRuns(clock().now)
    runs.start('Card buy')
    runs.place(complete('txn_1'))
    runs.start('Terms acceptance')
    const placed = runs.place(webhook('txn_1'))
    expect(placed).toMatchObject({ to: 'earlier', run: { number: 1, label: 'Card buy' } })
    expect(runs.current().rows).toEqual([])
    expect(runs.folded()[0]!.rows.map((row) => row.kind)).toEqual(['complete', 'transaction_updated'])
  })

  it("holds a webhook of a transaction no run owns yet, and moves it into the run whose frame's complete names it", () => {
    const runs = createLogRuns(clock().now)
    runs.start('Card buy')
    expect(runs.place(webhook('txn_2', 'pending'))).toMatchObject({ to: 'unclaimed' })
    expect(runs.current().rows).toEqual([])
    const placed = runs.place(complete('txn_2'))
    expect(placed).toMatchObject({ to: 'current', row: { transaction: 'txn_2' }, moved: [{ transaction: 'txn_2' }] })
    expect(runs.unclaimed()).toEqual([])
    expect(runs.current().rows.map((row) => row.kind)).toEqual(['complete', 'transaction_updated'])
  })

  it('gives a transaction claimed by name (a swap the partner server answered) its held and later webhooks', () => {
    const runs = createLogRuns(clock().now)
    runs.start('Swap')
    runs.place(webhook('swp_1', 'waitingForDeposit'))
    expect(runs.claim('swp_1').map((row) => row.transaction)).toEqual(['swp_1'])
    expect(runs.place(webhook('swp_1'))).toMatchObject({ to: 'current' })
    expect(runs.current().rows).toHaveLength(2)
  })

  it("stamps each row from its own run's start, and folds away only a run that logged something", () => {
    const time = clock()
    const runs = createLogRuns(time.now)
    expect(runs.start('empty')).toBeUndefined()
    runs.start('Card buy')
    time.pass(250)
    expect(runs.place(api)).toMatchObject({ row: { time: 250 } })
    time.pass(1000)
    expect(runs.start('Apple Pay')).toMatchObject({ number: 2, label: 'Card buy' })
    time.pass(40)
    expect(runs.place(api)).toMatchObject({ to: 'current', row: { time: 40 }, run: { number: 3 } })
    expect(runs.folded().map((run) => run.number)).toEqual([2])
  })

  it("drops the late webhooks of the runs a Clear removed, and keeps the current run's transaction", () => {
    const runs = createLogRuns(clock().now)
    runs.start('Card buy')
    runs.place(complete('txn_old'))
    runs.start('Apple Pay')
    runs.place(complete('txn_now'))
    runs.clear()
    expect(runs.folded()).toEqual([])
    expect(runs.current().rows).toEqual([])
    expect(runs.place(webhook('txn_old'))).toEqual({ to: 'dropped' })
    expect(runs.place(webhook('txn_now'))).toMatchObject({ to: 'current', run: { number: 2 } })
  })
})

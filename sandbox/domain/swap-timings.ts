/**
 * How long each step of a swap takes on the tenant clock (decisions 0068, 0088), in ms: the deposit address is made 5 s
 * after execution; a deposit is screened 10 s after it arrives; the swap itself takes 30 s; a swap still waiting for
 * its deposit 30 min after its address was made fails with `noDepositWithinTimeframe`; a refund arrives 30 s after it
 * is sent.
 *
 * @example
 * tenant.scheduleJob(store, { kind: 'swap:step', at: now + SWAP_TIMINGS_MS.address, swapId, step: 'addressGenerated' })
 */
export const SWAP_TIMINGS_MS = {
  address: 5_000,
  screening: 10_000,
  swap: 30_000,
  depositWindow: 30 * 60_000,
  refund: 30_000,
} as const

/**
 * How far a deposit may differ from the quoted base amount and still be swapped at the quote, as a fraction of the
 * quoted amount (decision 0068): 1 %, or one minor unit of the currency when that is more. Further off, the swap needs a
 * requote (`reQuoteRequired`).
 */
export const SWAP_DEPOSIT_TOLERANCE = 0.01

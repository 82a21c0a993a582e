import { describe, expect, it } from 'vitest'
import { frameTransaction, shortTransaction, webhookTransaction } from './row-transaction.ts'

describe('the transaction a log row is about', () => {
  it("reads a buy's, a sell's and a swap's webhook by its data's id, and no customer event", () => {
    expect(webhookTransaction('transaction_updated', { id: 'txn_1', status: 'completed' })).toBe('txn_1')
    expect(webhookTransaction('transaction.updated', { id: 'txn_1' })).toBe('txn_1')
    expect(webhookTransaction('sell_transaction_created', { id: 'sell_1' })).toBe('sell_1')
    expect(webhookTransaction('swap_deposit_received', { id: 'swp_1' })).toBe('swp_1')
    expect(webhookTransaction('customer.identity_status_updated', { id: 'cus_1' })).toBeUndefined()
    expect(webhookTransaction('identity_check_updated', { id: 'idc_1' })).toBeUndefined()
    expect(webhookTransaction('transaction_updated', { id: 7 })).toBeUndefined()
  })

  it("reads a frame's complete by its transaction's id, none when the purchase made none", () => {
    expect(frameTransaction({ transaction: { id: 'txn_1', status: 'pending' } })).toBe('txn_1')
    expect(frameTransaction({ transaction: { id: null, status: 'failed' } })).toBeUndefined()
    expect(frameTransaction({ status: 'active' })).toBeUndefined()
  })

  it('shortens a long id to its prefix and its last four characters', () => {
    expect(shortTransaction('txn_FBi12UEiEscqLxRF')).toBe('txn_…LxRF')
    expect(shortTransaction('txn_1')).toBe('txn_1')
    expect(shortTransaction('31ffbe8c-c1af-46f6-a230-0dac187a21fc')).toBe('…21fc')
  })
})

import { z } from 'zod'
import { SellTransaction } from '#contract/sell-transaction.ts'
import {
  advanceUntil,
  CURRENCY_CODES,
  frameStopped,
  partnerCall,
  partnerStep,
  type Flow,
  type FlowContext,
} from './demo-flow-kit.ts'
import type { Outcome } from './demo-outcome.ts'

/** What the sell flows read of a sell (`GET /v3/sell_transactions/{id}` through the partner server). */
const SellView = SellTransaction.pick({
  id: true,
  status: true,
  failureReason: true,
  baseCurrencyAmount: true,
  quoteCurrencyAmount: true,
  payoutMethod: true,
  depositWalletAddress: true,
  depositExpiresAt: true,
  refundWalletAddress: true,
  refundHash: true,
}).extend(CURRENCY_CODES)
type SellView = z.output<typeof SellView>
/** The deposit control's answer: the sell after the deposit. */
const Deposited = z.object({ data: SellView })
/** The widget's `complete` of a sell (decision 0070). */
const SellStarted = z.object({ flow: z.literal('sell'), transaction: z.object({ id: z.string(), status: z.string() }) })

/** What the customer sends: the amount the sell asks for, or a wrong one (four fifths of it) that the sandbox refunds. */
type Deposit = 'exact' | 'wrong'

const amountOf = (sell: SellView, amount = sell.baseCurrencyAmount) =>
  `${amount} ${sell.baseCurrency.code.toUpperCase()}`

/** A sell's end as the flow's outcome: completed, or failed with its reason (a refund names where the crypto went). */
function sellOutcome(sell: SellView, sent: number): Outcome {
  if (sell.status === 'completed')
    return {
      outcome: 'success',
      text: `Sell ${sell.id} completed: ${amountOf(sell)} sold for ${sell.quoteCurrencyAmount} ${sell.quoteCurrency.code.toUpperCase()}, paid out by ${sell.payoutMethod}.`,
    }
  if (sell.failureReason === 'refund')
    return {
      outcome: 'failure',
      text: `Sell ${sell.id} failed (refund): the deposit of ${amountOf(sell, sent)} did not match the ${amountOf(sell)} asked, so it went back to ${sell.refundWalletAddress}${sell.refundHash ? ` (refund ${sell.refundHash})` : ''}.`,
    }
  return {
    outcome: 'failure',
    text: `Sell ${sell.id} is ${sell.status}${sell.failureReason ? ` (${sell.failureReason})` : ''}.`,
  }
}

/**
 * The off-ramp as a partner shows it: the widget in sell mode for the connected customer (amount, refund wallet,
 * confirm: the frame then shows where to send the crypto), and the partner's own controls for what happens outside the
 * frame: the customer's deposit (the sandbox's deposit control) and the tenant clock, which settles the sell in 20 s.
 * A wrong deposit fails the sell at once with `refund` (decision 0067).
 */
async function sell({ host, interim }: FlowContext, deposit: Deposit): Promise<Outcome> {
  const { clientToken } = await host.connected()
  const widget = host.frame({ clientToken, flow: 'sell', currencyCode: 'eth' })
  host.client().setupWidget({ ...widget.options, params: { ...widget.options.params, apiKey: undefined } })
  const end = await widget.done
  const started = end.kind === 'complete' ? SellStarted.safeParse(end.payload) : undefined
  if (!started?.success) return frameStopped('Sell', end)
  const read = () => partnerCall(host, SellView, 'GET', 'sell', { id: started.data.transaction.id })
  const waiting = await read()
  const asked = waiting.baseCurrencyAmount
  const sent = deposit === 'exact' ? asked : Math.round(asked * 0.8 * 1e8) / 1e8
  interim({ outcome: 'pending', text: `Sell ${waiting.id} is waiting for its deposit of ${amountOf(waiting)}.` })
  await partnerStep(
    `The customer sends ${amountOf(waiting, sent)} to ${waiting.depositWalletAddress} (the sell asks for ${amountOf(waiting)} by ${waiting.depositExpiresAt}).`,
    deposit === 'exact'
      ? `Send the deposit: ${amountOf(waiting, sent)}`
      : `Send the wrong amount: ${amountOf(waiting, sent)}`,
  )
  const { data: deposited } = await partnerCall(host, Deposited, 'POST', 'control/deposit', {
    transaction: 'sell',
    id: waiting.id,
    amount: sent,
  })
  if (deposited.status !== 'pending') return sellOutcome(deposited, sent)
  interim({ outcome: 'pending', text: `Sell ${deposited.id} is pending: its stages pass on the tenant clock.` })
  const settled = await advanceUntil(
    host,
    {
      note: 'The deposit arrived: the sell passes its stages and pays out 20 s later on the tenant clock.',
      label: 'Advance the clock 20 s',
      by: '20s',
    },
    read,
    (now) => now.status === 'completed' || now.status === 'failed',
  )
  return sellOutcome(settled, sent)
}

/**
 * The sell flows of the demo's menu, by id.
 *
 * @example
 * await SELL_FLOWS.sell(context) // { outcome: 'success', text: 'Sell sell_… completed: 0.5 ETH sold for …' }
 */
export const SELL_FLOWS = {
  sell: (context) => sell(context, 'exact'),
  'sell-refund': (context) => sell(context, 'wrong'),
} satisfies Record<string, Flow>

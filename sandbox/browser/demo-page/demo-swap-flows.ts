import { z } from 'zod'
import { SwapQuote } from '#contract/swap.ts'
import { SwapExecution, SwapTransaction } from '#contract/swap-transaction.ts'
import { advanceUntil, CURRENCY_CODES, partnerCall, partnerStep, type Flow, type FlowContext } from './demo-flow-kit.ts'
import type { DemoHost } from './demo-host.ts'
import { errorText, type Outcome } from './demo-outcome.ts'

const WALLET = '0x52908400098527886E0F7030069857D2E4169EE7'
/** The pair and amount every swap of the demo quotes: 100 USDC for ETH (the scenarios' swap, decision 0068). */
const PAIR = 'usdc-eth'
const QUOTED = 100
/** What a requote flow deposits instead: more than 1 % off the quote, so screening asks for a requote. */
const SHORT_DEPOSIT = 80

const Quote = SwapQuote.pick({
  signature: true,
  expiresAt: true,
  baseCurrencyAmount: true,
  quoteCurrencyAmount: true,
  feeAmount: true,
}).extend(CURRENCY_CODES)
type Quote = z.output<typeof Quote>
const Executed = SwapExecution.pick({ transactionId: true, status: true })
const SwapView = SwapTransaction.pick({
  id: true,
  status: true,
  failureReason: true,
  baseCurrencyAmount: true,
  quoteCurrencyAmount: true,
  baseCurrencyCode: true,
  quoteCurrencyCode: true,
  depositWallet: true,
  depositAmount: true,
  transactionHash: true,
  refundHash: true,
})
type SwapView = z.output<typeof SwapView>
const Deposited = z.object({ data: SwapView })
const Rejected = z.object({ success: z.literal(true) })

/** What the customer does once screening asks for a requote: accept it, or refuse it (the deposit is refunded). */
type Requote = 'accept' | 'reject'

const upper = (code: string) => code.toUpperCase()
const quoted = (quote: Quote) =>
  `${quote.baseCurrencyAmount} ${upper(quote.baseCurrency.code)} for ${quote.quoteCurrencyAmount} ${upper(quote.quoteCurrency.code)}`
const swapped = (swap: SwapView) =>
  `${swap.baseCurrencyAmount} ${upper(swap.baseCurrencyCode)} swapped for ${swap.quoteCurrencyAmount} ${upper(swap.quoteCurrencyCode)}`

/** The partner's id of a swap: unique per run, so a requote's accept or refusal names this swap and no earlier one. */
function externalId(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(4))
  return `demo-swap-${[...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`
}

/** The Swaps group's calls for one customer, through the demo's partner server (its access token as Bearer). */
function swapCalls(host: DemoHost, accessToken: string, externalTransactionId: string) {
  const walletAddresses = { destinationWalletAddress: WALLET, refundWalletAddress: WALLET }
  return {
    quote: () =>
      partnerCall(host, Quote, 'GET', 'swap/quote', { pair: PAIR, baseCurrencyAmount: String(QUOTED) }, accessToken),
    execute: (quote: Quote) =>
      partnerCall(
        host,
        Executed,
        'POST',
        'swap/execute',
        { signature: quote.signature, externalTransactionId, walletAddresses },
        accessToken,
      ),
    read: (id: string) => partnerCall(host, SwapView, 'GET', 'swap/transaction', { id }, accessToken),
    requote: (id: string) => partnerCall(host, Quote, 'GET', 'swap/requote', { id }, accessToken),
    reject: (requote: Quote) =>
      partnerCall(
        host,
        Rejected,
        'POST',
        'swap/reject-requote',
        { signature: requote.signature, externalTransactionId, walletAddresses: { refundWalletAddress: WALLET } },
        accessToken,
      ),
    deposit: (id: string, amount: number) =>
      partnerCall(host, Deposited, 'POST', 'control/deposit', { transaction: 'swap', id, amount }),
  }
}
type SwapCalls = ReturnType<typeof swapCalls>

/** Executes the quote; one that expired while the customer read it (a quote lives 30 s) is quoted again, once. */
async function executeFresh(host: DemoHost, calls: SwapCalls, quote: Quote) {
  try {
    return await calls.execute(quote)
  } catch (error) {
    if (!/expired/.test(errorText(error))) throw error
    host.status('The quote expired: the partner asks for a new one.')
    return calls.execute(await calls.quote())
  }
}

/** The end of a swap that did not complete, as the flow's outcome. */
const swapFailed = (swap: SwapView): Outcome => ({
  outcome: 'failure',
  text: `Swap ${swap.id} is ${swap.status}${swap.failureReason ? ` (${swap.failureReason})` : ''}.`,
})

/** Once screening asks for a requote: the customer accepts it (the swap goes on at the deposit's amount) or refuses it. */
async function requoted(
  host: DemoHost,
  calls: SwapCalls,
  swap: SwapView,
  choice: Requote,
): Promise<SwapView | Outcome> {
  const requote = await calls.requote(swap.id)
  const deposited = `${swap.depositAmount} ${upper(swap.baseCurrencyCode)}`
  const offer = `The deposit (${deposited}) is not the ${swap.baseCurrencyAmount} quoted: the requote offers ${quoted(requote)}.`
  if (choice === 'accept') {
    await partnerStep(offer, 'Accept the requote')
    await calls.execute(requote)
    return calls.read(swap.id)
  }
  await partnerStep(offer, 'Reject the requote')
  await calls.reject(requote)
  const refunding = await advanceUntil(
    host,
    {
      note: `The swap failed and ${deposited} go back to the refund wallet: the refund lands 30 s later.`,
      label: 'Advance the clock 30 s',
      by: '30s',
    },
    () => calls.read(swap.id),
    (now) => now.status === 'failed',
  )
  return {
    outcome: 'cancelled',
    text: `Swap ${refunding.id} refunded: the customer rejected the requote, so the swap failed (${refunding.failureReason}) and ${deposited} went back to ${WALLET}${refunding.refundHash ? ` (refund ${refunding.refundHash})` : ''}.`,
  }
}

/**
 * A swap as a partner runs it (no frame: the Swaps group is HTTP, decision 0068), each call through the demo's partner
 * server: a quote of 100 USDC for ETH for the connected customer, executed when the customer confirms, its deposit
 * address made 5 s later, the customer's deposit (the sandbox's deposit control), screening 10 s later, the swap 30 s
 * after that; the tenant clock's advances are the partner's buttons. A requote flow deposits 80: screening asks for a
 * requote, which the customer accepts or rejects.
 */
async function swap({ host, interim }: FlowContext, requote?: Requote): Promise<Outcome> {
  const { accessToken } = await host.connected()
  const calls = swapCalls(host, accessToken, externalId())
  const quote = await calls.quote()
  interim({ outcome: 'pending', text: `Quoted: ${quoted(quote)} until ${quote.expiresAt}.` })
  await partnerStep(
    `The partner shows the quote: ${quoted(quote)}, fees ${quote.feeAmount} ${upper(quote.quoteCurrency.code)}, valid until ${quote.expiresAt}.`,
    `Swap ${quote.baseCurrencyAmount} ${upper(quote.baseCurrency.code)}`,
  )
  const { transactionId: id } = await executeFresh(host, calls, quote)
  interim({ outcome: 'pending', text: `Swap ${id} executed: it waits for its deposit address.` })
  const waiting = await advanceUntil(
    host,
    { note: `Swap ${id} waits for its deposit address, made 5 s later.`, label: 'Advance the clock 5 s', by: '5s' },
    () => calls.read(id),
    (now) => now.status !== 'waitingForDepositAddressGeneration',
  )
  if (waiting.status !== 'waitingForDeposit') return swapFailed(waiting)
  const amount = requote ? SHORT_DEPOSIT : QUOTED
  const coin = upper(waiting.baseCurrencyCode)
  await partnerStep(
    `Swap ${id} waits for ${waiting.baseCurrencyAmount} ${coin} at ${waiting.depositWallet?.address}.`,
    requote ? `Deposit ${amount} ${coin} (not ${waiting.baseCurrencyAmount})` : `Deposit ${amount} ${coin}`,
  )
  const { data: deposited } = await calls.deposit(id, amount)
  interim({ outcome: 'pending', text: `Swap ${id} is ${deposited.status}: screening takes 10 s on the tenant clock.` })
  const screened = await advanceUntil(
    host,
    { note: `The deposit arrived: swap ${id} is screened 10 s later.`, label: 'Advance the clock 10 s', by: '10s' },
    () => calls.read(id),
    (now) => now.status !== 'screeningWalletAddress',
  )
  const going =
    screened.status === 'reQuoteRequired' && requote ? await requoted(host, calls, screened, requote) : screened
  if (!('id' in going)) return going
  if (going.status !== 'executingSwap') return swapFailed(going)
  const done = await advanceUntil(
    host,
    { note: `Swap ${id} is executing: it completes 30 s later.`, label: 'Advance the clock 30 s', by: '30s' },
    () => calls.read(id),
    (now) => now.status === 'completed' || now.status === 'failed',
  )
  if (done.status !== 'completed') return swapFailed(done)
  const atRequote = requote ? ' at the requote' : ''
  return {
    outcome: 'success',
    text: `Swap ${id} completed${atRequote}: ${swapped(done)} (hash ${done.transactionHash}).`,
  }
}

/**
 * The swap flows of the demo's menu, by id.
 *
 * @example
 * await SWAP_FLOWS.swap(context) // { outcome: 'success', text: 'Swap swp_… completed: 100 USDC swapped for …' }
 */
export const SWAP_FLOWS = {
  swap: (context) => swap(context),
  'swap-requote-accepted': (context) => swap(context, 'accept'),
  'swap-requote-rejected': (context) => swap(context, 'reject'),
} satisfies Record<string, Flow>

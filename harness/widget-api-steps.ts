/**
 * Scenario steps for the widget API's groups (issue 21): the On-ramp views, sell transactions and the widget's sell
 * flow, signed widget URLs, and swaps. Each is a raw `api` step (or a few) with the run's keys. They stand on the
 * frame and platform steps of `steps.ts`; `ramp-sandbox/harness` exports both.
 */
import type { SellFailureReason } from '#contract/index.ts'
import { ref, type Input, type Step } from './scenario.ts'
import { connectCustomer, magic, openPayFrame, quoteFor, WALLET_ADDRESS } from './steps.ts'

// ── On-ramp: the widget API's buy quotes and transactions (issue 21 item 2, decision 0066) ──────────────────────────────

/**
 * The widget API's buy quote for `currency` (`GET /v3/currencies/{code}/buy_quote`, publishable key), named `as`;
 * `query` is the rest of the query string.
 *
 * @example
 * widgetBuyQuote('baseCurrencyCode=usd&baseCurrencyAmount=100&areFeesIncluded=true') // eth, as `widgetQuote`
 */
export function widgetBuyQuote(query: string, as = 'widgetQuote', currency = 'eth'): Step {
  return { api: `GET /v3/currencies/${currency}/buy_quote?apiKey={pk}&${query}`, as, headers: {} }
}

/**
 * A card buy whose purchase frame carries `externalTransactionId`: a connected magic customer (US, NY) quotes
 * `amount` usd of eth by card, opens the buy frame with the id, and the frame completes (pending).
 *
 * @example
 * steps: [...cardBuyWithExternalId('order-1'), widgetTransactionsByExternalId('order-1')]
 */
export function cardBuyWithExternalId(externalTransactionId: string, amount = 100): Step[] {
  return [
    ...connectCustomer(magic.usNy),
    ...quoteFor({ amount, method: 'card' }),
    openPayFrame('buy', 'pay', 'q', { externalTransactionId }),
    { until: 'pay', kind: 'complete' },
  ]
}

/**
 * The widget API's buy transactions with an external id (`GET /v1/transactions/ext/{id}`, publishable key), named `as`.
 *
 * @example
 * widgetTransactionsByExternalId('order-1', 'ext')
 */
export function widgetTransactionsByExternalId(externalTransactionId: string, as = 'ext'): Step {
  return { api: `GET /v1/transactions/ext/${encodeURIComponent(externalTransactionId)}?apiKey={pk}`, as, headers: {} }
}

/**
 * The widget API's view of the transaction the platform list named `from` shows first (`GET /v1/transactions/{id}`,
 * publishable key), named `as`: the same id, read through the other API.
 *
 * @example
 * steps: [listTransactions(), widgetTransactionOfLatest('widgetTxn')]
 */
export function widgetTransactionOfLatest(as = 'widgetTxn', from = 'latest'): Step {
  return { api: `GET /v1/transactions/{{${from}.body.data.0.id}}?apiKey={pk}`, as, headers: {} }
}

// ── Off-ramp: sell transactions (issue 21 item 3, decision 0067) ─────────────────────────────────────────────────────

/** What a control-API sell is made of: crypto, fiat, amount, and the partner's external id. */
export interface SellBody {
  baseCurrencyCode?: string
  quoteCurrencyCode?: string
  baseCurrencyAmount?: number
  externalTransactionId?: string
}

/**
 * Starts a sell through the control API (`POST /__sandbox/sell_transactions`, for the seeded active.us-ny customer):
 * 0.5 ETH for USD unless told otherwise; result `{status, body: {data: sell}}` named `as`.
 *
 * @example
 * startSell({ externalTransactionId: 'order-1' }) // then '{{sell.body.data.id}}' names it
 */
export function startSell(body: SellBody = {}, as = 'sell'): Step {
  return {
    api: 'POST /__sandbox/sell_transactions',
    as,
    body: { baseCurrencyCode: 'eth', quoteCurrencyCode: 'usd', baseCurrencyAmount: 0.5, ...body },
  }
}

/** The customer's crypto deposit for the sell named `sellAs` arrives (`POST /__sandbox/sell_transactions/{id}/deposit`). */
export function depositForSell(amount: number, sellAs = 'sell', as = `${sellAs}Deposit`): Step {
  return { api: `POST /__sandbox/sell_transactions/{{${sellAs}.body.data.id}}/deposit`, as, body: { amount } }
}

/** Reads the sell named `sellAs` as the widget API shows it (`GET /v3/sell_transactions/{id}`, publishable key). */
export function readSell(as: string, sellAs = 'sell'): Step {
  return { api: `GET /v3/sell_transactions/{{${sellAs}.body.data.id}}?apiKey={pk}`, as }
}

/**
 * The pending sell named `sellAs` needs a requote (`POST /__sandbox/sell_transactions/{id}/requote`, decision 0088):
 * `requoteRequired` at `quoteCurrencyAmount` (default: 1 % less), with `sell_transaction_requote_required`; result named `as`.
 *
 * @example
 * steps: [startSell(), depositForSell(0.5), requoteSell(900), completeSell()] // the customer accepts: completed at 900
 */
export function requoteSell(quoteCurrencyAmount?: number, sellAs = 'sell', as = `${sellAs}Requote`): Step {
  return {
    api: `POST /__sandbox/sell_transactions/{{${sellAs}.body.data.id}}/requote`,
    as,
    body: quoteCurrencyAmount === undefined ? {} : { quoteCurrencyAmount },
  }
}

/** The sell named `sellAs` completes now (`POST /__sandbox/sell_transactions/{id}/complete`): a requoted one at its new amount; result named `as`. */
export function completeSell(sellAs = 'sell', as = `${sellAs}Complete`): Step {
  return { api: `POST /__sandbox/sell_transactions/{{${sellAs}.body.data.id}}/complete`, as }
}

/** The sell named `sellAs` fails now (`POST /__sandbox/sell_transactions/{id}/fail`, default reason `error`): a requote refused; result named `as`. */
export function failSell(failureReason?: SellFailureReason, sellAs = 'sell', as = `${sellAs}Fail`): Step {
  return {
    api: `POST /__sandbox/sell_transactions/{{${sellAs}.body.data.id}}/fail`,
    as,
    body: failureReason === undefined ? {} : { failureReason },
  }
}

/** Cancels the sell named `sellAs` (`DELETE /v3/sell_transactions/{id}`, secret key). */
export function cancelSell(as: string, sellAs = 'sell'): Step {
  return { api: `DELETE /v3/sell_transactions/{{${sellAs}.body.data.id}}`, as }
}

/** A sell's four stages by status, as a webhook or response matcher writes them. */
export function sellStagesAre(...statuses: Array<'not_started' | 'in_progress' | 'success' | 'failed'>) {
  return statuses.map((status) => ({ status }))
}

// ── Widget URL signing (issue 21 item 7, decision 0069): the widget opened from a URL the partner's server signed ────

/** The widget's parameters a signed-URL scenario opens it with; an `apiKey` goes first (the browser client sends it first). */
export type WidgetUrlParams = { walletAddress: string } & { [key: string]: Input }

/**
 * Signs the widget URL of `signed` with the run's secret key (result `<channel>Signed`), then opens the widget on
 * `channel` with `params` and that signature last. `signed` defaults to `params`; other parameters there make a
 * signature over a different URL (a tampered one).
 *
 * @example
 * steps: [{ api: 'GET /__sandbox/fixtures', as: 'fixtures' }, ...openSignedWidget('widget', { apiKey: ref('fixtures.body.data.keys.publishable'), walletAddress: '0x…' })]
 */
export function openSignedWidget(channel: string, params: WidgetUrlParams, signed: WidgetUrlParams = params): Step[] {
  return [
    { server: 'signWidgetUrl', as: `${channel}Signed`, params: signed },
    { open: 'widget', channel, params: { ...params, signature: ref(`${channel}Signed.signature`) } },
  ]
}

// ── Swaps (issue 21 item 4, decision 0068): raw `api` steps as the `conn` customer, whose access token goes as Bearer ─

/** The `conn` customer's access token as the Swaps routes take it, beside the publishable key. */
const SWAP_BEARER = { authorization: 'Bearer {{conn.credentials.accessToken}}' }

/**
 * The `conn` customer asks for a quote swapping `amount` of the pair's base currency (`pairName`, e.g. `usdc-eth`).
 *
 * @example
 * steps: [...connectCustomer(magic.usNy), swapQuote('usdc-eth', 100), executeSwap()]
 */
export function swapQuote(pair: string, amount: number, as = 'swapQuote'): Step {
  return { api: `GET /v4/swap/${pair}/quote?apiKey={pk}&baseCurrencyAmount=${amount}`, as, headers: SWAP_BEARER }
}

/**
 * The `conn` customer executes the quote named `quoteAs` (a requote too: the same swap's external id accepts it), paid
 * out to and refunded to {@link WALLET_ADDRESS} (an EVM address: for pairs between EVM currencies); result named `as`.
 */
export function executeSwap(quoteAs = 'swapQuote', as = 'swap', externalTransactionId = 'swap-ext-1'): Step {
  const walletAddresses = { destinationWalletAddress: WALLET_ADDRESS, refundWalletAddress: WALLET_ADDRESS }
  return {
    api: 'POST /v4/swap/execute_quote?apiKey={pk}',
    as,
    headers: SWAP_BEARER,
    body: { signature: ref(`${quoteAs}.body.signature`), externalTransactionId, walletAddresses },
  }
}

/** The customer's deposit of `amount` to the swap named `swapAs` (control API, secret key); result named `as`. */
export function depositToSwap(amount: number, swapAs = 'swap', as = 'deposit'): Step {
  return { api: `POST /__sandbox/swaps/{{${swapAs}.body.transactionId}}/deposit`, as, body: { amount } }
}

/**
 * A magic US customer swaps `quoted` USDC for ETH and deposits `deposited` once the deposit address is made (5 s),
 * and the clock runs through screening (10 s): the swap is then executing, in `reQuoteRequired` (a deposit more than
 * 1 % off), or failed by a trigger amount (decision 0068). The steps every swap path starts with.
 *
 * @example
 * steps: [...screenedSwap(100, 80), swapRequote(), rejectSwapRequote()]
 */
export function screenedSwap(quoted: number, deposited = quoted): Step[] {
  return [
    ...connectCustomer(magic.usNy),
    swapQuote('usdc-eth', quoted),
    executeSwap(),
    { control: 'advanceClock', by: '5s' },
    depositToSwap(deposited),
    { control: 'advanceClock', by: '10s' },
  ]
}

/** The `conn` customer reads the swap named `swapAs`; result named `as`. */
export function readSwap(as: string, swapAs = 'swap'): Step {
  return { api: `GET /v4/swap/transaction/{{${swapAs}.body.transactionId}}?apiKey={pk}`, as, headers: SWAP_BEARER }
}

/** The `conn` customer asks for the requote of the swap named `swapAs` (in reQuoteRequired); result named `as`. */
export function swapRequote(swapAs = 'swap', as = 'requote'): Step {
  return {
    api: `GET /v4/swap/transaction/{{${swapAs}.body.transactionId}}/requote?apiKey={pk}`,
    as,
    headers: SWAP_BEARER,
  }
}

/**
 * The `conn` customer accepts the requote named `requoteAs`: it executes it with the swap's external id (decision
 * 0088), paid out to and refunded to {@link WALLET_ADDRESS}; result named `as`.
 *
 * @example
 * steps: [swapRequote(), acceptSwapRequote()] // the swap goes on to executingSwap at the requote's amounts
 */
export function acceptSwapRequote(requoteAs = 'requote', as = 'accepted', externalTransactionId = 'swap-ext-1'): Step {
  return executeSwap(requoteAs, as, externalTransactionId)
}

/** The `conn` customer rejects the requote named `requoteAs`, refunded to {@link WALLET_ADDRESS}; result named `as`. */
export function rejectSwapRequote(requoteAs = 'requote', as = 'rejected', externalTransactionId = 'swap-ext-1'): Step {
  return {
    api: 'POST /v4/swap/reject_requote?apiKey={pk}',
    as,
    headers: SWAP_BEARER,
    body: {
      signature: ref(`${requoteAs}.body.signature`),
      externalTransactionId,
      walletAddresses: { refundWalletAddress: WALLET_ADDRESS },
    },
  }
}

// ── Off-ramp in the widget frame: the sell flow (issue 21 item 3, decision 0070) ──────────────────────────────────────

/**
 * Finds the sells with a partner's external id (`GET /v3/sell_transactions/ext/{id}`, publishable key): how a scenario
 * learns the id of a sell the widget frame made. Result `{status, body: [sell, …]}` named `as`, oldest first.
 *
 * @example
 * widgetSellsByExternalId('widget-sell-1', 'sells') // then '{{sells.body.0.id}}' names the first
 */
export function widgetSellsByExternalId(externalTransactionId: string, as: string): Step {
  return { api: `GET /v3/sell_transactions/ext/${externalTransactionId}?apiKey={pk}`, as }
}

/** The exact deposit for the first sell of the list named `sellsAs` arrives (control API); result named `<sellsAs>Deposit`. */
export function depositForWidgetSell(amount: number, sellsAs: string, as = `${sellsAs}Deposit`): Step {
  return { api: `POST /__sandbox/sell_transactions/{{${sellsAs}.body.0.id}}/deposit`, as, body: { amount } }
}

/** Reads the first sell of the list named `sellsAs` (`GET /v3/sell_transactions/{id}`, publishable key). */
export function readWidgetSell(as: string, sellsAs: string): Step {
  return { api: `GET /v3/sell_transactions/{{${sellsAs}.body.0.id}}?apiKey={pk}`, as }
}

// ── Account details, Data and DefiToken (issue 21 items 1, 5, 6; decisions 0064, 0065) ─────────────────────────────────

/** The account's verification status and fees (`GET /v4/accounts/me`, publishable key); result named `as`. */
export function accountDetails(as = 'account'): Step {
  return { api: 'GET /v4/accounts/me?apiKey={pk}', headers: {}, as }
}

/**
 * The IP check of an address (`GET /v3/ip_address`, publishable key), as a partner page runs it before it shows a buy
 * button; result named `as`.
 *
 * @example
 * steps: [ipCheck('198.51.100.7', 'restricted')] // Cuba: isAllowed false
 */
export function ipCheck(ipAddress: string, as: string): Step {
  return { api: `GET /v3/ip_address?apiKey={pk}&ipAddress=${encodeURIComponent(ipAddress)}`, headers: {}, as }
}

/**
 * A page of the DeFi token list (`GET /v1/defi/tokens`, publishable key) with the rest of the query (`sort`, `order`,
 * `network`, `limit`, `offset`); result named `as`.
 *
 * @example
 * steps: [defiTokens('limit=2', 'page1'), defiTokens('limit=2&offset=2', 'page2')]
 */
export function defiTokens(query: string, as: string): Step {
  return { api: `GET /v1/defi/tokens?apiKey={pk}&${query}`, headers: {}, as }
}

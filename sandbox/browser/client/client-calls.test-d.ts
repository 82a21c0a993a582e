// Type tests: `tsc --noEmit -p .` checks this file (see harness/scenario-types.test-d.ts). Nothing here runs.
import type { BuyQuote, PaymentMethodList, PlatformError, Transaction } from '#contract/index.ts'
import type { SandboxClient } from './create-client.ts'

const request = {
  source: { asset: { code: 'usd' }, amount: 100 },
  destination: { asset: { code: 'eth' } },
  wallet: { address: '0x52908400098527886E0F7030069857D2E4169EE7' },
  paymentMethod: { type: 'apple_pay' },
} as const

/** getQuote takes the contract's buy quote request: a misspelled or missing field is a type error. */
export async function quoteRequests(client: SandboxClient, accessToken: string): Promise<void> {
  await client.getQuote(accessToken, request)
  // @ts-expect-error `sourse` is not a field of a buy quote request
  await client.getQuote(accessToken, { ...request, sourse: request.source })
  // @ts-expect-error a buy quote request needs its destination
  await client.getQuote(accessToken, {
    source: request.source,
    wallet: request.wallet,
    paymentMethod: request.paymentMethod,
  })
  // @ts-expect-error the amount is a number
  await client.getQuote(accessToken, { ...request, source: { asset: { code: 'usd' }, amount: '100' } })
}

/** Each call's reply is the contract's response on `ok`, the platform error otherwise: no `any` to read past. */
export async function replies(client: SandboxClient, accessToken: string): Promise<void> {
  const quote = await client.getQuote(accessToken, request)
  if (quote.ok) {
    const typed: BuyQuote = quote.body.data
    // @ts-expect-error `totalAmonut` is not a field of a buy quote
    void quote.body.data.totalAmonut
    void typed
  } else {
    const error: PlatformError | null = quote.body
    // @ts-expect-error a failed reply has no data
    void quote.body?.data
    void error
  }
  const methods = await client.getPaymentMethods(accessToken)
  if (methods.ok) void (methods.body.data satisfies PaymentMethodList)
  const transaction = await client.getTransaction(accessToken, 'txn_1')
  if (transaction.ok) void (transaction.body.data satisfies Transaction)
  const page = await client.listTransactions(accessToken)
  if (page.ok) void (page.body satisfies { data: Transaction[]; pageInfo: { nextCursor: string | null } })
  const deleted = await client.deletePaymentMethod(accessToken, 'pm_1')
  if (deleted.ok) void (deleted.body satisfies null)
  // @ts-expect-error the body of an unchecked reply may be an error: narrow on ok first
  void methods.body.data
}

import { describe, expect, it } from 'vitest'
import { bannerOf, FLOW_PLANS, POLL, runFlow } from '#testing/demo/demo-flow-driver.ts'
import { demoPageFixture } from '#testing/demo/demo-page-test-kit.ts'

const demo = demoPageFixture({ width: 1440, height: 900 })

/** The transaction a flow's banner names (`sell_…`, `swp_…`). */
async function transactionOf(): Promise<string> {
  const id = /\b((?:sell|swp)_[A-Za-z0-9]+)\b/.exec((await bannerOf(demo.page)).text)?.[1]
  if (!id) throw new Error(`the banner names no sell or swap: ${(await bannerOf(demo.page)).text}`)
  return id
}

/** The webhook rows of the page about one transaction, in order, as `type status` (from each row's payload). */
const webhooksOf = (id: string) =>
  demo.page.locator('li[data-direction="webhook"]').evaluateAll(
    (items, wanted) =>
      items.flatMap((li) => {
        const event = JSON.parse(li.querySelector('pre')?.textContent ?? 'null') as {
          type: string
          data: { id?: string; status?: string }
        } | null
        return event?.data.id === wanted ? [`${event.type} ${event.data.status}`] : []
      }),
    id,
  )

const sellStarted = ['sell_transaction_created waitingForDeposit']
/** A swap's webhooks from its execution through screening, which sends `screened` (`type status`). */
const swapScreened = (screened: string) => [
  'swap_transaction_created waitingForDepositAddressGeneration',
  'swap_deposit_wallet_created waitingForDeposit',
  'swap_deposit_received screeningWalletAddress',
  screened,
]

describe('the demo page runs the sell and swap flows to their end', { timeout: 60_000 }, () => {
  it.each([
    [
      'sell' as const,
      [
        ...sellStarted,
        'sell_transaction_updated pending',
        'sell_transaction_updated pending',
        'sell_transaction_updated pending',
        'sell_transaction_updated completed',
      ],
    ],
    ['sell-refund' as const, [...sellStarted, 'sell_transaction_failed failed']],
    [
      'swap' as const,
      [...swapScreened('swap_asset_delivery_initiated executingSwap'), 'swap_transaction_completed completed'],
    ],
    [
      'swap-requote-accepted' as const,
      [
        ...swapScreened('swap_quote_invalid reQuoteRequired'),
        'swap_asset_delivery_initiated executingSwap',
        'swap_transaction_completed completed',
      ],
    ],
    [
      'swap-requote-rejected' as const,
      [
        ...swapScreened('swap_quote_invalid reQuoteRequired'),
        'swap_transaction_failed failed',
        'swap_refund_asset_delivery_initiated failed',
        'swap_refund_completed failed',
      ],
    ],
  ])('%s ends with its banner, and its webhooks land in the lane in order', async (flow, webhooks) => {
    await runFlow(demo.page, flow, FLOW_PLANS[flow])
    const id = await transactionOf()
    await expect.poll(() => webhooksOf(id), POLL).toEqual(webhooks)
    // The diagram is redrawn on the next animation frame after the log's row: poll it too.
    await expect
      .poll(() => demo.page.locator('#diagram svg.seq-body').textContent(), {
        ...POLL,
        message: 'the diagram draws the last webhook',
      })
      .toContain(`webhook ${webhooks.at(-1)!.split(' ')[0]}`)
  })
})

// The suite's known defects, as data: each breaks one thing a partner relies on, and names the tests that must catch
// it. `npm run mutants` runs them; `catalog.test.ts` checks on every `npm test` that each still applies to the tree.
import type { Mutant } from './locate-mutant.ts'

const QUOTES = [
  'sandbox/domain/sell-quote.test.ts',
  'sandbox/domain/buy-quote-amounts.test.ts',
  'sandbox/domain/pricing.test.ts',
]
const FAULTS = ['sandbox/kernel/fault-registry.test.ts', 'sandbox/kernel/fault-draw.test.ts']
const WEBHOOK_ANSWERS = ['sandbox/adapters/node-http/webhook-answers.test.ts']
const BOUNDARIES = ['sandbox/frames/browser/frame-boundaries.browser.test.ts']

/** Every mutant `npm run mutants` applies, one at a time. */
export const MUTANTS: Mutant[] = [
  // Prices and fees
  {
    name: 'sell price × 1.5',
    from: 'const price = pairPrice(tenant, pair, now)',
    to: 'const price = pairPrice(tenant, pair, now) * 1.5',
    within: 'quoteSell',
    tests: QUOTES,
  },
  {
    name: 'sell fee × 2',
    from: 'percentOfMinor(grossMinor, fee.feePercent)',
    to: 'percentOfMinor(grossMinor, fee.feePercent * 2)',
    within: 'quoteSell',
    tests: QUOTES,
  },
  { name: 'buy exchangeRate × 1.5', from: 'exchangeRate: price,', to: 'exchangeRate: price * 1.5,', tests: QUOTES },
  {
    name: 'price-walk amplitude × 10',
    from: 'factor += wave.amplitude * Math.sin(',
    to: 'factor += wave.amplitude * 10 * Math.sin(',
    tests: QUOTES,
  },
  {
    name: "a destination's source scan stopping below its proven upper bound",
    from: 'ceilDiv(withNetwork + BP, keep)',
    to: 'ceilDiv(withNetwork - BP, keep)',
    tests: ['sandbox/domain/buy-amounts.test.ts'],
  },
  {
    // Still correct, but its steps grow with the amount: 10^16 of them for the limits search's largest probes.
    name: "a destination's source scan starting from 1",
    from: 'const lowest = maxOf(1n, ceilDiv(withNetwork - 9_998n, keep), ceilDiv(withFloor - 4_999n, keepWithFloor))',
    to: 'const lowest = 1n',
    tests: ['scripts/quote-sweep.test.ts'],
  },
  {
    name: 'swap fee × 2',
    from: 'percentOfMinor(grossMinor, SWAP_FEE_PERCENT)',
    to: 'percentOfMinor(grossMinor, SWAP_FEE_PERCENT * 2)',
    tests: ['sandbox/domain/swap-quote.test.ts'],
  },
  {
    name: "swap extra fee ignores the tenant's setting",
    within: 'priceSwap',
    from: 'percentOfMinor(grossMinor, tenant.settings.defaultExtraFeePercentage)',
    to: 'percentOfMinor(grossMinor, tenant.account.defaultExtraFeePercentage)',
    tests: ['sandbox/domain/swap-quote.test.ts', 'harness/node-catalog.test.ts'],
  },
  {
    name: "seeded rate: the price walk drops its waves' seeded phase",
    from: '/ wave.periodSeconds + wave.phase)',
    to: '/ wave.periodSeconds)',
    tests: ['sandbox/domain/pricing.test.ts', 'sandbox/domain/swap-quote.test.ts'],
  },
  // Sells
  {
    name: 'sell deposit check accepts an over-deposit',
    from: 'const matches = deposit.amount === current.baseCurrencyAmount',
    to: 'const matches = deposit.amount >= current.baseCurrencyAmount',
    tests: ['sandbox/domain/sell-transactions.test.ts'],
  },
  // Faults
  {
    // A rate fault's seeded draw shifted by one: still random-looking, but not the draw a rerun of the same seed makes.
    name: "seeded rate: a rate fault's draw taken from the wrong position",
    from: '!(this.draw(entry.fingerprint, fault.matched) < fault.rate)',
    to: '!(this.draw(entry.fingerprint, fault.matched + 1) < fault.rate)',
    tests: FAULTS,
  },
  // Webhooks
  {
    // Redirects are not followed: an endpoint moved to https would show delivered while its receiver got nothing.
    name: 'a 3xx counted as delivered',
    from: 'answer.status >= 200 && answer.status < 300',
    to: 'answer.status >= 200 && answer.status < 400',
    tests: WEBHOOK_ANSWERS,
  },
  {
    name: 'a 204 counted as a failure',
    from: 'answer.status >= 200 && answer.status < 300',
    to: 'answer.status >= 200 && answer.status < 300 && answer.status !== 204',
    tests: WEBHOOK_ANSWERS,
  },
  {
    name: 'webhook signature text without its id',
    from: 'utf8ToBytes(`${id}.${timestamp}.${body}`)',
    to: 'utf8ToBytes(`${timestamp}.${body}`)',
    tests: ['sandbox/kernel/webhook-signature.test.ts', 'sandbox/domain/webhook-deliveries.test.ts'],
  },
  {
    name: 'retry schedule: the third retry after 4 min, not 8',
    from: '[30_000, 120_000, 480_000, 1_920_000]',
    to: '[30_000, 120_000, 240_000, 1_920_000]',
    tests: WEBHOOK_ANSWERS,
  },
  // Request matchers
  {
    name: 'matcher value: a prefix taken for the whole value',
    from: '(text: string) => text === wanted',
    to: "(text: string) => text.startsWith(wanted ?? '')",
    tests: ['sandbox/kernel/request-matcher.test.ts'],
  },
  // Paging
  {
    name: 'a next page after an exact last page (> → >=)',
    from: 'const more = taken.length > limit',
    to: 'const more = taken.length >= limit',
    within: 'listTransactions',
    tests: ['sandbox/domain/list-transactions.test.ts'],
  },
  // Signatures
  {
    name: 'signature compared with a loose !=',
    from: 'if (position === undefined || !tenant.verify(`cursor:${position}`, signature)) {',
    to: 'if (position === undefined || tenant.sign(`cursor:${position}`) != signature) {',
    tests: ['sandbox/kernel/signature-comparisons.test.ts'],
  },
  {
    name: 'signature compared with ===',
    from: "return typeof signature === 'string' && constantTimeEqual(this.sign(message), signature)",
    to: 'return this.sign(message) === signature',
    tests: ['sandbox/kernel/signature-comparisons.test.ts'],
  },
  {
    // Partners paste base64 into URLs by hand; a `+` reaches the query parser as a space.
    name: 'an unencoded + not read back as +',
    from: "params.signature.replace(/ /g, '+')",
    to: 'params.signature',
    tests: ['sandbox/frames/server/widget-signature-check.test.ts'],
  },
  // Frames and the React Native bridge
  {
    name: "frame's origin check deleted",
    from: 'if (event.origin !== origin) return onDropped(',
    to: 'if (false) return onDropped(',
    tests: BOUNDARIES,
  },
  {
    name: "frame's source check deleted",
    from: 'if (event.source !== window.parent) return onDropped(',
    to: 'if (false) return onDropped(',
    tests: BOUNDARIES,
  },
  {
    name: "the React Native bridge's origin-and-source check weakened (|| → &&)",
    from: "if (message.origin !== '' || message.source !== null)",
    to: "if (message.origin !== '' && message.source !== null)",
    tests: ['sandbox/frames/browser/react-native-host.browser.test.ts'],
  },
  // Store scans
  {
    name: 'a destructured collection scanned',
    from: "    : store.sessions.where('byExternalCustomer', request.externalCustomerId!).filter((s) => s.revokedAt === null)",
    to: '    : (({ sessions }) => sessions.filter((s) => s.externalCustomerId === request.externalCustomerId && s.revokedAt === null))(store)',
    tests: ['sandbox/kernel/store/request-path-scans.test.ts'],
  },
  {
    name: "a collection's raw @msw/data collection queried",
    from: "paymentMethods: store.cards.where('byCustomer', customerId).map(",
    to: 'paymentMethods: store.cards.collection.findMany((q) => q.where({ customerId } as never)).map(',
    tests: ['sandbox/kernel/store/request-path-scans.test.ts'],
  },
  // The CLI under npm
  {
    name: 'a zombie npm counted as running',
    from: "return parentStat.ppid === npm && npmStat !== undefined && npmStat.state !== 'Z' && npmStat.state !== 'X'",
    to: 'return npmStat !== undefined',
    tests: ['sandbox/cli.test.ts'],
  },
  {
    name: "npm's sh read when the CLI serves, not when it starts",
    from: "stopWithNpm(launch, () => shutdown('npm went away'))",
    to: "stopWithNpm(launchNow(), () => shutdown('npm went away'))",
    tests: ['sandbox/cli.test.ts'],
  },
]

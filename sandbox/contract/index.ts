/**
 * The wire contract: zod schemas for every shape the sandbox sends or accepts.
 * Types come from `z.infer`; nothing else in the project redeclares them.
 */
export * from './account-details.ts'
export * from './api-key.ts'
export * from './catalog.ts'
export * from './control.ts'
export * from './currency.ts'
export * from './data.ts'
export * from './defi-token.ts'
export * from './errors.ts'
export * from './payout-method.ts'
export * from './query-number.ts'
export * from './rounding.ts'
export * from './sell-quote.ts'
export * from './wrappers.ts'
export * from './platform/index.ts'
export * from './frames/index.ts'
export * from './snapshot.ts'
export * from './webhooks.ts'
export * from './webhook-delivery-summary.ts'
export * from './swap.ts'
export * from './swap-transaction.ts'

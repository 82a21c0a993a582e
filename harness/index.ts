/**
 * The scenario harness: define flows as data, run them, match event sequences.
 *
 * @example
 * import { defineScenario, ref, runInNode, checkScenario } from 'ramp-sandbox/harness'
 * import { connectCustomer, magic, quoteFor, openPayFrame, tapAndConfirm } from 'ramp-sandbox/harness'
 */
export {
  defineScenario,
  ref,
  type Scenario,
  type Step,
  type Expectations,
  type EventMatcher,
  type WebhookMatcher,
  type SequenceMode,
  type RequestExpectation,
} from './scenario.ts'
export {
  magic,
  createSession,
  openSessionFrame,
  connectCustomer,
  getPaymentMethods,
  getQuote,
  listTransactions,
  buyQuoteBody,
  quoteFor,
  openPayFrame,
  tapAndConfirm,
  challengeThen,
  activeAndExpiredCards,
  completesPending,
  asksForChallenge,
  completesDeclined,
  cardBuy,
  walletFailureScenario,
  challengeErrorScenario,
  DEVICE_IP,
  WALLET_ADDRESS,
  HOST_PUBLIC_KEY,
  type Contact,
  type SessionBody,
  type BuyMethod,
  type BuyQuote,
  type PayFrame,
  type ChallengeAction,
  type WalletFailure,
  type ChallengeError,
} from './steps.ts'
export * from './widget-api-steps.ts'
export { matchSequence, partialMatch, present, type Present, type SequenceResult } from './match-sequence.ts'
export { checkScenario } from './check-scenario.ts'
export { nodeWebhookTransport, runInNode } from './drivers/node-driver.ts'
export type { Recording, RequestCountRecord, TimelineEntry, WebhookPayload, WebhookRecord } from './recording.ts'
export { useSandbox } from './vitest-sandbox.ts'
export { ScenarioFailed } from './scenario-failed.ts'
export type { ClockAdvanced, ListenOptions, TenantHandle, TenantWebhooks, TriggerOptions } from './tenant-handle.ts'
export type { EventSource, WaitOptions } from './wait-for-sequence.ts'
export { waitForRequests, type ReceivedOptions, type RequestSource } from './wait-for-requests.ts'
export type { RequestsMatcherInput, TenantControl } from '#http/tenant-control.ts'

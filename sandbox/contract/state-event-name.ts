import { z } from 'zod'

/**
 * Every change of tenant state the journal records, named `noun:verb` in kebab-case: what `Tenant.record` takes (a
 * name not listed is a type error), what `GET /__sandbox/journal` answers under `kind: 'state'`, and what
 * `ramp-sandbox record` reads back. A new kind is added here first, so the writer, the reader and the test that records
 * from a journal holding every kind (`harness/cli/record-every-state-event.test.ts`) all see it.
 *
 * @example
 * StateEventName.parse('webhook-endpoint:created') // 'webhook-endpoint:created'
 * StateEventName.safeParse('webhook:sent').success // false
 */
export const StateEventName = z.enum([
  'tenant:reset',
  'settings:updated',
  'clock:advanced',
  'fault:added',
  'fault:cleared',
  'fault:dropped',
  'frame:faulted',
  'session:created',
  'session:revoked',
  'connection:authenticated',
  'connection:decided',
  'auth:reset',
  'consent:issued',
  'customer:created',
  'customer:accepted',
  'customer:updated',
  'customer:onboarded',
  'customer:exported',
  'kyc:submitted',
  'kyc:decided',
  'file:requested',
  'file:uploaded',
  'file:confirmed',
  'card:added',
  'card:deleted',
  'challenge:created',
  // A challenge's final status (`finishChallenge`): `challenge:${status}`.
  'challenge:completed',
  'challenge:cancelled',
  'challenge:failed',
  'challenge:expired',
  'transaction:created',
  'transaction:stage',
  'transaction:completed',
  'transaction:failed',
  'sell:created',
  'sell:deposit',
  'sell:requoted',
  'sell:requote-accepted',
  'sell:stage',
  'sell:completed',
  'sell:failed',
  'swap:created',
  'swap:requote-accepted',
  'swap:status',
  'webhook-endpoint:created',
  'webhook-endpoint:updated',
  'webhook-endpoint:removed',
  'webhook-endpoint:secret-rotated',
  'webhook-endpoint:host-not-allowed',
  'webhook:triggered',
  'webhook:attempted',
  'webhook:dropped',
  'webhook:released',
])
export type StateEventName = z.infer<typeof StateEventName>

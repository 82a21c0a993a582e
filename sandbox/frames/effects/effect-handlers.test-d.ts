// Type tests: `tsc --noEmit -p .` checks this file. Each @ts-expect-error must meet a type error, or tsc fails:
// a handler table that stopped catching the mistake below fails the run. Nothing here runs.
import type { FrameEffect } from '#contract/index.ts'
import type { EffectResult } from '#portable/frames/effect-results.ts'
import type { EffectHandlers } from './effect-handler.ts'
import { accountEffects } from './account-effects.ts'
import { connectionEffects } from './connection-effects.ts'
import { credentialEffects } from './credential-effects.ts'
import { purchaseEffects } from './purchase-effects.ts'
import { sessionEffects } from './session-effects.ts'
import { sellEffects } from './sell-effects.ts'

/** Every effect has its handler: the full table compiles. */
export const complete: EffectHandlers = {
  ...sessionEffects,
  ...credentialEffects,
  ...connectionEffects,
  ...accountEffects,
  ...sellEffects,
  ...purchaseEffects,
}

/** A table missing an effect (here `auth.reset`) is a type error. */
// @ts-expect-error property 'auth.reset' is missing
export const missingAnEffect: EffectHandlers = {
  ...credentialEffects,
  ...connectionEffects,
  ...accountEffects,
  ...sellEffects,
  ...purchaseEffects,
}

/** A handler answering the wrong shape is a type error; the right one is not. */
export const wrongShape: EffectHandlers<'credentials.encrypt' | 'widget.execute'> = {
  // @ts-expect-error credentials.encrypt answers the credentials string, not the credentials
  'credentials.encrypt': async (_context, effect) => effect.credentials,
  // @ts-expect-error widget.execute answers a transaction's status, not any string
  'widget.execute': async () => ({ id: 'txn_1', status: 'paid' }),
}

/** A handler reading a field its effect does not have is a type error. */
export const unknownField: EffectHandlers<'connection.register'> = {
  // @ts-expect-error connection.register has `email`, not `emial`
  'connection.register': async (_context, { emial }) => emial,
}

/** A machine's misspelled effect or field is a type error. */
export const effects: FrameEffect[] = [
  { type: 'connection.register', email: 'a@example.com' },
  // @ts-expect-error `conection.register` is no effect
  { type: 'conection.register', email: 'a@example.com' },
  // @ts-expect-error connection.register's email is a string
  { type: 'connection.register', email: 42 },
]

/** A result's value is typed by its effect name once `ok` and `effect` are checked. */
export function encrypted(result: EffectResult): string | undefined {
  return result.ok && result.effect === 'credentials.encrypt' ? result.value : undefined
}

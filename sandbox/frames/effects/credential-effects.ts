import { encryptCredentials } from '#portable/frames/credentials.ts'
import type { EffectHandlers } from './effect-handler.ts'

/** Effects about the credentials that check, connect and auth hand to the host. */
export const credentialEffects: EffectHandlers<'credentials.encrypt'> = {
  /**
   * Encrypts `{credentials, publicKey}` for the host (DESIGN §5); answers the
   * credentials string of `complete`. A malformed input fails with `invalid_request`.
   *
   * @example
   * effects: [{ type: 'credentials.encrypt', credentials: connection.credentials, publicKey: params.publicKey }]
   */
  'credentials.encrypt': async (_context, { credentials, publicKey }) => encryptCredentials(credentials, publicKey),
}

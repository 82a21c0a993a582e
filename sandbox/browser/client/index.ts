/**
 * The browser client (`ramp-sandbox/client`): mount frames, exchange messages, call the platform API.
 *
 * @example
 * import { createClient, decryptCredentials, encodeQuote } from 'ramp-sandbox/client'
 */
export { createClient, type ClientOptions, type SandboxClient, type SetupOptions } from './create-client.ts'
export type { ClientConnection } from './connection-calls.ts'
export {
  setupWallet,
  WalletSetupError,
  WALLET_SETUP_TIMEOUT_MS,
  type WalletSetupErrorCode,
  type WalletSetupOptions,
} from './wallet-setup.ts'
export {
  mountFrame,
  setFramesTheme,
  type ClientFrameEvent,
  type ClientFrameMessage,
  type MountedFrame,
  type MountOptions,
} from './frame-channel.ts'
export { decryptCredentials, generateHostKeyPair, importHostPrivateKey } from '#portable/frames/credentials.ts'
export { encodeQuote } from '#portable/frames/encode-quote.ts'
export type { BuyQuote, Credentials } from '#contract/index.ts'
export {
  deprecationWarning,
  IDENTITY_CALL_REPLACEMENTS,
  type IdentityCallName,
  type IdentityCalls,
} from './identity-calls.ts'

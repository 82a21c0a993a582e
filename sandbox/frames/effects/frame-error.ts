/**
 * An error a frame reports with its own code (`invalid_token`,
 * `unsupported_flow`, a wallet-pay `failureCode` …), rather than an HTTP one.
 *
 * @example
 * throw new FrameError('invalid_challenge', 'the challenge was already completed')
 */
export class FrameError extends Error {
  override readonly name = 'FrameError'

  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

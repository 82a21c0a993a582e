/**
 * Why a webhook failed verification (or a secret was refused): {@link WebhookVerificationError}'s `code`.
 *
 * @example
 * const retryable: WebhookVerificationErrorCode[] = ['timestamp_out_of_tolerance'] // a skewed clock, not a forgery
 */
export type WebhookVerificationErrorCode =
  | 'missing_signature'
  | 'missing_timestamp'
  | 'missing_digest'
  | 'malformed_signature'
  | 'timestamp_out_of_tolerance'
  | 'signature_mismatch'
  | 'invalid_secret'

/**
 * What {@link verifyWebhook} throws when a webhook is not proven authentic and fresh, and
 * what {@link parseWebhookSecret} (so also {@link signWebhook} and {@link webhookSecretFrom})
 * throws for a secret that is not `whsec_` + base64 of 24 to 64 bytes (`invalid_secret`).
 *
 * @example
 * try {
 *   verifyWebhook(rawBody, request.headers, secret)
 * } catch (error) {
 *   if (error instanceof WebhookVerificationError) console.log(error.code) // 'signature_mismatch'
 * }
 */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError'

  constructor(
    readonly code: WebhookVerificationErrorCode,
    message: string,
  ) {
    super(message)
  }
}

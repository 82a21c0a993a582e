import type { FieldError } from '#contract/index.ts'
import { errorCatalog, type ErrorCode } from './error-catalog.ts'

/**
 * The one error type domain and core code throw. The error mapper turns it
 * into the wire shape of the API family that was called.
 *
 * @example
 * throw new SandboxError('invalid_request', 'baseCurrencyAmount must be positive', [
 *   { field: 'baseCurrencyAmount', message: 'baseCurrencyAmount must be positive' },
 * ])
 */
export class SandboxError extends Error {
  override readonly name = 'SandboxError'
  readonly status: number

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors: FieldError[] = [],
  ) {
    super(message)
    this.status = errorCatalog[code].status
  }

  /** A 400 for one field: the message names the field and the rule. */
  static invalidField(field: string, message: string): SandboxError {
    return new SandboxError('invalid_request', message, [{ field, message }])
  }
}

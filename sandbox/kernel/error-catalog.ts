import type { PlatformErrorCode, WidgetErrorType } from '#contract/index.ts'

/**
 * Every error the sandbox can answer, once: its status and its name in each
 * API family. `SandboxError`s carry one of these codes; `toWireError` maps them.
 */
export const errorCatalog = {
  invalid_request: { status: 400, widgetType: 'BadRequestError', platformCode: 'invalid_request' },
  unauthorized: { status: 401, widgetType: 'UnauthorizedError', platformCode: 'unauthorized' },
  forbidden: { status: 403, widgetType: 'UnauthorizedError', platformCode: 'forbidden' },
  not_found: { status: 404, widgetType: 'NotFoundError', platformCode: 'not_found' },
  method_not_allowed: { status: 405, widgetType: 'BadRequestError', platformCode: 'invalid_request' },
  /** A `Host` the server does not answer (DNS rebinding; `--allow-host`). */
  misdirected_request: { status: 421, widgetType: 'BadRequestError', platformCode: 'forbidden' },
  conflict: { status: 409, widgetType: 'ConflictError', platformCode: 'conflict' },
  payload_too_large: { status: 413, widgetType: 'BadRequestError', platformCode: 'invalid_request' },
  unsupported_media_type: { status: 415, widgetType: 'BadRequestError', platformCode: 'invalid_request' },
  rate_limited: { status: 429, widgetType: 'TooManyRequestsError', platformCode: 'rate_limited' },
  internal_error: { status: 500, widgetType: 'InternalServerError', platformCode: 'internal_error' },
} as const satisfies Record<string, { status: number; widgetType: WidgetErrorType; platformCode: PlatformErrorCode }>

/** A key of the error catalogue. */
export type ErrorCode = keyof typeof errorCatalog

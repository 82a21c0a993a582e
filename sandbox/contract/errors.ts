import { z } from 'zod'

/** `type` values of widget API errors (DESIGN §4). */
export const WidgetErrorType = z.enum([
  'BadRequestError',
  'UnauthorizedError',
  'NotFoundError',
  /** 409: the object's state forbids the call (a sell no longer waiting for its deposit, a swap not requoting; decision 0071). */
  'ConflictError',
  'TooManyRequestsError',
  'InternalServerError',
])
export type WidgetErrorType = z.infer<typeof WidgetErrorType>

/** Error body of the widget API (`/v3`): spec "Error". */
export const WidgetError = z.object({
  message: z.string().min(1),
  type: WidgetErrorType,
})
export type WidgetError = z.infer<typeof WidgetError>

/** Machine-readable codes of platform errors (DESIGN §4). */
export const PlatformErrorCode = z.enum([
  'invalid_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'internal_error',
])
export type PlatformErrorCode = z.infer<typeof PlatformErrorCode>

/** One field-level problem of a platform error. */
export const FieldError = z.object({ field: z.string(), message: z.string() })
export type FieldError = z.infer<typeof FieldError>

/** Error body of the platform and control APIs: spec "Platform error". */
export const PlatformError = z.object({
  code: PlatformErrorCode,
  message: z.string().min(1),
  errors: z.array(FieldError).optional(),
})
export type PlatformError = z.infer<typeof PlatformError>

import { errorCatalog } from '#kernel/error-catalog.ts'
import { reply, type ApiFamily, type PlainReply } from './plain-http.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'

/** Where unexpected errors are reported. */
export type ErrorLogger = (message: string, error: unknown) => void

/**
 * The one error mapper: any thrown value becomes the wire error of the API
 * family that was called. `SandboxError`s keep their status and message;
 * anything else is a 500 whose stack goes to `log`, never to the client.
 *
 * @example
 * toWireError('widget', new SandboxError('unauthorized', 'apiKey is required'))
 * // { status: 401, body: { message: 'apiKey is required', type: 'UnauthorizedError' } }
 */
export function toWireError(family: ApiFamily, error: unknown, log?: ErrorLogger): PlainReply {
  const known = error instanceof SandboxError ? error : undefined
  if (!known) log?.('unexpected error while handling a request', error)
  const code = known?.code ?? 'internal_error'
  const message = known?.message ?? 'The sandbox failed unexpectedly; the error was logged by the sandbox process.'
  const entry = errorCatalog[code]
  if (family === 'widget') return reply(entry.status, { message, type: entry.widgetType })
  const fieldErrors = known?.fieldErrors ?? []
  return reply(
    entry.status,
    fieldErrors.length > 0
      ? { code: entry.platformCode, message, errors: fieldErrors }
      : { code: entry.platformCode, message },
  )
}

/** The API family a path belongs to, for paths no route matched. */
export function familyOf(path: string): ApiFamily {
  if (path.startsWith('/v1/') || path.startsWith('/v3/') || path.startsWith('/v4/')) return 'widget'
  if (path.startsWith('/platform/')) return 'platform'
  if (path.startsWith('/__sandbox/')) return 'control'
  return 'meta'
}

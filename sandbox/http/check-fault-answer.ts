import type { z } from 'zod'
import { PlatformError, WidgetError, type FaultRequest } from '#contract/index.ts'
import { describeIssue } from '#kernel/describe-issue.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import type { Route } from './route.ts'
import { parseReportingInput } from '#kernel/parse-reporting-input.ts'

/** Whether a fault's path pattern (`*`, trailing `**`) can reach a route's path template (`:name` segments). */
function patternReaches(pattern: string[], template: string[]): boolean {
  if (pattern[0] === '**') return true
  if (pattern.length === 0 || template.length === 0) return pattern.length === template.length
  const [head, ...rest] = pattern
  const [slot, ...after] = template
  return (head === '*' || slot!.startsWith(':') || head === slot) && patternReaches(rest, after)
}

/**
 * The routes a fault's method and path pattern reach, the control API aside.
 *
 * @example
 * routesReached(routes, 'GET', '/platform/v1/transactions/*') // [GET /platform/v1/transactions/:transactionId, …]
 */
function routesReached(routes: readonly Route[], method: string, path: string): Route[] {
  const pattern = path.split('/').slice(1)
  return routes.filter(
    (route) =>
      route.family !== 'control' &&
      (method === '*' || route.method === method) &&
      patternReaches(pattern, route.path.split('/').slice(1)),
  )
}

/** The schema an answer of `status` from `route` must fit: the route's own for that status, else its family's error shape. */
function answerSchema(route: Route, status: number): z.ZodType | undefined {
  const documented = route.responses[status]?.schema
  if (documented || status < 400) return documented
  return route.family === 'widget' ? WidgetError : PlatformError
}

/**
 * Checks an overridden answer against every route its fault reaches: a body at 400 and above against the route's error
 * shape (the widget API's `{message, type}`, the others' `{code, message}`), below 400 against the route's response
 * schema for that status. `unchecked: true` skips the check. Throws a 400 naming `responseBody`'s field and the route.
 *
 * @example
 * checkFaultAnswer(core.routes, FaultRequest.parse({ method: 'GET', path: '/platform/v1/transactions/*', status: 200, responseBody: { data: {} } }))
 * // SandboxError 400: "responseBody does not fit GET /platform/v1/transactions/:transactionId 200: responseBody.data.id is required …"
 */
export function checkFaultAnswer(routes: readonly Route[], fault: FaultRequest): void {
  if (
    fault.status === undefined ||
    fault.unchecked === true ||
    (fault.responseBody === undefined && fault.status >= 400)
  )
    return
  const reached = routesReached(routes, fault.method, fault.path)
  if (reached.length === 0 && fault.responseBody !== undefined) {
    throw SandboxError.invalidField(
      'responseBody',
      `responseBody: no API route answers ${fault.method} ${fault.path}, so no schema can check it; give unchecked: true to answer it anyway`,
    )
  }
  for (const route of reached) {
    const schema = answerSchema(route, fault.status)
    const name = `${route.method} ${route.path}`
    if (schema === undefined) {
      if (fault.responseBody === undefined && route.responses[fault.status]) continue
      const statuses = Object.keys(route.responses)
        .filter((status) => Number(status) < 400)
        .join(', ')
      throw SandboxError.invalidField(
        'status',
        `status ${fault.status} is not an answer ${name} gives (it answers ${statuses}); give unchecked: true to answer it anyway`,
      )
    }
    const parsed = parseReportingInput(schema, fault.responseBody)
    if (parsed.success) continue
    const fieldErrors = parsed.error.issues.map((issue) =>
      describeIssue({ ...issue, path: ['responseBody', ...issue.path] }, 'responseBody'),
    )
    const message = `responseBody does not fit the ${fault.status} answer of ${name}: ${fieldErrors.map((e) => e.message).join('; ')}; give unchecked: true to answer it anyway`
    throw new SandboxError('invalid_request', message, fieldErrors)
  }
}

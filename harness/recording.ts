import type { FrameOutbound } from '../sandbox/contract/index.ts'

/** One line of a scenario's timeline: who did what, in order. */
export interface TimelineEntry {
  actor: string
  target: string
  what: string
  detail?: unknown
}

/** What a driver recorded while running a scenario. */
export interface Recording {
  /** Events each channel's frame posted, in order. */
  channels: Record<string, FrameOutbound[]>
  /** Results of steps that named themselves with `as`. */
  results: Record<string, unknown>
  timeline: TimelineEntry[]
}

function lookup(path: string, results: Record<string, unknown>): unknown {
  const [name, ...keys] = path.split('.')
  let value: unknown = results[name!]
  for (const key of keys) value = (value as Record<string, unknown> | undefined)?.[key]
  if (value === undefined) throw new Error(`ref ${path} resolves to nothing`)
  return value
}

/**
 * Resolves `{$ref: 'name.path'}` values against earlier results, deeply, and
 * `{{name.path}}` placeholders inside strings (`'Bearer {{conn.credentials.accessToken}}'`).
 */
export function resolveInput(input: unknown, results: Record<string, unknown>): unknown {
  if (typeof input === 'string') return input.includes('{{') ? input.replace(/\{\{([^}]+)\}\}/g, (_, path: string) => String(lookup(path.trim(), results))) : input
  if (Array.isArray(input)) return input.map((item) => resolveInput(item, results))
  if (input === null || typeof input !== 'object') return input
  if ('$ref' in input && typeof (input as { $ref: unknown }).$ref === 'string') return lookup((input as { $ref: string }).$ref, results)
  return Object.fromEntries(Object.entries(input).map(([key, value]) => [key, resolveInput(value, results)]))
}

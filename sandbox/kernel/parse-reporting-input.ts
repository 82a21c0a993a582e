import type { z } from 'zod'

/**
 * `schema.safeParse(value)`, with each issue reporting its input (which the messages need: "is required", "got
 * 'abc'") only when the parse fails: reporting the input costs microseconds on every parse, and most parses pass.
 *
 * @example
 * const parsed = parseReportingInput(FrameParams.widget, query)
 * if (!parsed.success) parsed.error.issues[0]!.input // what the client sent
 */
export function parseReportingInput<T extends z.ZodType>(schema: T, value: unknown): z.ZodSafeParseResult<z.output<T>> {
  const fast = schema.safeParse(value)
  return fast.success ? fast : schema.safeParse(value, { reportInput: true })
}

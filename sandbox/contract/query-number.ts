import type { z } from 'zod'

/**
 * What `/openapi.json` says a numeric query parameter is: JSON Schema number keywords only. No
 * `default`: zod leaves it out of a transform's input schema, so say it in the description.
 */
export interface QueryNumberDoc {
  type: 'integer' | 'number'
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  description?: string
}

/**
 * Marks a query parameter that travels as text but means a number. Query schemas parse the raw
 * string (so a bad value gets a message naming the rule), which zod would document as
 * `type: string` with the text's pattern; this metadata makes the JSON Schema (and so
 * `/openapi.json`) say `integer` or `number` with the bounds the parser enforces. The OpenAPI
 * generator drops the string keywords the text schema leaves on such a node.
 *
 * @example
 * const Limit = queryNumber(z.string().regex(/^[0-9]{1,3}$/).transform(Number), { type: 'integer', minimum: 1, maximum: 100 })
 * z.toJSONSchema(Limit, { io: 'input' }) // { type: 'integer', minimum: 1, maximum: 100, pattern: … } before the generator's cleanup
 */
export function queryNumber<T extends z.ZodType>(schema: T, doc: QueryNumberDoc): T {
  return schema.meta({ ...doc }) as T
}

import type { z } from 'zod'
import type { FieldError } from '#contract/index.ts'

const RULE_START = /^(must|is|are|cannot|needs)\b/

/** Words for a bound, inclusive (`.min`, `.max`) or exclusive (`.positive()`, `.gt()`, `.lt()`), of a value or a count. */
const BOUND_WORDS = {
  too_small: {
    inclusive: { value: 'at least', count: 'at least' },
    exclusive: { value: 'greater than', count: 'more than' },
  },
  too_big: {
    inclusive: { value: 'at most', count: 'at most' },
    exclusive: { value: 'less than', count: 'fewer than' },
  },
} as const

function sizeRule(issue: z.core.$ZodIssueTooBig | z.core.$ZodIssueTooSmall): string {
  const limit = issue.code === 'too_small' ? issue.minimum : issue.maximum
  const words = BOUND_WORDS[issue.code][issue.inclusive === false ? 'exclusive' : 'inclusive']
  switch (issue.origin) {
    case 'string':
      return `must be ${words.count} ${limit} characters long`
    case 'array':
      return `must have ${words.count} ${limit} items`
    default:
      return `must be ${words.value} ${limit}`
  }
}

function rule(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined
        ? 'is required'
        : `must be ${/^[aeiou]/.test(issue.expected) ? 'an' : 'a'} ${issue.expected}`
    case 'invalid_value':
      return `must be one of ${issue.values.map(String).join(', ')}`
    case 'too_small':
    case 'too_big':
      return sizeRule(issue)
    case 'invalid_format':
      // A `.regex()` check's format is 'regex': the value must match the pattern, it is not one.
      return issue.format === 'regex' && 'pattern' in issue
        ? `must match the pattern ${String(issue.pattern)}`
        : `must be a valid ${issue.format}`
    case 'not_multiple_of':
      return `must be a multiple of ${issue.divisor}`
    case 'unrecognized_keys':
      return `is not a known field (${issue.keys.join(', ')})`
    case 'invalid_union':
      return 'does not match any accepted shape'
    default:
      return issue.message
  }
}

/**
 * Turns one zod issue into a `{field, message}` whose message names the field
 * and the rule ("payoutMethod must be one of …"). `prefix` roots the path
 * (e.g. a query has none, a body may have `body`).
 *
 * @example
 * describeIssue(issue) // { field: 'extraFeePercentage', message: 'extraFeePercentage must be at most 10' }
 */
export function describeIssue(issue: z.core.$ZodIssue, root = 'body'): FieldError {
  const field = issue.path.length > 0 ? issue.path.map(String).join('.') : root
  const custom = issue.code === 'custom' || issue.code === 'invalid_format' || !issue.message.startsWith('Invalid')
  if (
    custom &&
    (issue.message.startsWith(`${field} `) || issue.message.startsWith(`${issue.path.at(-1)?.toString()} `))
  ) {
    return { field, message: issue.message }
  }
  if (custom && RULE_START.test(issue.message)) return { field, message: `${field} ${issue.message}` }
  if (issue.code === 'unrecognized_keys') {
    const names = issue.keys.map((key) => (issue.path.length > 0 ? `${field}.${key}` : key))
    return {
      field: names[0] ?? field,
      message: `${names.join(', ')} ${names.length === 1 ? 'is not a known field' : 'are not known fields'}`,
    }
  }
  return { field, message: `${field} ${rule(issue)}` }
}

import { z } from 'zod'
import { describe, expect, it } from 'vitest'
import { parseReportingInput } from './parse-reporting-input.ts'

const Query = z.object({ amount: z.string().regex(/^\d+$/) })

describe('parseReportingInput', () => {
  it('answers the parsed value of a passing input', () => {
    expect(parseReportingInput(Query, { amount: '12' })).toEqual({ success: true, data: { amount: '12' } })
  })

  it('reports the input in each issue of a failing one', () => {
    const parsed = parseReportingInput(Query, { amount: 'abc' })
    expect(parsed.success).toBe(false)
    expect(parsed.error!.issues[0]!.input).toBe('abc')
  })
})

import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { describeIssue } from './describe-issue.ts'

function firstIssue(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value, { reportInput: true })
  if (result.success) throw new Error('expected a failure')
  return describeIssue(result.error.issues[0]!)
}

describe('describeIssue', () => {
  it('names a missing field as required', () => {
    expect(firstIssue(z.object({ email: z.string() }), {})).toEqual({ field: 'email', message: 'email is required' })
  })

  it('says an object or an array with its article', () => {
    expect(
      describeIssue(z.object({ body: z.object({}) }).safeParse({ body: 1 }, { reportInput: true }).error!.issues[0]!),
    ).toEqual({ field: 'body', message: 'body must be an object' })
    expect(
      describeIssue(
        z.object({ list: z.array(z.string()) }).safeParse({ list: 1 }, { reportInput: true }).error!.issues[0]!,
      ),
    ).toEqual({ field: 'list', message: 'list must be an array' })
  })

  it('lists the allowed values of an enum', () => {
    expect(firstIssue(z.object({ mode: z.enum(['a', 'b']) }), { mode: 'c' })).toEqual({
      field: 'mode',
      message: 'mode must be one of a, b',
    })
  })

  it('joins nested paths with dots', () => {
    const schema = z.object({ destination: z.object({ asset: z.object({ code: z.string() }) }) })
    expect(firstIssue(schema, { destination: { asset: { code: 1 } } })).toEqual({
      field: 'destination.asset.code',
      message: 'destination.asset.code must be a string',
    })
  })

  it('prefixes a rule-only custom message with the field', () => {
    expect(firstIssue(z.object({ c: z.string().regex(/^x$/, 'must be x') }), { c: 'y' })).toEqual({
      field: 'c',
      message: 'c must be x',
    })
  })

  it('keeps a custom message that already names the field', () => {
    expect(firstIssue(z.object({ n: z.number().refine((v) => v > 1, 'n must exceed 1') }), { n: 0 })).toEqual({
      field: 'n',
      message: 'n must exceed 1',
    })
  })

  it('names unknown fields', () => {
    expect(firstIssue(z.strictObject({}), { extra: 1 })).toEqual({
      field: 'extra',
      message: 'extra is not a known field',
    })
  })

  it('says the bound of a number', () => {
    expect(firstIssue(z.object({ n: z.number().max(10) }), { n: 11 })).toEqual({
      field: 'n',
      message: 'n must be at most 10',
    })
  })

  it('says an exclusive lower bound is "greater than"', () => {
    expect(firstIssue(z.object({ n: z.number().positive() }), { n: 0 })).toEqual({
      field: 'n',
      message: 'n must be greater than 0',
    })
  })

  it('says a value must match a pattern, not be a valid regex', () => {
    expect(firstIssue(z.object({ secret: z.string().regex(/^[0-9a-f]{32,128}$/) }), { secret: 'abc' })).toEqual({
      field: 'secret',
      message: 'secret must match the pattern /^[0-9a-f]{32,128}$/',
    })
  })

  it('says an exclusive upper bound is "less than"', () => {
    expect(firstIssue(z.object({ n: z.number().lt(5) }), { n: 5 })).toEqual({
      field: 'n',
      message: 'n must be less than 5',
    })
  })
})

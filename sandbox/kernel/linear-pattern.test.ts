import { describe, expect, it } from 'vitest'
import { compileLinearPattern, MAX_MATCHED_CHARS, MAX_PROGRAM_SIZE, type LinearPattern } from './linear-pattern.ts'

function compiled(source: string): LinearPattern {
  const verdict = compileLinearPattern(source)
  if (!verdict.ok) throw new Error(`${source} was refused: ${verdict.rule}`)
  return verdict.pattern
}

const ruleOf = (source: string) => {
  const verdict = compileLinearPattern(source)
  return verdict.ok ? undefined : verdict.rule
}

describe('compileLinearPattern', () => {
  it('decides a nested quantifier on a long text in time linear in the text', () => {
    // A backtracking engine takes about half a second on 28 characters here (×2 per character more); RE2 microseconds.
    const pattern = compiled('^(a+)+$')
    const started = performance.now()
    expect(pattern.test(`${'a'.repeat(28)}!`)).toBe(false)
    expect(pattern.test('a'.repeat(28))).toBe(true)
    expect(performance.now() - started).toBeLessThan(250)
    // Only after the bound held: under a backtracking engine this one would never end.
    expect(pattern.test(`${'a'.repeat(16_000)}!`)).toBe(false)
  })

  it('matches as JavaScript does where RE2 reads the pattern alike: unanchored unless anchored', () => {
    for (const [source, text, expected] of [
      ['usd', 'the usdc code', true],
      ['^usd$', 'usdc', false],
      ['^0x[0-9a-f]{4}$', '0x1a2b', true],
      ['^(?:eth|btc)_(?<net>[a-z]+)$', 'eth_mainnet', true],
      ['a.c', 'a\nc', false],
      ['\\bu1\\b', 'id u1 here', true],
      ['^\\d{3}$', '１２３', false],
    ] as const) {
      expect(compiled(source).test(text), `${source} on ${JSON.stringify(text)}`).toBe(new RegExp(source).test(text))
      expect(compiled(source).test(text)).toBe(expected)
    }
  })

  it('writes the JavaScript spellings RE2 lacks the RE2 way: \\u escapes, [^] and []', () => {
    expect(compiled('^\\u00e9t\\u00E9$').test('été')).toBe(true)
    expect(compiled('^a[^]b$').test('a\nb')).toBe(true)
    expect(compiled('a[]').test('a')).toBe(false)
    expect(compiled('[]a]').test('a]')).toBe(false)
  })

  it.each([
    ['(?=u)1', 'uses a lookahead (`(?=`)'],
    ['^(?!test)', 'uses a lookahead (`(?!`)'],
    ['(?<=u)1', 'uses a lookbehind (`(?<=`)'],
    ['(?<!u)1', 'uses a lookbehind (`(?<!`)'],
    ['(a)\\1', 'uses a backreference (`\\1`)'],
    ['(?<x>a)\\k<x>', 'uses a named backreference (`\\k<`)'],
  ])('refuses %s, naming what the linear-time matcher does not support', (source, rule) => {
    expect(ruleOf(source)).toBe(`${rule}, which the sandbox's linear-time matcher does not support`)
  })

  it('takes a lookahead-like text inside a class, or escaped, as the characters it is', () => {
    expect(compiled('[(?=]').test('=')).toBe(true)
    expect(compiled('\\(\\?=').test('(?=')).toBe(true)
  })

  it('refuses what RE2 syntax lacks, saying what', () => {
    expect(ruleOf('\\cA')).toBe(
      "is not a pattern the sandbox's linear-time matcher (RE2 syntax) takes: invalid escape sequence `\\c`",
    )
    expect(ruleOf('a{1001}')).toMatch(
      /^is not a pattern the sandbox's linear-time matcher \(RE2 syntax\) takes: invalid repeat count/,
    )
  })

  it(`refuses a pattern that compiles to more than ${MAX_PROGRAM_SIZE} steps, saying how large it is`, () => {
    expect(compiled('^0x[0-9a-fA-F]{40}$').size).toBeLessThanOrEqual(MAX_PROGRAM_SIZE)
    expect(compiled('[a-z]{1,30}').size).toBeLessThanOrEqual(MAX_PROGRAM_SIZE)
    expect(ruleOf('[a-z]{1,40}')).toBe(
      "is too large for the sandbox's linear-time matcher: it compiles to 81 steps, at most 64 (a counted repetition such as {100} repeats what it counts)",
    )
  })

  it(`never matches a text longer than ${MAX_MATCHED_CHARS} characters`, () => {
    expect(compiled('a').test('a'.repeat(MAX_MATCHED_CHARS))).toBe(true)
    expect(compiled('a').test('a'.repeat(MAX_MATCHED_CHARS + 1))).toBe(false)
  })
})

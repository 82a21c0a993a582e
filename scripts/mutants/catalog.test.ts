import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { afterAll, describe, expect, it } from 'vitest'
import { MUTANTS } from './catalog.ts'
import { locateMutant, mutatedText, readSources, snippetPattern, type Mutant } from './locate-mutant.ts'

const root = join(dirname(fileURLToPath(import.meta.url)), '../..')
const sources = readSources(root)

/** Syntax errors of `text` as TypeScript (types are not checked: a mutant must only parse). */
function syntaxErrors(file: string, text: string): string[] {
  const output = ts.transpileModule(text, {
    fileName: file,
    reportDiagnostics: true,
    compilerOptions: { jsx: ts.JsxEmit.Preserve },
  })
  return (output.diagnostics ?? []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))
}

describe('the mutant catalog', () => {
  it('names each mutant once', () => {
    const names = MUTANTS.map((mutant) => mutant.name)
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([])
  })

  // The net rotted once: five of thirteen mutants stopped applying when their code moved, and nothing noticed.
  it.each(MUTANTS.map((mutant) => [mutant.name, mutant] as const))(
    'applies %s to exactly one place, which still parses once broken',
    (_, mutant) => {
      const located = locateMutant(sources, mutant)
      expect('problem' in located ? located.problem : 'applies').toBe('applies')
      if (!('site' in located)) return
      const text = sources.get(located.site.file)!
      const broken = mutatedText(text, located.site, mutant)
      expect(broken).not.toBe(text)
      expect(syntaxErrors(located.site.file, broken)).toEqual([])
    },
  )

  it.each(MUTANTS.map((mutant) => [mutant.name, mutant] as const))(
    'names test files that exist for %s',
    (_, mutant) => {
      expect(mutant.tests.length).toBeGreaterThan(0)
      expect(mutant.tests.filter((test) => !existsSync(join(root, test)) || !/\.test\.tsx?$/.test(test))).toEqual([])
    },
  )
})

describe('locating a mutant', () => {
  const folder = mkdtempSync(join(tmpdir(), 'ramp-sandbox-locate-'))
  afterAll(() => rmSync(folder, { recursive: true, force: true }))
  const write = (file: string, text: string) => {
    mkdirSync(dirname(join(folder, file)), { recursive: true })
    writeFileSync(join(folder, file), text)
  }
  write(
    'sandbox/domain/moved/quote.ts',
    'export function quote(rate: number) {\n  const price =\n    rate *\n    2\n  return price\n}\nexport function other(rate: number) {\n  const price = rate * 2\n  return price\n}\n',
  )
  write('sandbox/domain/quote.test.ts', 'const price = rate * 2\n')
  write('harness/check.ts', 'export const ready = (a: number, b: number) => a<b\n')
  const mutant = (from: string, within?: string): Mutant => ({
    name: 'm',
    from,
    to: 'X',
    tests: [],
    ...(within === undefined ? {} : { within }),
  })

  it('finds shipped code in any folder, reformatted, and never in tests', () => {
    expect([...readSources(folder).keys()]).toEqual(['harness/check.ts', 'sandbox/domain/moved/quote.ts'])
    const located = locateMutant(readSources(folder), mutant('const price = rate * 2', 'quote'))
    if (!('site' in located)) throw new Error(located.problem)
    expect(located.site.file).toBe('sandbox/domain/moved/quote.ts')
    expect(readFileSync(join(folder, located.site.file), 'utf8').slice(located.site.start, located.site.end)).toBe(
      'const price =\n    rate *\n    2',
    )
  })

  it('says when the code occurs more than once, or nowhere', () => {
    const ambiguous = locateMutant(readSources(folder), mutant('const price = rate * 2'))
    expect(ambiguous).toEqual({ problem: expect.stringContaining('occurs 2 times (sandbox/domain/moved/quote.ts)') })
    const gone = locateMutant(readSources(folder), mutant('const price = rate * 3'))
    expect(gone).toEqual({ problem: expect.stringContaining('is nowhere') })
  })

  it('tolerates whitespace next to punctuation but not inside a word', () => {
    expect(snippetPattern('a < b').test('a<b')).toBe(true)
    expect(snippetPattern('f(a, b)').test('f(\n  a,\n  b)')).toBe(true)
    expect(snippetPattern('const more').test('constmore')).toBe(false)
    expect(snippetPattern('taken.length > limit').test('taken.length >= limit')).toBe(false)
    expect(snippetPattern('a.b').test('aXb')).toBe(false)
  })

  it('applies the breakage where it found the code', () => {
    const located = locateMutant(readSources(folder), mutant('a<b'))
    if (!('site' in located)) throw new Error(located.problem)
    expect(
      mutatedText(readFileSync(join(folder, located.site.file), 'utf8'), located.site, {
        ...mutant('a<b'),
        to: 'a<=b',
      }),
    ).toBe('export const ready = (a: number, b: number) => a<=b\n')
  })
})

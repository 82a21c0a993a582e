import { readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { beforeAll, expect, it } from 'vitest'

/** The repository root (tsconfig.json) and the folder whose sources the invariant tests read. */
const ROOT = fileURLToPath(new URL('..', import.meta.url))
const SANDBOX = join(ROOT, 'sandbox')

/** Building a program over every source, and its checker's first answers, take seconds: on a busy 2-core machine, more than the 30 s default. */
export const PROGRAM_TIMEOUT = 120_000

/** What a source-invariant finder reports: where (`kernel/tenant.ts:130`, relative to `sandbox/`) and the offending code. */
export interface SourceFinding {
  where: string
  code: string
}

/**
 * A finding at `node`: its file relative to `sandbox/` and its line, with `code` (the node's text) on one line.
 *
 * @example
 * findingAt(comparison) // { where: 'domain/tokens.ts:90', code: 'expected === presented' }
 */
export function findingAt(node: ts.Node, code = node.getText()): SourceFinding {
  const file = node.getSourceFile()
  const { line } = file.getLineAndCharacterOfPosition(node.getStart(file))
  return { where: `${relative(SANDBOX, file.fileName)}:${line + 1}`, code: code.replace(/\s+/g, ' ') }
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : []
  })
}

let options: ts.CompilerOptions | undefined

/** tsconfig.json's compiler options (paths, NodeNext resolution, `.ts` imports, types). */
function compilerOptions(): ts.CompilerOptions {
  if (!options) {
    const parsed = ts.getParsedCommandLineOfConfigFile(
      join(ROOT, 'tsconfig.json'),
      { noEmit: true },
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
          throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))
        },
      },
    )
    if (!parsed) throw new Error('tsconfig.json could not be read')
    options = parsed.options
  }
  return options
}

let cached: ts.Program | undefined

/**
 * One `ts.Program` over the TypeScript sources under `sandbox/` (tests left out) with tsconfig.json's options, made
 * once per test file: for tests that check an invariant of the sources by types and symbols, not by spelling. Its
 * type checker (`program.getTypeChecker()`) resolves what a name refers to, however it was imported or renamed.
 *
 * @example
 * const checker = sourceProgram().getTypeChecker()
 */
export function sourceProgram(): ts.Program {
  cached ??= ts.createProgram({ rootNames: sourceFiles(SANDBOX), options: compilerOptions() })
  return cached
}

/**
 * The program's own source files under `sandbox/` (no declaration files, no tests), each with its path relative to
 * `sandbox/` (`domain/tokens.ts`): what a finder reads.
 *
 * @example
 * sandboxSources(sourceProgram()).filter(({ path }) => !path.startsWith('kernel/store/'))
 */
export function sandboxSources(program: ts.Program): Array<{ file: ts.SourceFile; path: string }> {
  return program
    .getSourceFiles()
    .filter((file) => !file.isDeclarationFile && !file.fileName.endsWith('.test.ts'))
    .map((file) => ({ file, path: relative(SANDBOX, file.fileName) }))
    .filter(({ path }) => !path.startsWith('..'))
}

/**
 * A program over in-memory sources at paths relative to `sandbox/` (files that need not exist), which may import the
 * real sources by relative path: for proving a finder against small snippets typed by the real `Tenant` or
 * `TenantStore`. The real files are parsed once, shared with {@link sourceProgram}.
 *
 * @example
 * const program = snippetProgram({ 'domain/snippet.ts': "import type { Tenant } from './kernel/tenant.ts'\n…" })
 * program.getSemanticDiagnostics(program.getSourceFile(sandboxPath('domain/snippet.ts'))) // [] when it type-checks
 */
function snippetProgram(snippets: Record<string, string>): ts.Program {
  const shared = sourceProgram()
  const virtual = new Map(Object.entries(snippets).map(([path, text]) => [sandboxPath(path), text]))
  const host = ts.createCompilerHost(compilerOptions())
  const { fileExists, readFile, getSourceFile } = host
  host.fileExists = (fileName) => virtual.has(fileName) || fileExists.call(host, fileName)
  host.readFile = (fileName) => virtual.get(fileName) ?? readFile.call(host, fileName)
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    const text = virtual.get(fileName)
    if (text !== undefined) return ts.createSourceFile(fileName, text, languageVersion, true)
    return shared.getSourceFile(fileName) ?? getSourceFile.call(host, fileName, languageVersion, onError, shouldCreate)
  }
  return ts.createProgram({ rootNames: [...virtual.keys()], options: compilerOptions(), host })
}

/**
 * The absolute file name of a path relative to `sandbox/` (a real source or a snippet).
 *
 * @example
 * program.getSourceFile(sandboxPath('kernel/tenant.ts'))
 */
function sandboxPath(path: string): string {
  return join(SANDBOX, path)
}

/**
 * The symbol a module under `sandbox/` exports as `name`: where a finder learns what it looks for (a class, a
 * method's declaration) by symbol, so the check follows it however it is imported or renamed at a use. Throws when
 * the module or the export is gone, so that a finder never passes for having lost track of what it checks.
 *
 * @example
 * exportedSymbol(program, 'kernel/tenant.ts', 'Tenant').members?.get('sign' as ts.__String)
 */
export function exportedSymbol(program: ts.Program, path: string, name: string): ts.Symbol {
  const file = program.getSourceFile(sandboxPath(path))
  const module = file && program.getTypeChecker().getSymbolAtLocation(file)
  const symbol =
    module &&
    program
      .getTypeChecker()
      .getExportsOfModule(module)
      .find((exported) => exported.name === name)
  if (!symbol)
    throw new Error(
      `sandbox/${path} exporting ${name} is not in the program: the finder no longer knows what it checks`,
    )
  return symbol
}

/** A finder's proof on snippets: each caught snippet's body and what it must report, and the bodies it must leave alone. */
interface FinderProof {
  finder: (program: ts.Program, files: readonly ts.SourceFile[]) => SourceFinding[]
  /** A whole module around a snippet's body (its imports and a function taking what the bodies use). */
  snippet: (body: string) => string
  caught: Record<string, { body: string; found: string[] }>
  passed: Record<string, string>
}

/**
 * Declares, in the current `describe`, the tests that prove a finder on snippets typed by the real sources: that they
 * type-check (so the finder resolves real types), that it reports what each caught snippet holds, and nothing of the
 * others.
 *
 * @example
 * describe('the finder, on snippets', () => proveFinder({ finder: findCollectionScans, snippet, caught: CAUGHT, passed: PASSED }))
 */
export function proveFinder({ finder, snippet, caught, passed }: FinderProof): void {
  const paths = (names: string[], kind: string) =>
    names.map((name, index) => [name, `domain/${kind}-snippet-${index}.ts`] as const)
  const caughtPaths = paths(Object.keys(caught), 'caught')
  const passedPaths = paths(Object.keys(passed), 'passed')
  let snippets: ts.Program
  const found = (path: string) => finder(snippets, [snippets.getSourceFile(sandboxPath(path))!]).map(({ code }) => code)

  beforeAll(() => {
    snippets = snippetProgram(
      Object.fromEntries([
        ...caughtPaths.map(([name, path]) => [path, snippet(caught[name]!.body)]),
        ...passedPaths.map(([name, path]) => [path, snippet(passed[name]!)]),
      ]),
    )
  }, PROGRAM_TIMEOUT)

  it(
    'type-checks them (so what it resolves is the real types)',
    () => {
      const problems = [...caughtPaths, ...passedPaths].flatMap(([, path]) => {
        const file = snippets.getSourceFile(sandboxPath(path))!
        return [...snippets.getSyntacticDiagnostics(file), ...snippets.getSemanticDiagnostics(file)].map(
          (diagnostic) => `${path}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`,
        )
      })
      expect(problems).toEqual([])
    },
    PROGRAM_TIMEOUT,
  )

  it.each(caughtPaths)(
    'catches %s',
    (name, path) => {
      expect(found(path)).toEqual(caught[name]!.found)
    },
    PROGRAM_TIMEOUT,
  )

  it.each(passedPaths)(
    'leaves alone %s',
    (_name, path) => {
      expect(found(path)).toEqual([])
    },
    PROGRAM_TIMEOUT,
  )
}

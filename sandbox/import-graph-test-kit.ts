import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

/** The repository root: graph nodes are paths relative to it (`sandbox/http/route.ts`). */
const ROOT = fileURLToPath(new URL('..', import.meta.url))

/**
 * Which files a source imports: repository paths for relative imports, `#room/…` subpath imports (package.json
 * "imports") and the package's own name (`ramp-sandbox/msw`, through "exports" to the source); bare names
 * (`zod`, `node:fs`) for other packages.
 */
export type ImportGraph = Map<string, string[]>

/** A test (`x.test.ts`, `x.test-d.ts`, `x.spec.ts`, `x.browser.test.ts`): it runs, nothing imports it. */
export const isTest = (file: string) => /\.(test|test-d|spec)\.ts$/.test(file)

/** A test kit (`x-test-kit.ts`): what tests share; it ships nowhere and stands outside the layers. */
export const isTestKit = (file: string) => file.endsWith('-test-kit.ts')

function sourcesUnder(dir: string, tests: boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourcesUnder(path, tests)
    return /\.ts$/.test(entry.name) && (tests || !isTest(entry.name)) ? [path] : []
  })
}

const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  name: string
  imports?: Record<string, string>
  exports: Record<string, string | { default: string }>
}

/** `#room/*` → `sandbox/room/`: package.json "imports", each a folder pattern. */
const SUBPATH_ROOMS = Object.entries(packageJson.imports ?? {}).map(([pattern, target]) => ({
  prefix: pattern.replace(/\*$/, ''),
  folder: target.replace(/^\.\//, '').replace(/\*$/, ''),
}))

/** The package's own name and subpaths (`ramp-sandbox/msw`) → the source behind each export, as vitest.config.ts aliases them. */
const SELF_EXPORTS = new Map(
  Object.entries(packageJson.exports).flatMap(([subpath, target]) =>
    typeof target === 'string'
      ? []
      : [
          [
            packageJson.name + subpath.slice(1),
            target.default.replace(/^\.\/dist\//, '').replace(/\.js$/, '.ts'),
          ] as const,
        ],
  ),
)

/**
 * The repository path an import specifier names, seen from `file` (a repository path): relative and `#room/…`
 * specifiers and the package's own name resolve to files; any other bare name stays as it is.
 *
 * @example
 * resolveSpecifier('sandbox/http/route.ts', '#kernel/tenant.ts') // 'sandbox/kernel/tenant.ts'
 * resolveSpecifier('sandbox/http/route.ts', '../kernel/tenant.ts') // 'sandbox/kernel/tenant.ts'
 */
export function resolveSpecifier(file: string, specifier: string): string {
  if (specifier.startsWith('.')) return relative(ROOT, resolve(ROOT, dirname(file), specifier))
  if (specifier.startsWith('#')) {
    const room = SUBPATH_ROOMS.find(({ prefix }) => specifier.startsWith(prefix))
    return room === undefined ? specifier : room.folder + specifier.slice(room.prefix.length)
  }
  return SELF_EXPORTS.get(specifier) ?? specifier
}

/** The `#room/` prefixes of package.json "imports" and the folders they name (`{prefix: '#kernel/', folder: 'sandbox/kernel/'}`). */
export const subpathRooms = (): ReadonlyArray<{ prefix: string; folder: string }> => SUBPATH_ROOMS

/**
 * The import specifiers, as written, of every source under `folders` (tests too when `tests` is set), static ones
 * and type-only ones alike, read with TypeScript's own pre-processor, so an import in a comment or a string is not one.
 *
 * @example
 * importSpecifiers(['sandbox']).get('sandbox/http/route.ts') // ['./plain-http.ts', '#kernel/tenant.ts', 'zod', …]
 */
export function importSpecifiers(
  folders: string[],
  { tests = false }: { tests?: boolean } = {},
): Map<string, string[]> {
  const specifiers = new Map<string, string[]>()
  for (const path of folders.flatMap((folder) => sourcesUnder(join(ROOT, folder), tests))) {
    const { importedFiles } = ts.preProcessFile(readFileSync(path, 'utf8'), true, true)
    specifiers.set(
      relative(ROOT, path),
      importedFiles.map(({ fileName }) => fileName),
    )
  }
  return specifiers
}

/**
 * The static imports (type-only ones too: they tie the files as much) of every source under `folders` (tests too
 * when `tests` is set), each resolved to a repository path (or left a package name: {@link resolveSpecifier}).
 *
 * @example
 * importGraph(['sandbox', 'harness']).get('sandbox/http/route.ts') // ['sandbox/http/plain-http.ts', …]
 */
export function importGraph(folders: string[], options: { tests?: boolean } = {}): ImportGraph {
  const graph: ImportGraph = new Map()
  for (const [file, specifiers] of importSpecifiers(folders, options))
    graph.set(file, [...new Set(specifiers.map((specifier) => resolveSpecifier(file, specifier)))])
  return graph
}

/**
 * Every import circle of the graph (its strongly connected components of more than one file, or a file importing
 * itself), each as its sorted files: Tarjan's algorithm.
 *
 * @example
 * importCircles(new Map([['a.ts', ['b.ts']], ['b.ts', ['a.ts']]])) // [['a.ts', 'b.ts']]
 */
export function importCircles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const circles: string[][] = []
  const visit = (file: string) => {
    index.set(file, index.size)
    low.set(file, index.get(file)!)
    stack.push(file)
    onStack.add(file)
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue
      if (!index.has(next)) {
        visit(next)
        low.set(file, Math.min(low.get(file)!, low.get(next)!))
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!))
    }
    if (low.get(file) !== index.get(file)) return
    const component: string[] = []
    let member: string
    do {
      member = stack.pop()!
      onStack.delete(member)
      component.push(member)
    } while (member !== file)
    if (component.length > 1 || (graph.get(file) ?? []).includes(file)) circles.push(component.sort())
  }
  for (const file of graph.keys()) if (!index.has(file)) visit(file)
  return circles
}

/** An import that breaks a layer rule: the importing file and what it imports. */
type ForbiddenImport = `${string} -> ${string}`

/**
 * The imports of files matched by `from` whose target `forbidden` says they may not have.
 *
 * @example
 * forbiddenImports(graph, (file) => file.startsWith('sandbox/contract/'), (target) => target !== 'zod' && !target.startsWith('sandbox/contract/'))
 */
export function forbiddenImports(
  graph: ImportGraph,
  from: (file: string) => boolean,
  forbidden: (target: string, file: string) => boolean,
): ForbiddenImport[] {
  return [...graph].flatMap(([file, targets]) =>
    from(file)
      ? targets.filter((target) => forbidden(target, file)).map((target): ForbiddenImport => `${file} -> ${target}`)
      : [],
  )
}

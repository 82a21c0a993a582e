import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

/** The repository root: graph nodes are paths relative to it (`sandbox/http/route.ts`). */
const ROOT = fileURLToPath(new URL('..', import.meta.url))

/** Which files a source imports: repository paths for relative imports, bare names (`zod`, `node:fs`) for packages. */
export type ImportGraph = Map<string, string[]>

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourcesUnder(path)
    return /\.ts$/.test(entry.name) && !/\.(test|test-d|spec)\.ts$/.test(entry.name) ? [path] : []
  })
}

/**
 * The static imports (type-only ones too: they tie the files as much) of every non-test source under `folders`,
 * read with TypeScript's own pre-processor, so an import in a comment or a string is not one.
 *
 * @example
 * importGraph(['sandbox', 'harness']).get('sandbox/http/route.ts') // ['sandbox/http/plain-http.ts', …]
 */
export function importGraph(folders: string[]): ImportGraph {
  const graph: ImportGraph = new Map()
  for (const file of folders.flatMap((folder) => sourcesUnder(join(ROOT, folder)))) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
    const targets = importedFiles.map(({ fileName }) => (fileName.startsWith('.') ? relative(ROOT, resolve(dirname(file), fileName)) : fileName))
    graph.set(relative(ROOT, file), [...new Set(targets)])
  }
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
export function forbiddenImports(graph: ImportGraph, from: (file: string) => boolean, forbidden: (target: string, file: string) => boolean): ForbiddenImport[] {
  return [...graph].flatMap(([file, targets]) => (from(file) ? targets.filter((target) => forbidden(target, file)).map((target): ForbiddenImport => `${file} -> ${target}`) : []))
}

// Where a mutant's code is: found by what the code says, not by where it lives, so a file moved or reformatted
// keeps its mutants (issue 38: five of thirteen went stale silently when their lines moved).
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'

/** One deliberate defect: the code `from` (found once across the sources) becomes `to`; a test in `tests` must fail. */
export interface Mutant {
  name: string
  /** A snippet of the code to break. Whitespace is loose: runs of it match any run, and it may appear or vanish next to punctuation. */
  from: string
  to: string
  /** Narrows the search to the declarations (functions, methods, classes, variables) of this name, when `from` alone is not unique. */
  within?: string
  /** Test files (from the repository's root) of which at least one test must fail. */
  tests: string[]
}

/** Where a mutant applies: the file, and the text the breakage replaces there. */
interface MutantSite {
  file: string
  start: number
  end: number
}

/** Folders whose code ships: tests, test kits and fixtures are not mutated. */
const SOURCE_ROOTS = ['sandbox', 'harness']

/** Every shipped source file under `root` (paths relative to it, sorted) with its text: read once for all mutants. */
export function readSources(root: string): Map<string, string> {
  const files: string[] = []
  for (const folder of SOURCE_ROOTS) {
    for (const entry of readdirSync(join(root, folder), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.test\.tsx?$|test-kit\.tsx?$/.test(entry.name)) continue
      files.push(relative(root, join(entry.parentPath, entry.name)))
    }
  }
  return new Map(files.sort().map((file) => [file, readFileSync(join(root, file), 'utf8')]))
}

const WORD = /[\w$]/

/**
 * A pattern for `snippet` that tolerates whitespace: where the snippet has a run of it, any run matches (none, next
 * to punctuation); between two characters of which one is punctuation, whitespace may appear.
 */
export function snippetPattern(snippet: string): RegExp {
  let source = ''
  let before: string | undefined
  let spaced = false
  for (const char of snippet.trim()) {
    if (/\s/.test(char)) {
      spaced = true
      continue
    }
    if (before !== undefined) {
      const glued = WORD.test(before) && WORD.test(char)
      source += glued ? (spaced ? '\\s+' : '') : '\\s*'
    }
    source += char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    before = char
    spaced = false
  }
  return new RegExp(source, 'g')
}

/** The spans of the declarations named `name` in a file. */
function declarationSpans(file: string, text: string, name: string): Array<[number, number]> {
  const spans: Array<[number, number]> = []
  const visit = (node: ts.Node): void => {
    const named =
      (ts.isFunctionDeclaration(node) ||
        ts.isMethodDeclaration(node) ||
        ts.isClassDeclaration(node) ||
        ts.isVariableDeclaration(node) ||
        ts.isPropertyDeclaration(node) ||
        ts.isPropertyAssignment(node)) &&
      node.name !== undefined &&
      ts.isIdentifier(node.name) &&
      node.name.text === name
    if (named) spans.push([node.getStart(source), node.getEnd()])
    ts.forEachChild(node, visit)
  }
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  visit(source)
  return spans
}

/** Every place `mutant.from` occurs across `sources`, inside `mutant.within` when given. */
function findMutantSites(sources: ReadonlyMap<string, string>, mutant: Mutant): MutantSite[] {
  const pattern = snippetPattern(mutant.from)
  const sites: MutantSite[] = []
  for (const [file, text] of sources) {
    const matches = [...text.matchAll(pattern)]
    if (matches.length === 0) continue
    const spans =
      mutant.within === undefined ? [[0, text.length] as [number, number]] : declarationSpans(file, text, mutant.within)
    for (const match of matches) {
      const start = match.index
      const end = start + match[0].length
      if (spans.some(([from, to]) => start >= from && end <= to)) sites.push({ file, start, end })
    }
  }
  return sites
}

/** The one place a mutant applies, or why it does not (none, or more than one). */
export function locateMutant(
  sources: ReadonlyMap<string, string>,
  mutant: Mutant,
): { site: MutantSite } | { problem: string } {
  const sites = findMutantSites(sources, mutant)
  const where = mutant.within === undefined ? '' : ` inside ${mutant.within}`
  if (sites.length === 1) return { site: sites[0]! }
  if (sites.length === 0)
    return { problem: `its code${where} is nowhere in ${SOURCE_ROOTS.join('/, ')}/: ${mutant.from}` }
  return {
    problem: `its code${where} occurs ${sites.length} times (${[...new Set(sites.map((s) => s.file))].join(', ')}); name the declaration with \`within\``,
  }
}

/** The text of `site`'s file with the mutant applied. */
export function mutatedText(text: string, site: MutantSite, mutant: Mutant): string {
  return text.slice(0, site.start) + mutant.to + text.slice(site.end)
}

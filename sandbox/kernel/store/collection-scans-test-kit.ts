import ts from 'typescript'
import { exportedSymbol, findingAt, sandboxSources, type SourceFinding } from '../../source-program-test-kit.ts'

/** What scans a collection: its `filter` and `all`, and its raw @msw/data `collection` (whose queries all scan). */
const SCANS = new Set(['filter', 'all', 'collection'])

/**
 * Every read of an `IndexedCollection`'s `filter`, `all` or `collection` in `files` — a property access, a
 * literal element access or a destructuring — however the collection got there (`store.sessions`, a destructured
 * `sessions`, an alias, a parameter): the receiver is known by its type, resolved to the class in
 * `kernel/store/indexed-collection.ts`, not by how it is spelled. `where`, `get`, `oldest` … answer from an index and are
 * left alone, as is any other type's `filter` (an array's).
 *
 * @example
 * findCollectionScans(sourceProgram()) // [{ where: 'domain/sessions.ts:12', code: 'sessions.filter' }] for a scan there
 */
export function findCollectionScans(
  program: ts.Program,
  files: readonly ts.SourceFile[] = sandboxSources(program).map(({ file }) => file),
): SourceFinding[] {
  const checker = program.getTypeChecker()
  const collectionClass = exportedSymbol(program, 'kernel/store/indexed-collection.ts', 'IndexedCollection')
  const classDeclaration = collectionClass.declarations?.find(ts.isClassDeclaration)
  if (!classDeclaration)
    throw new Error('IndexedCollection is no class: the finder no longer knows what a collection is')

  const isCollection = (type: ts.Type): boolean => {
    if (type.isUnionOrIntersection()) return type.types.some(isCollection)
    const symbol = type.getSymbol()
    if (symbol === collectionClass) return true
    const target = (type as ts.TypeReference).target ?? type
    return target.isClassOrInterface() && (checker.getBaseTypes(target) ?? []).some(isCollection)
  }
  /** A member the class declares (a subclass's inherited `filter` is still the class's). */
  const isMember = (symbol: ts.Symbol | undefined) =>
    (symbol?.declarations ?? []).some((declaration) => declaration.parent === classDeclaration)
  const scans = (receiver: ts.Node, member: ts.Symbol | undefined, name: string) => {
    if (isMember(member)) return true
    const type = checker.getTypeAtLocation(receiver)
    return isCollection(type) || isMember(checker.getPropertyOfType(type, name))
  }

  const findings: SourceFinding[] = []
  const visit = (node: ts.Node): void => {
    if (
      ts.isPropertyAccessExpression(node) &&
      SCANS.has(node.name.text) &&
      scans(node.expression, checker.getSymbolAtLocation(node.name), node.name.text)
    ) {
      findings.push(findingAt(node))
    } else if (
      ts.isElementAccessExpression(node) &&
      ts.isStringLiteralLike(node.argumentExpression) &&
      SCANS.has(node.argumentExpression.text)
    ) {
      if (scans(node.expression, checker.getSymbolAtLocation(node.argumentExpression), node.argumentExpression.text))
        findings.push(findingAt(node))
    } else if (ts.isBindingElement(node) && ts.isObjectBindingPattern(node.parent)) {
      const key = node.propertyName ?? node.name
      const name = ts.isIdentifier(key) || ts.isStringLiteralLike(key) ? key.text : undefined
      if (name !== undefined && SCANS.has(name) && scans(node.parent, undefined, name)) findings.push(findingAt(node))
    }
    ts.forEachChild(node, visit)
  }
  for (const file of files) visit(file)
  return findings
}

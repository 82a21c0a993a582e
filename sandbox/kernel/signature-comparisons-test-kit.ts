import ts from 'typescript'
import { exportedSymbol, findingAt, sandboxSources, type SourceFinding } from '../source-program-test-kit.ts'

const EQUALITY = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
])
const ASSIGNMENT = new Set([
  ts.SyntaxKind.EqualsToken,
  ts.SyntaxKind.BarBarEqualsToken,
  ts.SyntaxKind.QuestionQuestionEqualsToken,
  ts.SyntaxKind.AmpersandAmpersandEqualsToken,
])
/** Operators whose value is one of their operands, or holds it (`+` concatenates). */
const PASSING = new Set([
  ts.SyntaxKind.BarBarToken,
  ts.SyntaxKind.QuestionQuestionToken,
  ts.SyntaxKind.AmpersandAmpersandToken,
  ts.SyntaxKind.PlusToken,
])
// A name like `signature`, but not a header's name (`webhookSignatureHeader` holds `moonpay-signature-v2`, not a digest).
const SIGNATURE_NAME = /signature(?!.*header)/i

/** The expression under parentheses, type assertions, `!` and `await`. */
function unwrap(expression: ts.Expression): ts.Expression {
  while (
    ts.isParenthesizedExpression(expression) ||
    ts.isAsExpression(expression) ||
    ts.isSatisfiesExpression(expression) ||
    ts.isNonNullExpression(expression) ||
    ts.isTypeAssertionExpression(expression) ||
    ts.isAwaitExpression(expression)
  ) {
    expression = expression.expression
  }
  return expression
}

/**
 * An operand that makes a comparison no signature check: `null`, `undefined`, a literal, `void …`, or a `typeof`
 * (`typeof x.signature === 'string'` asks for a type, `signature === null` for presence, neither for a value).
 */
function exempt(operand: ts.Expression): boolean {
  const node = unwrap(operand)
  if (ts.isLiteralExpression(node) || ts.isTypeOfExpression(node) || ts.isVoidExpression(node)) return true
  if (ts.isPrefixUnaryExpression(node) && ts.isLiteralExpression(node.operand)) return true
  if (ts.isIdentifier(node)) return node.text === 'undefined'
  return [ts.SyntaxKind.NullKeyword, ts.SyntaxKind.TrueKeyword, ts.SyntaxKind.FalseKeyword].includes(node.kind)
}

function stringLike(type: ts.Type): boolean {
  if (type.isUnionOrIntersection()) return type.types.some(stringLike)
  return (type.flags & ts.TypeFlags.StringLike) !== 0
}

/** The name a property access, a literal element access or an identifier reads by, if any. */
function nameOf(node: ts.Node): string | undefined {
  if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) return node.text
  if (ts.isPropertyAccessExpression(node)) return node.name.text
  if (ts.isElementAccessExpression(node) && ts.isStringLiteralLike(node.argumentExpression))
    return node.argumentExpression.text
  return undefined
}

/** The expressions a function returns (its expression body, or its `return`s outside nested functions). */
function returnedExpressions(fn: ts.SignatureDeclaration): ts.Expression[] {
  const body = (fn as { body?: ts.Node }).body
  if (!body) return []
  if (!ts.isBlock(body)) return [body as ts.Expression]
  const returned: ts.Expression[] = []
  const visit = (node: ts.Node): void => {
    if (ts.isReturnStatement(node) && node.expression) returned.push(node.expression)
    if (!ts.isFunctionLike(node)) ts.forEachChild(node, visit)
  }
  ts.forEachChild(body, visit)
  return returned
}

/**
 * Which values are signatures, by symbols and data flow: `Tenant.sign`'s result and any HMAC's (a function of type
 * `HmacSha256`, however it is imported, renamed, bound or wrapped), what a variable, property, destructured binding,
 * (re)assignment, function return, concatenation or template takes from one, and a string named like `signature`.
 */
class SignatureValues {
  private readonly checker: ts.TypeChecker
  /** `Tenant.sign`'s declaration, and `HmacSha256`'s alias and its function type (a call's signature declaration). */
  private readonly sign: ts.Declaration
  private readonly hmac: ts.Symbol
  private readonly hmacType: ts.Node
  private readonly known = new Map<object, boolean>()
  private readonly underway = new Set<object>()
  /** How many times a query met one still under way (a cycle): a `false` found meanwhile is not final. */
  private cycles = 0
  private assignmentsByName: Map<string, ts.BinaryExpression[]> | undefined

  constructor(private readonly program: ts.Program) {
    this.checker = program.getTypeChecker()
    const sign = exportedSymbol(program, 'kernel/tenant.ts', 'Tenant').members?.get('sign' as ts.__String)
      ?.declarations?.[0]
    if (!sign) throw new Error('Tenant.sign is gone: the finder no longer knows where signatures come from')
    this.sign = sign
    this.hmac = exportedSymbol(program, 'kernel/hmac.ts', 'HmacSha256')
    const alias = this.hmac.declarations?.find(ts.isTypeAliasDeclaration)
    if (!alias) throw new Error('HmacSha256 is no type alias: the finder no longer knows what an HMAC is')
    this.hmacType = alias.type
  }

  /** Whether `expression`'s value is a signature (or holds one, as a token does). */
  holdsSignature(expression: ts.Expression): boolean {
    const node = unwrap(expression)
    if (ts.isCallExpression(node)) return this.signingCall(node)
    if (ts.isConditionalExpression(node))
      return this.holdsSignature(node.whenTrue) || this.holdsSignature(node.whenFalse)
    if (ts.isTemplateExpression(node)) return node.templateSpans.some((span) => this.holdsSignature(span.expression))
    if (ts.isBinaryExpression(node)) {
      const operator = node.operatorToken.kind
      if (PASSING.has(operator)) return this.holdsSignature(node.left) || this.holdsSignature(node.right)
      if (ASSIGNMENT.has(operator) || operator === ts.SyntaxKind.CommaToken) return this.holdsSignature(node.right)
      return false
    }
    if (ts.isIdentifier(node) || ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) {
      return (
        this.namedSignature(node) ||
        this.symbolHolds(
          this.checker.getSymbolAtLocation(ts.isElementAccessExpression(node) ? node.argumentExpression : node),
        )
      )
    }
    return false
  }

  /** A string read by a name like `signature` (`quote.signature`, `const [, signature] = token.split('.')`). */
  private namedSignature(node: ts.Expression): boolean {
    const name = nameOf(node)
    return name !== undefined && SIGNATURE_NAME.test(name) && stringLike(this.checker.getTypeAtLocation(node))
  }

  /** A call of `Tenant.sign` or an HMAC, of a function returning a signature, or a string method of a signature. */
  private signingCall(call: ts.CallExpression): boolean {
    const declaration = this.checker.getResolvedSignature(call)?.declaration
    if (declaration === this.sign || declaration === this.hmacType) return true
    const callee = this.resolved(this.checker.getSymbolAtLocation(call.expression))
    if (callee?.declarations?.includes(this.sign)) return true
    if (this.checker.getTypeAtLocation(call.expression).aliasSymbol === this.hmac) return true
    if (
      declaration &&
      !ts.isJSDocSignature(declaration) &&
      !declaration.getSourceFile().isDeclarationFile &&
      this.returnsSignature(declaration)
    )
      return true
    const method = unwrap(call.expression)
    return (
      ts.isPropertyAccessExpression(method) &&
      this.holdsSignature(method.expression) &&
      stringLike(this.checker.getTypeAtLocation(call))
    )
  }

  private returnsSignature(fn: ts.SignatureDeclaration): boolean {
    return this.once(fn, () => returnedExpressions(fn).some((returned) => this.holdsSignature(returned)))
  }

  private resolved(symbol: ts.Symbol | undefined): ts.Symbol | undefined {
    return symbol && symbol.flags & ts.SymbolFlags.Alias ? this.checker.getAliasedSymbol(symbol) : symbol
  }

  /** Whether what a variable or property holds comes from a signature: its initializers and its assignments. */
  private symbolHolds(found: ts.Symbol | undefined): boolean {
    const symbol = this.resolved(found)
    if (!symbol) return false
    return this.once(symbol, () => {
      for (const declaration of symbol.declarations ?? []) {
        if (declaration.getSourceFile().isDeclarationFile) continue
        if (
          ts.isVariableDeclaration(declaration) ||
          ts.isPropertyDeclaration(declaration) ||
          ts.isPropertyAssignment(declaration)
        ) {
          if (declaration.initializer && this.holdsSignature(declaration.initializer)) return true
        }
        if (
          ts.isShorthandPropertyAssignment(declaration) &&
          this.symbolHolds(this.checker.getShorthandAssignmentValueSymbol(declaration))
        )
          return true
        if (ts.isBindingElement(declaration) && this.bindingHolds(declaration)) return true
        if (ts.isGetAccessorDeclaration(declaration) && this.returnsSignature(declaration)) return true
      }
      return this.assignedTo(symbol).some((assigned) => this.holdsSignature(assigned))
    })
  }

  /** A destructured binding: its default, the property it reads (named like `signature`, or holding one), an array literal's element. */
  private bindingHolds(element: ts.BindingElement): boolean {
    if (element.initializer && this.holdsSignature(element.initializer)) return true
    const pattern = element.parent
    if (ts.isObjectBindingPattern(pattern)) {
      const key = element.propertyName ?? element.name
      const name = ts.isIdentifier(key) || ts.isStringLiteralLike(key) ? key.text : undefined
      if (name === undefined) return false
      if (SIGNATURE_NAME.test(name) && stringLike(this.checker.getTypeAtLocation(element))) return true
      return this.symbolHolds(this.checker.getPropertyOfType(this.checker.getTypeAtLocation(pattern), name))
    }
    const source = ts.isVariableDeclaration(pattern.parent) ? pattern.parent.initializer : undefined
    const item =
      source && ts.isArrayLiteralExpression(unwrap(source))
        ? (unwrap(source) as ts.ArrayLiteralExpression).elements[pattern.elements.indexOf(element)]
        : undefined
    return item !== undefined && this.holdsSignature(item)
  }

  /** The values assigned (`=`, `||=`, `??=`, `&&=`) to this symbol anywhere in the program's own sources. */
  private assignedTo(symbol: ts.Symbol): ts.Expression[] {
    return (this.assignments().get(symbol.name) ?? [])
      .filter(({ left }) => {
        const target = this.resolved(
          this.checker.getSymbolAtLocation(ts.isElementAccessExpression(left) ? left.argumentExpression : left),
        )
        return (
          target === symbol ||
          (target?.declarations ?? []).some((declaration) => symbol.declarations?.includes(declaration))
        )
      })
      .map(({ right }) => right)
  }

  /** Every assignment in the program's own sources, by the name assigned to (a syntactic index, resolved on demand). */
  private assignments(): Map<string, ts.BinaryExpression[]> {
    if (!this.assignmentsByName) {
      const byName = new Map<string, ts.BinaryExpression[]>()
      const visit = (node: ts.Node): void => {
        if (ts.isBinaryExpression(node) && ASSIGNMENT.has(node.operatorToken.kind)) {
          const name = nameOf(unwrap(node.left))
          if (name !== undefined) byName.set(name, [...(byName.get(name) ?? []), node])
        }
        ts.forEachChild(node, visit)
      }
      for (const file of this.program.getSourceFiles()) if (!file.isDeclarationFile) visit(file)
      this.assignmentsByName = byName
    }
    return this.assignmentsByName
  }

  /** `compute`'s answer for `key`, once; a key met again while under way (a cycle) answers `false` for that path. */
  private once(key: object, compute: () => boolean): boolean {
    const known = this.known.get(key)
    if (known !== undefined) return known
    if (this.underway.has(key)) {
      this.cycles++
      return false
    }
    this.underway.add(key)
    const cyclesBefore = this.cycles
    const answer = compute()
    this.underway.delete(key)
    if (answer || this.cycles === cyclesBefore) this.known.set(key, answer)
    return answer
  }
}

/**
 * Every equality comparison (`===`, `!==`, `==`, `!=`, a `switch` case) in `files` where an operand is a signature:
 * such a comparison stops at the first differing character, so its time tells a caller how much of a forged
 * signature is right. Signatures are compared by `tenant.verify` (constant time) instead. A comparison with `null`,
 * `undefined`, a literal or a `typeof` is not a check of a signature's value and is left alone.
 *
 * @example
 * findSignatureComparisons(sourceProgram()) // [] ; or [{ where: 'kernel/tenant.ts:130', code: 'expected === presented' }]
 */
export function findSignatureComparisons(
  program: ts.Program,
  files: readonly ts.SourceFile[] = sandboxSources(program).map(({ file }) => file),
): SourceFinding[] {
  const values = new SignatureValues(program)
  const comparesSignature = (a: ts.Expression, b: ts.Expression) =>
    !exempt(a) && !exempt(b) && (values.holdsSignature(a) || values.holdsSignature(b))
  const findings: SourceFinding[] = []
  const visit = (node: ts.Node): void => {
    if (
      ts.isBinaryExpression(node) &&
      EQUALITY.has(node.operatorToken.kind) &&
      comparesSignature(node.left, node.right)
    )
      findings.push(findingAt(node))
    if (ts.isCaseClause(node) && comparesSignature(node.parent.parent.expression, node.expression)) {
      findings.push(
        findingAt(
          node.expression,
          `switch (${node.parent.parent.expression.getText()}) case ${node.expression.getText()}`,
        ),
      )
    }
    ts.forEachChild(node, visit)
  }
  for (const file of files) visit(file)
  return findings
}

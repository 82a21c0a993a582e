import { describe, expect, it } from 'vitest'
import { rewriteImports, subpathSpecifier } from './subpath-imports.ts'

describe('the subpath-imports codemod', () => {
  it('writes an import that leaves its room as #room/…, however deep, and keeps one within its room relative', () => {
    expect(subpathSpecifier('sandbox/http/routes/quote-routes.ts', '../../kernel/store/tenant-store.ts')).toBe(
      '#kernel/store/tenant-store.ts',
    )
    expect(subpathSpecifier('scenarios/onramp/card-buy.scenario.ts', '../../harness/steps.ts')).toBe(
      '#harness/steps.ts',
    )
    expect(subpathSpecifier('sandbox/http/routes/quote-routes.ts', '../route.ts')).toBe('../route.ts')
  })

  it('writes a #room/… import within its own room relative, and leaves packages and roomless files alone', () => {
    expect(subpathSpecifier('sandbox/http/routes/quote-routes.ts', '#http/route.ts')).toBe('../route.ts')
    expect(subpathSpecifier('sandbox/http/route.ts', '#http/routes/index.ts')).toBe('./routes/index.ts')
    expect(subpathSpecifier('sandbox/kernel/store/a.test.ts', '../../source-program-test-kit.ts')).toBe(
      '../../source-program-test-kit.ts',
    )
    expect(subpathSpecifier('sandbox/http/route.ts', 'zod')).toBe('zod')
  })

  it('rewrites static, type-only, re-exported and dynamic imports, not strings in comments, and a second run changes nothing', () => {
    const text = [
      "import { a } from '../kernel/a.ts'",
      'import type { B } from "../../fixtures/b.ts"',
      "export { c } from './c.ts'",
      "// import { d } from '../domain/d.ts'",
      "const e = await import('../domain/e.ts')",
    ].join('\n')
    const once = rewriteImports('sandbox/http/x.ts', text)
    expect(once).toBe(
      [
        "import { a } from '#kernel/a.ts'",
        'import type { B } from "#fixtures/b.ts"',
        "export { c } from './c.ts'",
        "// import { d } from '../domain/d.ts'",
        "const e = await import('#domain/e.ts')",
      ].join('\n'),
    )
    expect(rewriteImports('sandbox/http/x.ts', once)).toBe(once)
  })
})

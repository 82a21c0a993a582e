import { describe, expect, it } from 'vitest'
import { rewriteSubpathSpecifiers, subpathRooms, subpathSpecifiersIn } from './subpath-specifiers.ts'

describe('subpath specifiers in what the build emits', () => {
  it('makes each #room/x.ts specifier of an emitted file the relative .js path beside it', () => {
    const emitted =
      "import { a } from '#kernel/tenant.ts';\nexport { b } from \"#http/routes/index.ts\";\nexport declare const c: import('#domain/quotes.js').Quote;"
    expect(rewriteSubpathSpecifiers(emitted, 'sandbox/http/route.js')).toBe(
      "import { a } from '../kernel/tenant.js';\nexport { b } from \"./routes/index.js\";\nexport declare const c: import('../domain/quotes.js').Quote;",
    )
    expect(rewriteSubpathSpecifiers("import { s } from '#harness/steps.ts'", 'harness/drivers/node-driver.d.ts')).toBe(
      "import { s } from '../steps.js'",
    )
  })

  it('leaves a string that names no room, and finds the #room/ specifiers left', () => {
    const text = "const id = '#not-a-room/x.ts'; import '#fixtures/index.ts'"
    expect(rewriteSubpathSpecifiers(text, 'sandbox/index.js')).toBe(
      "const id = '#not-a-room/x.ts'; import '../fixtures/index.js'",
    )
    expect(subpathSpecifiersIn(text)).toEqual(['#fixtures/index.ts'])
  })

  it('refuses package.json imports that are not #room/* → ./folder/* patterns', () => {
    expect(subpathRooms({ '#kernel/*': './sandbox/kernel/*' })).toEqual([
      { prefix: '#kernel/', folder: 'sandbox/kernel/' },
    ])
    expect(() => subpathRooms({ '#kernel': './sandbox/kernel/index.ts' })).toThrow(/not a #room/)
  })
})

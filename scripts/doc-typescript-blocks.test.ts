import { describe, expect, it } from 'vitest'
import { docBlocks, where, type DocBlock } from './doc-blocks.ts'
import { compileBlocks } from './doc-typescript.ts'

/**
 * Every TypeScript block of README.md and docs/*.md, and every JavaScript one not marked illustrative, compiles with
 * tsc (strict, NodeNext) against the package's declarations in dist/, as a partner's project would: what a block
 * takes from the code around it is declared in scripts/doc-typescript/context.d.ts.
 */

/**
 * Blocks known not to compile, each with the error it must give: the day it compiles (or fails otherwise), this test
 * fails so the entry is removed (or its error updated) by whoever changed it. None today.
 */
const KNOWN_DRIFT: ReadonlyArray<{ includes: string; error: RegExp; why: string }> = []

const blocks = docBlocks().filter((block) => block.check.kind === 'typescript')
const drift = (block: DocBlock) => KNOWN_DRIFT.find((entry) => block.body.includes(entry.includes))

describe('the TypeScript and JavaScript blocks of the docs', () => {
  it('are found (a README without them means the extraction broke)', () => {
    expect(blocks.length).toBeGreaterThan(15)
  })

  it('compile against the package as a partner imports it', async () => {
    const errors = await compileBlocks(blocks)
    const unexpected = blocks.filter((block) => !drift(block)).flatMap((block) => errors.get(block)!)
    expect(unexpected, 'a block that does not compile').toEqual([])
    for (const block of blocks.filter(drift)) {
      const known = drift(block)!
      expect(
        errors.get(block)!.join('\n'),
        `${where(block)} is known drift (${known.why}): when it compiles, remove it from KNOWN_DRIFT`,
      ).toMatch(known.error)
    }
    expect(
      KNOWN_DRIFT.filter((entry) => !blocks.some((block) => block.body.includes(entry.includes))),
      'KNOWN_DRIFT names a block no doc has',
    ).toEqual([])
  }, 120_000)
})

import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const doc = readFileSync(new URL('../docs/architecture.md', import.meta.url), 'utf8')
const read = (file: string) => readFileSync(new URL(`../${file}`, import.meta.url), 'utf8')

/** The files the doc's list of pipeline steps names (between its markers). */
function stepFiles(text: string): string[] {
  const steps = /<!-- pipeline-steps -->([\s\S]*?)<!-- \/pipeline-steps -->/.exec(text)?.[1] ?? ''
  return [...new Set([...steps.matchAll(/`(sandbox\/[\w/.-]+\.ts)`/g)].map(([, file]) => file!))]
}

/** The pipeline's own step files: what `sandbox-core.ts` and `admit.ts` import from sandbox/http/ (routes and options aside). */
function pipelineFiles(): string[] {
  const imports = ['sandbox/http/sandbox-core.ts', 'sandbox/http/admit.ts'].flatMap((file) =>
    [...read(file).matchAll(/^import (?!type )[^\n]* from '\.\/([\w-]+\.ts)'/gm)].map(
      ([, name]) => `sandbox/http/${name}`,
    ),
  )
  return [...new Set(['sandbox/http/sandbox-core.ts', ...imports])]
    .filter((file) => !/sandbox-options|\/route\.ts$/.test(file))
    .sort()
}

describe("docs/architecture.md's request flow", () => {
  it('names every step file the pipeline imports', () => {
    const named = stepFiles(doc)
    expect(pipelineFiles().filter((file) => file !== 'sandbox/http/sandbox-core.ts' && !named.includes(file))).toEqual(
      [],
    )
    expect(pipelineFiles()).toEqual(
      expect.arrayContaining(['sandbox/http/admit.ts', 'sandbox/http/router.ts', 'sandbox/http/journal-api-call.ts']),
    )
  })

  it('names only files that exist, in its steps and in its paths', () => {
    const every = [...new Set([...doc.matchAll(/`(sandbox\/[\w/.-]+\.ts)`/g)].map(([, file]) => file!))]
    expect(every.length).toBeGreaterThan(15)
    expect(
      every.filter(
        (file) => !existsSync(new URL(`../${file}`, import.meta.url)) && !file.endsWith('frames-handler.ts'),
      ),
    ).toEqual([])
  })

  it('finds a step file missing from a list that leaves it out', () => {
    const without = doc.replace('`sandbox/http/admit.ts`', '`admit`')
    expect(
      pipelineFiles().filter((file) => file !== 'sandbox/http/sandbox-core.ts' && !stepFiles(without).includes(file)),
    ).toEqual(['sandbox/http/admit.ts'])
  })
})

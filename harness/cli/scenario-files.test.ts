import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findScenarioFiles, globToRegExp, scenarioId } from './scenario-files.ts'

let dir: string
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'ramp-files-'))
  for (const file of [
    'scenarios/a.scenario.ts',
    'scenarios/deep/b.scenario.mjs',
    'scenarios/deep/c.scenario.js',
    'scenarios/notes.ts',
    'scenarios/node_modules/x.scenario.ts',
    'scenarios/.cache/y.scenario.ts',
    'e2e/z.scenario.ts',
  ]) {
    mkdirSync(dirname(join(dir, file)), { recursive: true })
    writeFileSync(join(dir, file), '')
  }
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const ids = (files: string[]) => files.map((file) => scenarioId(file, dir))

describe('globToRegExp', () => {
  it('reads ** as any directories, * within one, and {a,b} as either', () => {
    const glob = globToRegExp('scenarios/**/*.scenario.{ts,mjs}')
    expect(['scenarios/a.scenario.ts', 'scenarios/x/y/b.scenario.mjs'].every((path) => glob.test(path))).toBe(true)
    expect(
      ['scenarios/a.scenario.js', 'other/a.scenario.ts', 'scenarios/x/a.test.ts'].some((path) => glob.test(path)),
    ).toBe(false)
  })
})

describe('findScenarioFiles', () => {
  it('finds scenarios/**/*.scenario.{ts,js,mjs} by default, sorted, outside node_modules and dot-directories', () => {
    expect(ids(findScenarioFiles([], dir))).toEqual(['scenarios/a', 'scenarios/deep/b', 'scenarios/deep/c'])
  })

  it('takes directories, files and globs, once each', () => {
    expect(ids(findScenarioFiles(['e2e', 'scenarios/a.scenario.ts', 'scenarios/**/*.scenario.ts'], dir))).toEqual([
      'e2e/z',
      'scenarios/a',
    ])
  })
})

/**
 * `npm run lint` bites (decision 0098): its own two commands, run as package.json says on tiny projects in a temporary
 * folder with this repository's rules (biome.json without its git settings; knip.json with the fixture's entry), fail
 * on a known finding and pass once it is gone.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

const root = new URL('..', import.meta.url).pathname
const readJson = (file: string) => JSON.parse(readFileSync(join(root, file), 'utf8')) as Record<string, unknown>
const [biomeCommand, knipCommand] = String((readJson('package.json').scripts as Record<string, string>).lint).split(
  ' && ',
)

const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

/** A temporary project holding `files`. */
function project(files: Record<string, string>): string {
  const folder = mkdtempSync(join(tmpdir(), 'lint-test-'))
  folders.push(folder)
  for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, name), text)
  return folder
}

/** Runs one of the lint script's commands (`biome …` or `knip`) from this repository's node_modules, in `cwd`. */
function run(command: string, cwd: string): Promise<{ code: number; output: string }> {
  const [tool, ...args] = command.split(' ')
  return new Promise((resolve) => {
    execFile(join(root, 'node_modules/.bin', tool!), args, { cwd, timeout: 20_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr })
    })
  })
}

/**
 * A temporary project with this repository's biome.json (less what ties it to a git checkout; formatted, as Biome
 * checks its own configuration file too) and `files`.
 */
async function biomeProject(files: Record<string, string>): Promise<string> {
  const { vcs: _vcs, $schema: _schema, ...config } = readJson('biome.json')
  const folder = project({ 'biome.json': JSON.stringify(config), ...files })
  const formatted = await run('biome format --write biome.json', folder)
  expect(formatted.code, formatted.output).toBe(0)
  return folder
}

/** Code in the house style that uses the conventions biome.json allows on purpose. */
const HOUSE = `const byKey = new Map<string, number[]>()

/** A checked index, an assignment in an expression and a comma in an arrow, as the tree writes them. */
export function firstOf(key: string, values: number[]): number {
  let list = byKey.get(key)
  if (!list) byKey.set(key, (list = []))
  const seen: number[] = []
  values.forEach((value) => void (seen.push(value), list.push(value)))
  return values.length > 0 ? values[0]! : seen.length
}
`

describe('npm run lint: biome', () => {
  it('fails on an unused import (a warning in the recommended rules)', async () => {
    const { code, output } = await run(
      biomeCommand!,
      await biomeProject({ 'a.ts': `import { readFile } from 'node:fs'\n${HOUSE}` }),
    )
    expect(code).not.toBe(0)
    expect(output).toContain('lint/correctness/noUnusedImports')
  })

  it('fails on code not in the house format (double quotes and semicolons)', async () => {
    const { code, output } = await run(
      biomeCommand!,
      await biomeProject({ 'a.ts': `${HOUSE}export const name = "x";\n` }),
    )
    expect(code).not.toBe(0)
    expect(output).toMatch(/format/)
  })

  it('passes code in the house style and conventions', async () => {
    const { code, output } = await run(biomeCommand!, await biomeProject({ 'a.ts': HOUSE }))
    expect(output).toContain('Checked 2 files')
    expect(code, output).toBe(0)
  })
})

describe('npm run lint: knip', () => {
  const knipConfig = JSON.stringify({
    ...readJson('knip.json'),
    $schema: undefined,
    ignoreDependencies: undefined,
    entry: ['index.ts'],
    project: ['*.ts'],
  })
  const files = {
    'package.json': JSON.stringify({ name: 'lint-fixture', type: 'module', private: true }),
    'knip.json': knipConfig,
    'index.ts': "import { used } from './a.ts'\nconsole.log(used())\n",
  }

  it('fails on an export used only in its own file and on a file nothing imports', async () => {
    const folder = project({
      ...files,
      'a.ts': 'export const onlyHere = 2\nexport const used = () => onlyHere\n',
      'orphan.ts': 'export const lost = 1\n',
    })
    const { code, output } = await run(knipCommand!, folder)
    expect(code).not.toBe(0)
    expect(output).toContain('onlyHere')
    expect(output).toContain('orphan.ts')
  })

  it('passes once that export is dropped and that file is gone', async () => {
    const { code, output } = await run(
      knipCommand!,
      project({ ...files, 'a.ts': 'const onlyHere = 2\nexport const used = () => onlyHere\n' }),
    )
    expect(output).toBe('')
    expect(code).toBe(0)
  })
})

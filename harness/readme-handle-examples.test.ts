import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const repo = fileURLToPath(new URL('..', import.meta.url))

/** The vitest examples of the tenant handle in docs/harness.md: each ```ts block starting with `// <name>.test.ts — `. */
function readmeExamples(): Array<{ file: string; source: string }> {
  const readme = readFileSync(join(repo, 'docs/harness.md'), 'utf8')
  return [...readme.matchAll(/```ts\n(\/\/ ([a-z-]+\.test\.ts) — [\s\S]*?)```/g)].map((match) => ({
    file: match[2]!,
    source: match[1]!,
  }))
}

let dir = ''

beforeAll(() => {
  mkdirSync(join(repo, 'reports'), { recursive: true })
  // Inside the checkout, so the examples' imports reach node_modules; the package's name resolves to the sources.
  dir = mkdtempSync(join(repo, 'reports', 'readme-handle-'))
})

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe("the harness guide's vitest examples of the tenant handle", () => {
  it('pass as written in a vitest of their own: useSandbox with its fetch, and msw', async () => {
    const examples = readmeExamples()
    expect(examples.map((example) => example.file)).toEqual(['checkout.test.ts', 'connect.test.ts'])
    expect(examples.find((example) => example.file === 'checkout.test.ts')!.source).toContain('sandbox.fetch')
    for (const { file, source } of examples) writeFileSync(join(dir, file), source)
    writeFileSync(
      join(dir, 'vitest.config.ts'),
      `import { defineConfig } from 'vitest/config'
import repoConfig from '${join(repo, 'vitest.config.ts')}'
export default defineConfig({ resolve: repoConfig.resolve, test: { include: ['*.test.ts'], maxWorkers: 2, testTimeout: 30_000 } })
`,
    )
    const result = await run([
      join(repo, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--config',
      join(dir, 'vitest.config.ts'),
      '--root',
      dir,
    ])
    expect(result.output).toMatch(/Tests\s+4 passed/)
    expect(result.status, result.output).toBe(0)
  }, 120_000)
})

function run(args: string[]): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: dir, env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' } })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('close', (status) => resolve({ status, output }))
  })
}

import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startPartnerCheckoutApp, type PartnerCheckoutApp } from './playwright/partner-checkout-app.ts'

const repo = fileURLToPath(new URL('..', import.meta.url))
/**
 * How many times the example runs: CI keeps a short form; the long loop is
 * `README_EXAMPLE_REPEAT=200 README_EXAMPLE_LOG=reports/readme-example.txt npx vitest run harness/playwright-readme-example.test.ts`.
 */
const REPEAT = Number(process.env.README_EXAMPLE_REPEAT ?? 4)

/** The Playwright examples of docs/harness.md (each ```ts block starting with `// e2e/<name>.spec.ts`), as a partner copies them. */
function readmeExamples(): Array<{ file: string; source: string }> {
  const readme = readFileSync(join(repo, 'docs/harness.md'), 'utf8')
  const blocks = [...readme.matchAll(/```ts\n(\/\/ e2e\/([a-z-]+\.spec\.ts)[\s\S]*?)```/g)].map((match) => ({
    file: match[2]!,
    source: match[1]!,
  }))
  if (!blocks.some((block) => block.file === 'checkout.spec.ts'))
    throw new Error('docs/harness.md has no ```ts block starting with // e2e/checkout.spec.ts')
  return blocks
}

let app: PartnerCheckoutApp
let dir = ''

beforeAll(async () => {
  app = await startPartnerCheckoutApp()
  mkdirSync(join(repo, 'reports'), { recursive: true })
  // Inside the checkout, so Playwright's loader compiles it and its imports reach the sources.
  dir = mkdtempSync(join(repo, 'reports', 'readme-example-'))
})

afterAll(async () => {
  await app?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe("the harness guide's Playwright examples", () => {
  it(
    `pass as written, ${REPEAT} runs in a row each, against a partner app on the sandbox, the secret key never in a page's URL`,
    async () => {
      const examples = readmeExamples()
      expect(examples.map((example) => example.file)).toEqual(['session-retry.spec.ts', 'checkout.spec.ts'])
      for (const { file, source } of examples) {
        expect(source).toContain("from 'ramp-sandbox/harness/playwright'")
        expect(source).toContain('http://localhost:3000/checkout')
        expect(source).not.toMatch(/goto\([^)]*secretKey/)
        // The package's own name resolves to the source behind it; the partner app stands on a free port for localhost:3000.
        writeFileSync(
          join(dir, file),
          source
            .replace("'ramp-sandbox/harness/playwright'", `'${join(repo, 'harness/playwright.ts')}'`)
            .replaceAll('http://localhost:3000', app.url),
        )
      }
      writeFileSync(
        join(dir, 'playwright.config.ts'),
        `import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, chromiumExecutable } from '${join(repo, 'sandbox/page-host/chromium.ts')}'
export default defineConfig({
  testDir: '.',
  workers: 2,
  retries: 0,
  reporter: 'line',
  outputDir: 'results',
  // A partner's config for a busy 2-core CI machine: the example's own steps keep Playwright's defaults otherwise.
  expect: { timeout: 15_000 },
  use: { headless: true, launchOptions: { executablePath: chromiumExecutable(), args: CHROMIUM_ARGS } },
})
`,
      )
      const result = await runPlaywright([
        'test',
        '-c',
        join(dir, 'playwright.config.ts'),
        '--repeat-each',
        String(REPEAT),
      ])
      if (process.env.README_EXAMPLE_LOG) writeFileSync(process.env.README_EXAMPLE_LOG, result.output)
      expect(result.output).toContain(`${REPEAT * examples.length} passed`)
      expect(result.status, result.output).toBe(0)
    },
    60_000 + REPEAT * 30_000,
  )
})

function runPlaywright(args: string[]): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(repo, 'node_modules/@playwright/test/cli.js'), ...args], {
      cwd: dir,
      env: { ...process.env, FORCE_COLOR: '0' },
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('close', (status) => resolve({ status, output }))
  })
}
